import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli/run-cli.js';
import { captureIo } from './cli/testing/capture-io.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/**
 * The command text of every fenced (```) and indented (4 spaces after a blank line) code block; in a
 * ```console block only the `$ ` lines are commands, the rest is output.
 */
function codeBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let fenced: { console: boolean; lines: string[] } | null = null;
  let indented: string[] | null = null;
  let previousBlank = true;
  const closeFenced = (block: { console: boolean; lines: string[] }): void => {
    blocks.push((block.console ? block.lines.filter((l) => l.startsWith('$ ')) : block.lines).join('\n'));
  };
  for (const line of markdown.split('\n')) {
    if (fenced) {
      if (/^\s*```/.test(line)) {
        closeFenced(fenced);
        fenced = null;
      } else fenced.lines.push(line);
      continue;
    }
    const fence = /^\s*```(\w*)/.exec(line);
    if (fence) {
      if (indented) blocks.push(indented.join('\n'));
      indented = null;
      fenced = { console: fence[1] === 'console', lines: [] };
      continue;
    }
    if (indented && (line.startsWith('    ') || line.trim() === '')) {
      indented.push(line);
    } else if (indented) {
      blocks.push(indented.join('\n'));
      indented = null;
    }
    if (!indented && previousBlank && line.startsWith('    ') && line.trim() !== '') indented = [line];
    previousBlank = line.trim() === '';
  }
  if (fenced) closeFenced(fenced);
  if (indented) blocks.push(indented.join('\n'));
  return blocks;
}

/** Every `taskeval <command>` a block names (options such as --help are not commands). */
function namedCommands(blocks: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const block of blocks) {
    for (const match of block.matchAll(/(?<![\w./-])taskeval\s+([a-z][a-z-]*)/g)) names.add(match[1]!);
  }
  return names;
}

/** The commands `taskeval --help` lists. */
async function registeredCommands(): Promise<Set<string>> {
  const io = captureIo(tmpdir());
  const code = await runCli(['--help'], io);
  expect(code).toBe(0);
  const section = io.out().split(/^Commands:$/m)[1] ?? '';
  return new Set([...section.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]!));
}

describe('README', () => {
  it('shows set-up with npm install and npm test, and the first run with npx taskeval demo', () => {
    const code = codeBlocks(README).join('\n');
    expect(code).toMatch(/^\s*(\$ )?npm install\s*$/m);
    expect(code).toMatch(/^\s*(\$ )?npm test\s*$/m);
    expect(code).toMatch(/^\s*(\$ )?npx taskeval demo\b/m);
  });

  it('names only registered commands in its code blocks', async () => {
    const registered = await registeredCommands();
    const named = namedCommands(codeBlocks(README));
    expect(registered.has('demo') && registered.has('score')).toBe(true);
    expect(named.size).toBeGreaterThanOrEqual(5);
    expect([...named].filter((name) => !registered.has(name))).toEqual([]);
  });

  it('finds commands in fenced and indented blocks and console prompts, not in prose or console output', () => {
    const markdown = [
      'Run taskeval prose here.',
      '',
      '    npx taskeval alpha --x',
      '',
      'text',
      '',
      '```sh',
      'taskeval beta',
      'taskeval.config.json',
      '```',
      '',
      '```console',
      '$ npx taskeval gamma --json',
      'taskeval output on stdout',
      '```',
      '',
    ].join('\n');
    expect([...namedCommands(codeBlocks(markdown))].sort()).toEqual(['alpha', 'beta', 'gamma']);
  });
});
