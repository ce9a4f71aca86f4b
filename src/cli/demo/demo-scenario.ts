/** One commit of the demo history; `files` are whole new contents, `revertOf` names an earlier commit's key. */
export interface DemoCommit {
  key: string;
  taskId: string | null;
  at: string;
  subject: string;
  body?: string;
  files?: Record<string, string>;
  revertOf?: string;
}

const greet = (extra: string) => `export function greet(name, options = {}) {
  const text = \`Hello, \${name}!\`;
${extra}  return text;
}
`;

/** The demo repository's history: a base commit and three tasks' commits, at fixed dates. */
export const DEMO_COMMITS: readonly DemoCommit[] = [
  {
    key: 'base',
    taskId: null,
    at: '2026-03-02T08:00:00Z',
    subject: 'chore: start the greeter project',
    files: {
      'README.md': '# greeter\n\nPrints a greeting.\n',
      'package.json': '{ "name": "greeter", "type": "module", "scripts": { "test": "node --test" } }\n',
      'src/greet.js': greet(''),
      'test/greet.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { greet } from '../src/greet.js';\n\ntest('greets', () => assert.equal(greet('Ada'), 'Hello, Ada!'));\n",
    },
  },
  {
    key: 'demo1-feat',
    taskId: 'DEMO-1',
    at: '2026-03-02T09:20:00Z',
    subject: 'feat(DEMO-1): add a shout option to greet',
    body: 'greet(name, { shout: true }) upper-cases the greeting.',
    files: {
      'src/greet.js': greet('  if (options.shout) return text.toUpperCase();\n'),
      'test/greet.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { greet } from '../src/greet.js';\n\ntest('greets', () => assert.equal(greet('Ada'), 'Hello, Ada!'));\ntest('shouts', () => assert.equal(greet('Ada', { shout: true }), 'HELLO, ADA!'));\n",
    },
  },
  {
    key: 'demo1-docs',
    taskId: 'DEMO-1',
    at: '2026-03-02T09:35:00Z',
    subject: 'docs(DEMO-1): document the shout option',
    files: { 'README.md': '# greeter\n\nPrints a greeting.\n\n## Options\n\n- `shout`: upper-case the greeting.\n' },
  },
  {
    key: 'demo2-feat',
    taskId: 'DEMO-2',
    at: '2026-03-03T10:05:00Z',
    subject: 'feat(DEMO-2): read the greeting word from greeter.json',
    files: {
      'src/config.js':
        "import { readFileSync } from 'node:fs';\n\nexport function loadConfig(path) {\n  return JSON.parse(readFileSync(path, 'utf8'));\n}\n",
    },
  },
  {
    key: 'demo2-fix1',
    taskId: 'DEMO-2',
    at: '2026-03-03T11:10:00Z',
    subject: 'fix(DEMO-2): fall back to defaults when greeter.json is missing',
    body: 'Review round 1: a missing file crashed the CLI.',
    files: {
      'src/config.js':
        "import { existsSync, readFileSync } from 'node:fs';\n\nexport function loadConfig(path) {\n  if (!existsSync(path)) return { word: 'Hello' };\n  return JSON.parse(readFileSync(path, 'utf8'));\n}\n",
      'test/config.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { loadConfig } from '../src/config.js';\n\ntest('defaults', () => assert.equal(loadConfig('nope.json').word, 'Hello'));\n",
    },
  },
  {
    key: 'demo2-fix2',
    taskId: 'DEMO-2',
    at: '2026-03-03T12:40:00Z',
    subject: 'fix(DEMO-2): reject an empty greeting word',
    body: 'Review round 2: an empty word printed ", Ada!".',
    files: {
      'src/config.js':
        "import { existsSync, readFileSync } from 'node:fs';\n\nexport function loadConfig(path) {\n  if (!existsSync(path)) return { word: 'Hello' };\n  const config = JSON.parse(readFileSync(path, 'utf8'));\n  if (!config.word) throw new Error('greeter.json: word must not be empty');\n  return config;\n}\n",
    },
  },
  {
    key: 'demo3-feat',
    taskId: 'DEMO-3',
    at: '2026-03-04T09:00:00Z',
    subject: 'feat(DEMO-3): cache greetings in memory',
    files: {
      'src/cache.js':
        'const cache = new Map();\n\nexport function cached(key, make) {\n  if (!cache.has(key)) cache.set(key, make());\n  return cache.get(key);\n}\n',
    },
  },
  {
    key: 'demo3-revert',
    taskId: 'DEMO-3',
    at: '2026-03-05T15:30:00Z',
    subject: 'revert(DEMO-3): revert "cache greetings in memory"',
    body: 'The cache ignored the shout option and served stale greetings.',
    revertOf: 'demo3-feat',
  },
];
