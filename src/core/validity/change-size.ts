/**
 * The size of a task's change, as validate and comparisons stratify by it: the code lines its commits added
 * (`commits.codeLinesAdded` in its signal values), else the lines its session's submitted patch added, else
 * null (unknown).
 */
export function changeSizeOf(values: Readonly<Record<string, unknown>> | null | undefined): number | null {
  const commits = values?.commits as { known?: unknown; count?: unknown; codeLinesAdded?: unknown } | undefined;
  if (
    commits?.known === true &&
    typeof commits.count === 'number' &&
    commits.count > 0 &&
    typeof commits.codeLinesAdded === 'number'
  )
    return commits.codeLinesAdded;
  const session = (values?.agentLogs as { session?: { patchLinesAdded?: unknown } | null } | undefined)?.session;
  return typeof session?.patchLinesAdded === 'number' ? session.patchLinesAdded : null;
}
