import { classifyPath } from '../git/index.js';

const SNAPSHOT = /(?:\.snap$)|(?:(?:^|\/)__snapshots__\/)/;
const CHANGESET = /(?:^|\/)\.changeset\//;
const JSON_FILE = /\.json[c5]?$/i;
const LOCKFILE = /(?:\.lock$)|(?:(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|pnpm-lock\.yaml|go\.sum)$)/i;

/**
 * True for a path whose removed lines SZZ blames: code and config. Tests, docs, JSON, snapshots,
 * lockfiles and changesets are skipped: a fix that edits them says little about which change was wrong.
 */
export function isSzzBlamedPath(path: string): boolean {
  if (SNAPSHOT.test(path) || CHANGESET.test(path) || JSON_FILE.test(path) || LOCKFILE.test(path)) return false;
  const kind = classifyPath(path);
  return kind !== 'test' && kind !== 'docs';
}
