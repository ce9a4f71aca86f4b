/** The agent that wrote most of a task's agent log entries (the user and subagents aside; ties by name), as written. */
export function mainLogAgent(agentLogs: readonly { agent?: string | null | undefined }[] | undefined): string | null {
  const counts = new Map<string, number>();
  for (const entry of agentLogs ?? []) {
    const name = entry.agent?.trim();
    if (!name || name === 'user' || name.endsWith(' subagent')) continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [name, n] of counts)
    if (best === null || n > counts.get(best)! || (n === counts.get(best)! && name < best)) best = name;
  return best;
}
