import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './parse-command-line.js';

describe('parseCommandLine', () => {
  it('splits on whitespace and honours quotes and backslashes', () => {
    expect(parseCommandLine('claude -p')).toEqual(['claude', '-p']);
    expect(parseCommandLine(`llm -m "gpt 4o" --system 'be strict' a\\ b`)).toEqual([
      'llm',
      '-m',
      'gpt 4o',
      '--system',
      'be strict',
      'a b',
    ]);
    expect(parseCommandLine('codex exec -')).toEqual(['codex', 'exec', '-']);
    expect(parseCommandLine('x ""')).toEqual(['x', '']);
  });

  it('keeps shell syntax as literal text', () => {
    expect(parseCommandLine('judge $HOME | tee; x')).toEqual(['judge', '$HOME', '|', 'tee;', 'x']);
  });

  it('rejects an empty line and an unclosed quote naming judge.command', () => {
    expect(() => parseCommandLine('   ')).toThrow(expect.objectContaining({ field: 'judge.command' }));
    expect(() => parseCommandLine('claude "-p')).toThrow(/unclosed " quote/);
  });
});
