import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli/run-cli.js';
import { captureIo } from './cli/testing/capture-io.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The text of every fenced (```) and indented (4 spaces after a blank line) code block. */
function codeBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const lines = markdown.split('\n');
  let fenced: string[] | null = null;
  let indented: string[] | null = null;
  let previousBlank = true;
  for (const line of lines) {
    if (fenced) {
      if (/^\s*```/.test(line)) {
        blocks.push(fenced.join('\n'));
        fenced = null;
      } else fenced.push(line);
      continue;
    }
    if (/^\s*```/.test(line)) {
      fenced = [];
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
  if (fenced) blocks.push(fenced.join('\n'));
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

  it('finds commands in fenced and indented blocks but not in prose', () => {
    const markdown = 'Run taskeval prose here.\n\n    npx taskeval alpha --x\n\ntext\n\n```sh\n$ taskeval beta\ntaskeval.config.json\n```\n';
    expect([...namedCommands(codeBlocks(markdown))].sort()).toEqual(['alpha', 'beta']);
  });
});
