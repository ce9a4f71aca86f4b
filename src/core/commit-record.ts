import { z } from 'zod';

export const CommitFileChangeSchema = z.object({
  path: z.string(),
  /** null for binary files, where git reports no line counts. */
  insertions: z.number().int().nonnegative().nullable(),
  deletions: z.number().int().nonnegative().nullable(),
});

/** A git commit attributed to a task, with what the rubric needs to know about it. */
export const CommitRecordSchema = z.object({
  sha: z.string().regex(/^[0-9a-f]{7,64}$/, 'expected a hex commit sha'),
  parents: z.array(z.string()).default([]),
  author: z.string(),
  authorEmail: z.string().optional(),
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
});

export type CommitRecord = z.output<typeof CommitRecordSchema>;
export type CommitFileChange = z.output<typeof CommitFileChangeSchema>;

/** What history says about a task after its own commits: reverts and later fixes. */
export const CommitHistorySignalsSchema = z.object({
  reverted: z.boolean(),
  revertShas: z.array(z.string()).default([]),
  laterFixShas: z.array(z.string()).default([]),
  firstCommitAt: z.string().nullable().default(null),
  lastCommitAt: z.string().nullable().default(null),
});

export type CommitHistorySignals = z.output<typeof CommitHistorySignalsSchema>;
