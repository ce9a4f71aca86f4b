import { ConfigError } from '../../core/index.js';

/**
 * Splits a command line into program and arguments, shell-style quotes only: no variables,
 * globs, pipes or redirection, because the command runs without a shell.
 */
export function parseCommandLine(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let quote: '"' | "'" | null = null;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && (line[i + 1] === '"' || line[i + 1] === '\\')) current += line[++i];
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (ch === '\\' && i + 1 < line.length) {
      current += line[++i];
      started = true;
    } else if (/\s/.test(ch)) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (quote)
    throw new ConfigError('judge_config', `judge command has an unclosed ${quote} quote: ${line}`, {
      field: 'judge.command',
    });
  if (started) args.push(current);
  if (args.length === 0)
    throw new ConfigError('judge_config', 'judge command is empty', {
      field: 'judge.command',
      hint: 'Give e.g. --judge-command "claude -p".',
    });
  return args;
}
