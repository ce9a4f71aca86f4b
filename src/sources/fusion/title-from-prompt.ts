// `# Task: KB-341 - Title`, or `# KB-341: Title` naming the task's own id.
const HEADING = /^#\s*(task\s*:\s*)?(\S+?)\s*[-–—:]\s+(.+?)\s*#*\s*$/i;

/** The title in a PROMPT.md's first heading, or undefined when it has no task heading. */
export function titleFromPrompt(prompt: string | undefined, id: string): string | undefined {
  const first = prompt
    ?.split(/\r?\n/)
    .find((l) => l.trim() !== '')
    ?.trim();
  const match = first ? HEADING.exec(first) : null;
  if (!match) return undefined;
  const [, taskPrefix, token, title] = match;
  if (!taskPrefix && token?.toLowerCase() !== id.toLowerCase()) return undefined;
  return title?.trim() || undefined;
}
