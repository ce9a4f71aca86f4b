/** A pull request's task id, `PR-<number>`, as every pull request source names it. */
export function isPullTaskId(id: string): boolean {
  return /^PR-\d+$/.test(id);
}
