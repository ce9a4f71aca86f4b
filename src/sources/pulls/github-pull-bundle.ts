import { z } from 'zod';

const text = z.string().nullish();
/** GitHub keeps at most 65,536 characters of a body; a longer one is not GitHub's, and is cut to that. */
export const GITHUB_MAX_BODY = 65_536;
const body = text.transform((v) => (v && v.length > GITHUB_MAX_BODY ? v.slice(0, GITHUB_MAX_BODY) : v));
const user = z.looseObject({ login: text, type: text }).nullish();

/** The fields taskeval reads from GET /repos/{owner}/{repo}/pulls/{number} (the list has fewer; both parse). */
export const GithubPullSchema = z.looseObject({
  number: z.number().int().positive(),
  html_url: text,
  title: text,
  body,
  user,
  state: z.enum(['open', 'closed']),
  draft: z.boolean().nullish(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: text,
  merged_at: text,
  merge_commit_sha: text,
  head: z.looseObject({ ref: text, sha: z.string() }),
  base: z.looseObject({ ref: text, sha: text }),
  labels: z.array(z.looseObject({ name: z.string() })).nullish(),
  additions: z.number().int().nullish(),
  deletions: z.number().int().nullish(),
  changed_files: z.number().int().nullish(),
  commits: z.number().int().nullish(),
  review_comments: z.number().int().nullish(),
});

export const GithubReviewSchema = z.looseObject({
  user,
  state: z.string(),
  submitted_at: text,
  body,
});

export const GithubCommitSchema = z.looseObject({
  sha: z.string(),
  commit: z.looseObject({
    message: z.string(),
    author: z.looseObject({ name: text, email: text, date: text }).nullish(),
    committer: z.looseObject({ date: text }).nullish(),
  }),
  author: user,
});

/** Timeline events differ in shape; those taskeval reads carry an event name and a time. */
export const GithubTimelineEventSchema = z.looseObject({
  event: z.string(),
  created_at: text,
  submitted_at: text,
  actor: user,
  user,
  state: text,
});

export const GithubCheckRunSchema = z.looseObject({
  name: text,
  status: text,
  conclusion: text,
  started_at: text,
  completed_at: text,
});

export const GithubStatusSchema = z.looseObject({
  context: text,
  state: text,
  created_at: text,
  updated_at: text,
});

/** Everything fetched for one pull request, kept in the store so an unchanged one is never fetched again. */
export const GithubPullBundleSchema = z.object({
  pull: GithubPullSchema,
  reviews: z.array(GithubReviewSchema),
  commits: z.array(GithubCommitSchema),
  timeline: z.array(GithubTimelineEventSchema),
  checkRuns: z.array(GithubCheckRunSchema),
  statuses: z.array(GithubStatusSchema),
});

export type GithubPull = z.output<typeof GithubPullSchema>;
export type GithubPullBundle = z.output<typeof GithubPullBundleSchema>;
