import { describe, expect, it } from 'vitest';
import { isSzzBlamedPath } from './is-szz-blamed-path.js';

describe('isSzzBlamedPath', () => {
  it.each(['src/a.ts', 'lib/x.go', 'Makefile', 'config/app.yaml'])('blames %s', (p) =>
    expect(isSzzBlamedPath(p)).toBe(true),
  );
  it.each([
    'src/a.test.ts',
    'tests/x.py',
    'docs/a.md',
    'README.md',
    'package.json',
    'data/x.json',
    'src/__snapshots__/a.snap',
    '.changeset/cool.md',
    'yarn.lock',
    'go.sum',
    'pnpm-lock.yaml',
  ])('skips %s', (p) => expect(isSzzBlamedPath(p)).toBe(false));
});
