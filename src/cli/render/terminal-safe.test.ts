import { describe, expect, it } from 'vitest';
import { renderTable } from './render-table.js';
import { terminalSafe } from './terminal-safe.js';

describe('terminalSafe', () => {
  it('removes escape sequences and control characters a title could use against a terminal', () => {
    expect(terminalSafe('\x1b]0;pwned\x07Fix the parser')).toBe('Fix the parser');
    expect(terminalSafe('a\x1b[2Jb\x1b[31mc\x1b[0m')).toBe('abc');
    expect(terminalSafe('bell\x07 back\x08 del\x7f c1\x9b31m')).toBe('bell back del c131m');
    expect(terminalSafe('keeps\ttabs\nand lines, and ünïcode ✓')).toBe('keeps\ttabs\nand lines, and ünïcode ✓');
    expect(terminalSafe('\x1bP1;2|data\x1b\\after')).toBe('after');
  });

  it('cleans table cells before cutting them, so a cut never lands inside an escape sequence', () => {
    const table = renderTable([{ header: 'TITLE', maxWidth: 12 }], [['\x1b]0;owned\x07A title that is long']]);
    expect(table).toBe('TITLE\nA title tha…\n');
    expect(table).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  });
});
