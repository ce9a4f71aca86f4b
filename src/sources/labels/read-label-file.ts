import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SourceError } from '../../core/index.js';
import { parseCsv } from './parse-csv.js';
import { readHarborTrials } from '../harbor/index.js';

/** One labelled task: its id and every other column as read (CSV cells are strings, JSONL keeps JSON types). */
export interface LabelRow {
  taskId: string;
  /** 1-based line of the record, for messages. */
  line: number;
  fields: Record<string, unknown>;
}

const ID_COLUMNS = ['taskId', 'task_id', 'id'] as const;

/**
 * Reads a labels file: CSV with a header row, or JSONL (one object per line), chosen by extension
 * (`.csv`; `.jsonl`/`.ndjson`/`.json`). The task id is the `taskId`, `task_id` or `id` column.
 * A file without an id column, a bad JSON line or a row without an id is an error naming file and line.
 */
export async function readLabelFile(path: string, cwd: string): Promise<LabelRow[]> {
  const full = resolve(cwd, path);
  if ((await stat(full).catch(() => null))?.isDirectory()) return harborLabels(full, path);
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (error) {
    throw new SourceError('source_unreadable', `${path}: cannot read the labels file: ${(error as Error).message}`, {
      field: 'labels',
      cause: error,
    });
  }
  return /\.csv$/i.test(full) ? fromCsv(text, path) : fromJsonl(text, path);
}

function fromCsv(text: string, path: string): LabelRow[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw invalid(path, 'the file is empty; expected a header row naming a taskId column');
  const idAt = idColumn(header, path);
  return rows.map((cells, k) => {
    const fields = Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
    return { taskId: requireId(cells[idAt], path, k + 2), line: k + 2, fields };
  });
}

function fromJsonl(text: string, path: string): LabelRow[] {
  const out: LabelRow[] = [];
  text.split(/\r?\n/).forEach((raw, k) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw invalid(`${path}:${k + 1}`, `not JSON: ${(error as Error).message}`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw invalid(`${path}:${k + 1}`, 'expected one JSON object per line');
    const fields = value as Record<string, unknown>;
    const key = ID_COLUMNS.find((c) => fields[c] !== undefined);
    if (!key) throw invalid(`${path}:${k + 1}`, `no task id: expected one of ${ID_COLUMNS.join(', ')}`);
    out.push({ taskId: requireId(fields[key], path, k + 1), line: k + 1, fields });
  });
  return out;
}

function idColumn(header: readonly string[], path: string): number {
  for (const name of ID_COLUMNS) {
    const at = header.indexOf(name);
    if (at !== -1) return at;
  }
  throw invalid(
    path,
    `no task id column in the header (${header.join(', ')}); expected one of ${ID_COLUMNS.join(', ')}`,
  );
}

function requireId(value: unknown, path: string, line: number): string {
  const id = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!id) throw invalid(`${path}:${line}`, 'empty task id');
  return id;
}

function invalid(where: string, message: string): SourceError {
  return new SourceError('source_invalid', `${where}: ${message}`, { field: 'labels' });
}

/**
 * A Harbor job directory as labels: one row per trial, its `reward` (and each named reward), `resolved`
 * ("true" at a reward of 1, else "false") and `exception` ("true" when the trial raised one).
 */
async function harborLabels(dir: string, path: string): Promise<LabelRow[]> {
  const { trials, problems } = await readHarborTrials(dir);
  if (problems.length) throw invalid(problems[0]!.path, problems[0]!.message);
  if (trials.length === 0)
    throw invalid(path, 'a directory of labels is a Harbor job: no <trial>/result.json was found in it');
  return trials.map((t, k) => ({
    taskId: t.trialName,
    line: k + 1,
    fields: {
      ...t.rewards,
      ...(t.reward !== null ? { reward: t.reward, resolved: t.reward >= 1 ? 'true' : 'false' } : {}),
      exception: t.exception ? 'true' : 'false',
      task: t.taskName,
    },
  }));
}
