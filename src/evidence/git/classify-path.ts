/** What kind of file a changed path is, for the rubric's "touched tests / docs / only config" signals. */
export type PathKind = 'test' | 'docs' | 'config' | 'code';

const TEST_DIR = /(?:^|\/)(?:test|tests|__tests__|spec|__mocks__)\//;
const TEST_FILE = /(?:\.(?:test|spec)\.[^/]+$)|(?:_test\.go$)|(?:(?:^|\/)test_[^/]*\.py$)|(?:_test\.py$)/;
const DOCS_DIR = /(?:^|\/)(?:docs?)\//;
const DOCS_FILE =
  /(?:\.(?:md|mdx|rst|adoc)$)|(?:(?:^|\/)(?:README|CHANGELOG|CONTRIBUTING|LICENSE|NOTICE|AUTHORS)[^/]*$)/i;
const DOCS_TXT = /(?:^|\/)(?:docs?\/.*|[^/]*(?:readme|changelog|notes|guide)[^/]*)\.txt$/i;
const CONFIG_NAMES = new Set([
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'bun.lockb',
  'cargo.lock',
  'go.sum',
  'go.mod',
  'poetry.lock',
  'pipfile.lock',
  'gemfile.lock',
  'composer.lock',
  'makefile',
  'dockerfile',
  'requirements.txt',
]);
const CONFIG_EXT = /\.(?:json|jsonc|json5|ya?ml|toml|ini|cfg|conf|lock|properties|editorconfig|env)$/i;
const CONFIG_DIR = /(?:^|\/)\.(?:github|gitlab|circleci|husky|vscode|devcontainer|changeset)\//;
const CONFIG_FILE = /(?:^|\/)(?:tsconfig[^/]*|jsconfig[^/]*|[^/]+\.config\.[cm]?[jt]s)$/i;

/** Classifies a repository path as test, docs, config or code; tests win over docs, docs over config. */
export function classifyPath(path: string): PathKind {
  const p = path.replace(/\\/g, '/');
  if (TEST_DIR.test(p) || TEST_FILE.test(p)) return 'test';
  if (DOCS_DIR.test(p) || DOCS_FILE.test(p) || DOCS_TXT.test(p)) return 'docs';
  const name = p.slice(p.lastIndexOf('/') + 1);
  if (CONFIG_NAMES.has(name.toLowerCase())) return 'config';
  // Dotfiles at any depth (.eslintrc, .gitignore, .nvmrc) configure tools rather than ship code.
  if (name.startsWith('.')) return 'config';
  if (CONFIG_DIR.test(p) || CONFIG_EXT.test(name) || CONFIG_FILE.test(p)) return 'config';
  return 'code';
}
