import { z } from 'zod';

export const CommitFileChangeSchema = z.object({
  path: z.string(),
  /** null for binary files, where git reports no line counts. */
  insertions: z.number().int().nonnegative().nullable(),
  deletions: z.number().int().nonnegative().nullable(),
  /** What the file is, as the evidence layer classified its path; absent on records made before it was kept. */
  kind: z.enum(['code', 'test', 'docs', 'config']).optional(),
});

/** A git commit attributed to a task, with what the rubric needs to know about it. */
export const CommitRecordSchema = z.object({
  sha: z.string().regex(/^[0-9a-f]{7,64}$/, 'expected a hex commit sha'),
  parents: z.array(z.string()).default([]),
  author: z.string(),
  authorEmail: z.string().optional(),
  /** Who committed it, when read (a bot pushing a change, `GitHub` for a web merge). */
  committer: z.string().optional(),
  committerEmail: z.string().optional(),
  /** Author date, UTC ISO-8601. */
  date: z.string(),
  subject: z.string(),
  body: z.string().default(''),
  trailers: z.record(z.string(), z.array(z.string())).default({}),
  files: z.array(CommitFileChangeSchema).default([]),
  touchesTests: z.boolean().default(false),
  touchesDocs: z.boolean().default(false),
  configOnly: z.boolean().default(false),
  /** True when at least one changed file is code (not test, docs or config). */
  touchesCode: z.boolean().default(false),
  /** How the commit was tied to the task: trailer, subject, range. */
  attribution: z.enum(['trailer', 'subject', 'range']).optional(),
  /** True when the commit carries a configured session trailer (`Entire-Checkpoint: <id>`) naming the agent session that made it. */
  sessionTrailer: z.boolean().optional(),
});

export type CommitRecord = z.output<typeof CommitRecordSchema>;
export type CommitFileChange = z.output<typeof CommitFileChangeSchema>;

/** What the repository looked like just before the task: other work on the code files it changed. */
export const PriorActivitySchema = z.object({
  /** Distinct commits on the task's code files in the 14 days before its first commit. */
  commits: z.number().int().nonnegative(),
  /** Distinct fix commits on those files in the 30 days before its first commit. */
  fixes: z.number().int().nonnegative(),
  /** The most commits any one of those files had in the 14 days. */
  hottestFile: z.number().int().nonnegative(),
  /** Hours since another commit last changed one of those files (null: none did before). */
  hoursSinceChange: z.number().nonnegative().nullable().optional(),
});

export type PriorActivity = z.output<typeof PriorActivitySchema>;

/** What history says around a task's own commits: what came before (prior), and after (reverts, later fixes). */
export const CommitHistorySignalsSchema = z.object({
  reverted: z.boolean(),
  revertShas: z.array(z.string()).default([]),
  laterFixShas: z.array(z.string()).default([]),
  firstCommitAt: z.string().nullable().default(null),
  lastCommitAt: z.string().nullable().default(null),
  /** False when later history was deliberately not read (evaluation time): reverted and laterFixShas say nothing; absent means read. */
  hindsight: z.boolean().optional(),
  /** Absent or null when not read. */
  prior: PriorActivitySchema.nullable().optional(),
  /** What the repository's history lacked when read (shallow clone, missing objects, unreadable dates); absent when whole. */
  gaps: z.array(z.string()).optional(),
});

export type CommitHistorySignals = z.output<typeof CommitHistorySignalsSchema>;
