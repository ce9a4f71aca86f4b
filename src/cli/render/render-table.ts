import { displayWidth, padDisplay, truncateDisplay } from './display-width.js';
import { terminalSafe } from './terminal-safe.js';

/** One column of a plain-text table. */
export interface TableColumn {
  header: string;
  /** Cut longer cells to this many display columns, ending in '…'. */
  maxWidth?: number;
  align?: 'left' | 'right';
}

/** A cell: its text, and an optional styler applied after padding so colour never breaks alignment. */
export type TableCell = string | { text: string; style?: (padded: string) => string };

/** Renders rows under a header, columns separated by two spaces, no trailing spaces. */
export function renderTable(columns: readonly TableColumn[], rows: readonly (readonly TableCell[])[]): string {
  const cells = rows.map((row) => columns.map((column, i) => normalise(row[i] ?? '', column.maxWidth)));
  const widths = columns.map((column, i) =>
    Math.max(displayWidth(column.header), ...cells.map((row) => displayWidth(row[i]!.text))),
  );
  const line = (row: readonly { text: string; style?: (s: string) => string }[]) =>
    row
      .map((cell, i) => {
        const width = widths[i]!;
        const padded = padDisplay(cell.text, width, columns[i]!.align ?? 'left');
        return cell.style ? cell.style(padded) : padded;
      })
      .join('  ')
      .trimEnd();
  const header = line(columns.map((c) => ({ text: c.header })));
  return [header, ...cells.map(line)].join('\n') + '\n';
}

function normalise(cell: TableCell, maxWidth: number | undefined): { text: string; style?: (s: string) => string } {
  const value = typeof cell === 'string' ? { text: cell } : cell;
  // Cleaned before it is cut, so a cut never lands inside an escape sequence.
  const text = terminalSafe(value.text.replace(/\s+/g, ' ')).trim();
  return { ...value, text: truncateText(text, maxWidth) };
}

/** Cuts text to `max` display columns (a CJK character or an emoji takes two), ending in '…' when cut. */
export function truncateText(text: string, max: number | undefined): string {
  if (max === undefined) return text;
  return truncateDisplay(text, max);
}
