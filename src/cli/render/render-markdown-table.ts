import { terminalSafe } from './terminal-safe.js';

/** A GitHub-flavoured markdown table; pipes and line breaks in cells are escaped so a cell stays one cell. */
export function renderMarkdownTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly ('left' | 'right')[] = [],
): string {
  const cell = (text: string) => terminalSafe(text).replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  const rule = headers.map((_, i) => (align[i] === 'right' ? '---:' : '---'));
  return (
    [headers.map(cell), rule, ...rows.map((r) => r.map(cell))].map((r) => `| ${r.join(' | ')} |`).join('\n') + '\n'
  );
}
