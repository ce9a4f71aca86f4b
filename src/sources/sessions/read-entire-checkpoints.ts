import type { GitRunner } from '../../evidence/index.js';

/** The branch Entire keeps its committed checkpoints on, locally or as fetched. */
export const ENTIRE_BRANCHES = ['refs/heads/entire/checkpoints/v1', 'refs/remotes/origin/entire/checkpoints/v1'];
/** A commit's link to a checkpoint: `Entire-Checkpoint: a3b2c4d5e6f7` (a checkpoint id, not a session id). */
export const ENTIRE_CHECKPOINT_TRAILER = 'entire-checkpoint';

const CHECKPOINT_ID = /^[0-9a-f]{12}$/i;

/** What a checkpoint's metadata says of the sessions it holds. */
export interface EntireCheckpoint {
  id: string;
  /** The sessions that contributed (`session_ids`, else `session_id`, else each session folder's). */
  sessionIds: string[];
  /** The agent Entire recorded ("Claude Code"), when it did. */
  agent: string | null;
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The checkpoint ids a commit's trailers name. */
export function entireCheckpointIds(trailers: Readonly<Record<string, readonly string[]>> | undefined): string[] {
  if (!trailers) return [];
  return Object.entries(trailers).flatMap(([key, values]) =>
    key.toLowerCase() === ENTIRE_CHECKPOINT_TRAILER
      ? values.map((v) => v.trim()).filter((v) => CHECKPOINT_ID.test(v))
      : [],
  );
}

/**
 * Reads the metadata of the named checkpoints from Entire's checkpoint branch (`<id[:2]>/<id[2:]>/metadata.json`,
 * and each session folder's beside it): which sessions each holds. None when the repository has no such branch.
 */
export async function readEntireCheckpoints(
  run: GitRunner,
  repo: string,
  ids: readonly string[],
): Promise<Map<string, EntireCheckpoint>> {
  const out = new Map<string, EntireCheckpoint>();
  if (ids.length === 0) return out;
  let ref: string | null = null;
  for (const candidate of ENTIRE_BRANCHES)
    if ((await run(['rev-parse', '--verify', '--quiet', candidate], { cwd: repo })).exitCode === 0) {
      ref = candidate;
      break;
    }
  if (ref === null) return out;
  const show = async (path: string): Promise<Json | null> => {
    const r = await run(['show', `${ref}:${path}`], { cwd: repo });
    if (r.exitCode !== 0) return null;
    try {
      const doc = JSON.parse(r.stdout) as unknown;
      return typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as Json) : null;
    } catch {
      return null;
    }
  };
  for (const id of new Set(ids.map((i) => i.toLowerCase()))) {
    const dir = `${id.slice(0, 2)}/${id.slice(2)}`;
    const meta = await show(`${dir}/metadata.json`);
    if (!meta) continue;
    const sessionIds = new Set<string>();
    for (const s of Array.isArray(meta.session_ids) ? meta.session_ids : []) if (str(s)) sessionIds.add(s as string);
    if (str(meta.session_id)) sessionIds.add(meta.session_id as string);
    // Newer checkpoints keep each session in a numbered folder with its own metadata.
    const sessions = Array.isArray(meta.sessions) ? meta.sessions.length : 0;
    for (let k = 0; k < Math.max(sessions, sessionIds.size === 0 ? 4 : 0); k++) {
      const folder = await show(`${dir}/${k}/metadata.json`);
      if (!folder) break;
      if (str(folder.session_id)) sessionIds.add(folder.session_id as string);
    }
    out.set(id, { id, sessionIds: [...sessionIds], agent: str(meta.agent) });
  }
  return out;
}
