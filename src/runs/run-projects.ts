import type { Store } from '../store/index.js';

/**
 * Each run's project, read from the runs' listing (no task-id lists: a run of a million tasks carries megabytes
 * of them); a run that does not exist is the store's own not_found.
 */
export async function runProjects(store: Store, runIds: readonly string[]): Promise<Map<string, string>> {
  const projects = new Map<string, string>();
  for (let i = 0; i < runIds.length; i += 500) {
    const ids = [...new Set(runIds.slice(i, i + 500))];
    for (const run of (await store.listRuns({ ids, limit: ids.length })).items) projects.set(run.id, run.projectId);
  }
  for (const id of runIds) if (!projects.has(id)) await store.getRun(id);
  return projects;
}
