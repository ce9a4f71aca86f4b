import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';
import { useColour } from './band-style.js';
import { displayWidth, truncateDisplay } from './display-width.js';
import { renderTable } from './render-table.js';

describe('display width', () => {
  it('counts CJK characters and emoji as two columns, combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('修复缓存')).toBe(8);
    expect(displayWidth('🚀 ship')).toBe(7);
    expect(displayWidth('👩‍💻')).toBe(2);
    expect(displayWidth('é')).toBe(1);
  });

  it('aligns table columns after CJK titles and emoji, and cuts them by columns, never inside a character', () => {
    const text = renderTable(
      [{ header: 'TITLE', maxWidth: 9 }, { header: 'SCORE' }],
      [
        ['修复缓存问题', '80'],
        ['🚀 fast', '70'],
        ['plain', '60'],
      ],
    );
    const lines = text.trimEnd().split('\n');
    const scoreColumn = lines.map((l) => displayWidth(l.slice(0, l.lastIndexOf('  ') + 2)));
    expect(new Set(scoreColumn).size).toBe(1);
    expect(lines[1]).toContain('修复缓存…');
    expect(truncateDisplay('👩‍💻👩‍💻👩‍💻', 5)).toBe('👩‍💻👩‍💻…');
  });
});

describe('colour', () => {
  it('follows FORCE_COLOR, then NO_COLOR and TERM=dumb, then whether it is a terminal', () => {
    expect(useColour(true, {})).toBe(true);
    expect(useColour(false, {})).toBe(false);
    expect(useColour(true, { NO_COLOR: '1' })).toBe(false);
    expect(useColour(true, { NO_COLOR: '' })).toBe(true);
    expect(useColour(true, { TERM: 'dumb' })).toBe(false);
    expect(useColour(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(useColour(true, { FORCE_COLOR: '0' })).toBe(false);
  });
});

describe('--no-color and --color', () => {
  it('take colour off a terminal and put it on a pipe, anywhere on the command line', async () => {
    const tty = captureIo(tmpdir(), { isTTY: true });
    expect(await runCli(['demo', '--no-color'], tty)).toBe(0);
    expect(tty.out()).not.toContain('\u001b[');
    const pipe = captureIo(tmpdir(), { isTTY: false });
    expect(await runCli(['--color', 'demo'], pipe)).toBe(0);
    expect(pipe.out()).toContain('\u001b[');
  });
});
