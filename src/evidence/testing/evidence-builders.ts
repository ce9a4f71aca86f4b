import { fileURLToPath } from 'node:url';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommitRecordSchema, TaskSchema, type CommitRecord, type Task, type TaskInput } from '../../core/index.js';

/** The real Fusion records kept in the repository's fixtures/ folder. */
export const FUSION_FIXTURES_DIR = fileURLToPath(new URL('../../../fixtures/fusion/', import.meta.url));

/** A task parsed through TaskSchema, as a source would hand it over. */
export function buildTask(input: Partial<TaskInput> = {}): Task {
  return TaskSchema.parse({ id: 'FN-1', ...input });
}

/** A commit record parsed through CommitRecordSchema; `n` gives a distinct sha and a date n minutes in. */
export function buildCommit(n: number, overrides: Partial<CommitRecord> = {}): CommitRecord {
  return CommitRecordSchema.parse({
    sha: n.toString(16).padStart(40, 'a'),
    author: 'Ada',
    date: new Date(Date.UTC(2026, 3, 1, 10, n)).toISOString(),
    subject: `feat(FN-1): change ${n}`,
    files: [{ path: `src/file-${n}.ts`, insertions: n, deletions: 1 }],
    attribution: 'trailer',
    ...overrides,
  });
}

/** Copies the Fusion fixtures into a fresh temp dir; call `remove` when done. */
export function copyFusionFixtures(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-evidence-'));
  for (const name of readdirSync(FUSION_FIXTURES_DIR)) copyFileSync(join(FUSION_FIXTURES_DIR, name), join(dir, name));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Loads `<id>.task.json` with its PROMPT.md as `prompt`, through TaskSchema. */
export function loadFusionTask(dir: string, id: string): Task {
  const raw = JSON.parse(readFileSync(join(dir, `${id}.task.json`), 'utf8')) as Record<string, unknown>;
  return TaskSchema.parse({ ...raw, prompt: readFileSync(join(dir, `${id}.PROMPT.md`), 'utf8') });
}
