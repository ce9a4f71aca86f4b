import { terminalSafe } from './terminal-safe.js';

/** One column of a plain-text table. */
export interface TableColumn {
  header: string;
  /** Cut longer cells to this many characters, ending in '…'. */
  maxWidth?: number;
  align?: 'left' | 'right';
}

/** A cell: its text, and an optional styler applied after padding so colour never breaks alignment. */
export type TableCell = string | { text: string; style?: (padded: string) => string };

/** Renders rows under a header, columns separated by two spaces, no trailing spaces. */
export function renderTable(columns: readonly TableColumn[], rows: readonly (readonly TableCell[])[]): string {
  const cells = rows.map((row) => columns.map((column, i) => normalise(row[i] ?? '', column.maxWidth)));
  const widths = columns.map((column, i) => Math.max(column.header.length, ...cells.map((row) => row[i]!.text.length)));
  const line = (row: readonly { text: string; style?: (s: string) => string }[]) =>
    row
      .map((cell, i) => {
        const width = widths[i]!;
        const padded = columns[i]!.align === 'right' ? cell.text.padStart(width) : cell.text.padEnd(width);
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

/** Cuts text to `max` characters, ending in '…' when cut. */
export function truncateText(text: string, max: number | undefined): string {
  if (max === undefined || text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}
