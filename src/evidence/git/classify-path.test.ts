import { describe, expect, it } from 'vitest';
import { classifyPath } from './classify-path.js';
import { summarizeFiles } from './summarize-files.js';

describe('classifyPath', () => {
  it.each([
    ['test/a.ts', 'test'],
    ['src/tests/x.py', 'test'],
    ['src/__tests__/x.tsx', 'test'],
    ['src/a.test.ts', 'test'],
    ['src/a.spec.js', 'test'],
    ['pkg/server_test.go', 'test'],
    ['lib/test_parser.py', 'test'],
    ['docs/guide/intro.html', 'docs'],
    ['notes.md', 'docs'],
    ['api/index.rst', 'docs'],
    ['README', 'docs'],
    ['README.txt', 'docs'],
    ['CHANGELOG.md', 'docs'],
    ['package.json', 'config'],
    ['package-lock.json', 'config'],
    ['pnpm-lock.yaml', 'config'],
    ['config/app.yaml', 'config'],
    ['pyproject.toml', 'config'],
    ['setup.ini', 'config'],
    ['.eslintrc', 'config'],
    ['.github/CODEOWNERS', 'config'],
    ['tsconfig.build.json', 'config'],
    ['vite.config.ts', 'config'],
    ['src/index.ts', 'code'],
    ['src/testing.ts', 'code'],
    ['src/latest/x.go', 'code'],
    ['data.txt', 'code'],
  ] as const)('classifies %s as %s', (path, kind) => {
    expect(classifyPath(path)).toBe(kind);
  });
});

describe('summarizeFiles', () => {
  it('flags tests, docs and code and leaves configOnly false when code changed', () => {
    expect(summarizeFiles([{ path: 'src/a.ts' }, { path: 'src/a.test.ts' }, { path: 'README.md' }])).toEqual({
      touchesTests: true,
      touchesDocs: true,
      configOnly: false,
      touchesCode: true,
    });
  });

  it('leaves touchesCode false for a commit of only docs, only tests or only config', () => {
    expect(summarizeFiles([{ path: 'README.md' }, { path: 'docs/guide.md' }])).toEqual({
      touchesTests: false,
      touchesDocs: true,
      configOnly: false,
      touchesCode: false,
    });
    expect(summarizeFiles([{ path: 'src/a.test.ts' }]).touchesCode).toBe(false);
    expect(summarizeFiles([{ path: 'package.json' }]).touchesCode).toBe(false);
    expect(summarizeFiles([]).touchesCode).toBe(false);
  });

  it('sets configOnly only when every changed file is config', () => {
    expect(summarizeFiles([{ path: 'package.json' }, { path: '.github/workflows/ci.yml' }]).configOnly).toBe(true);
    expect(summarizeFiles([]).configOnly).toBe(false);
  });
});
