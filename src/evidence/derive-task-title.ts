import type { Task } from '../core/index.js';

/** Longest title derived from a description's first line. */
export const MAX_DERIVED_TITLE_LENGTH = 120;

// Fusion's PROMPT.md opens with `# Task: KB-341 - Title` (or `# KB-341: Title`).
const PROMPT_HEADING = /^#\s*(task\s*:\s*)?(\S+?)\s*[-–—:]\s+(.+?)\s*#*\s*$/i;

/** The task's title, else the title in its prompt's first heading, else its description's first line, else its id. */
export function deriveTaskTitle(task: Pick<Task, 'id' | 'title' | 'prompt' | 'description'>): string {
  const title = task.title?.trim();
  if (title) return title;
  const fromPrompt = promptTitle(task.prompt, task.id);
  if (fromPrompt) return fromPrompt;
  const line = firstLine(task.description);
  if (line) return bound(line, MAX_DERIVED_TITLE_LENGTH);
  return task.id;
}

function promptTitle(prompt: string | undefined, id: string): string | null {
  const line = firstLine(prompt);
  const match = line ? PROMPT_HEADING.exec(line) : null;
  if (!match) return null;
  // A plain heading like `# Fix - later` is not a task heading unless it says `Task:` or names this id.
  const [, taskPrefix, token, title] = match;
  if (!taskPrefix && token !== id) return null;
  return title ? bound(title.trim(), MAX_DERIVED_TITLE_LENGTH) : null;
}

function firstLine(text: string | undefined): string | null {
  if (!text) return null;
  const line = text.split(/\r?\n/).find((l) => l.trim().length > 0);
  return line ? line.trim() : null;
}

function bound(text: string, max: number): string {
  if (text.length <= max) return text;
  let keep = max - 1;
  const last = text.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return `${text.slice(0, keep).trimEnd()}…`;
}
