import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { ConfigError } from '../../core/index.js';
import { CONFIG_FILE_NAME, parseConfig, stripConfigComments } from '../../runs/index.js';
import { FETCH_PULLS, inspectRepository, type RepositoryInspection } from '../../sources/index.js';
import type { CliIo } from '../cli-io.js';

interface InitOptions {
  project: string;
  force?: boolean;
  print?: boolean;
  json?: boolean;
}

/** `taskeval init`: looks at the repository and writes a commented starting taskeval.config.json. */
export function registerInitCommand(program: Command, io: CliIo): void {
  program
    .command('init')
    .description(
      'look at the repository (Fusion, git remote, task ids in recent commits, agent sessions) and write a commented starting taskeval.config.json',
    )
    .option('--project <dir>', 'the repository or Fusion project to look at', '.')
    .option('--force', 'overwrite an existing taskeval.config.json')
    .option('--print', 'print the config instead of writing it')
    .option('--json', 'print what was found as JSON, and write nothing')
    .addHelpText(
      'after',
      '\nLines starting with // in the file are comments. Examples:\n  taskeval init\n  taskeval init --print\n  taskeval init --project ../service --force',
    )
    .action(async (options: InitOptions) => {
      const dir = resolve(io.cwd, options.project);
      const found = await inspectRepository(
        dir,
        io.env.HOME ?? null,
        io.env.CODEX_HOME ?? (io.env.HOME ? join(io.env.HOME, '.codex') : null),
        io.env.CLAUDE_CONFIG_DIR ?? null,
      );
      if (options.json) {
        io.stdout(`${JSON.stringify(found, null, 2)}\n`);
        return;
      }
      const text = startingConfig(found);
      // What is written must be what taskeval reads: checked with the real parser before it lands.
      parseConfig(JSON.parse(stripConfigComments(text)), 'the generated config');
      if (options.print) {
        io.stdout(text);
        return;
      }
      const target = join(found.gitRoot ?? dir, CONFIG_FILE_NAME);
      if (existsSync(target) && !options.force) {
        throw new ConfigError('usage', `${target} exists; init leaves it alone`, {
          field: '--force',
          hint: 'Give --force to replace it, or --print to see the suggestion.',
        });
      }
      await writeFile(target, text);
      io.stdout(`wrote ${target}\n${summary(found)}`);
    });
}

function startingConfig(f: RepositoryInspection): string {
  const lines: string[] = ['{'];
  const found = [
    f.fusion ? 'a Fusion project (.fusion/)' : null,
    f.gitRoot ? `a git repository${f.forge ? ` on ${f.forge.host} (${f.forge.path})` : ''}` : null,
  ].filter(Boolean);
  lines.push(
    `  // taskeval init found ${found.length ? found.join(' and ') : 'no Fusion project and no git repository'}. Every key is optional (docs/configuration.md).`,
  );
  lines.push('  "sources": {');
  // A Fusion project's own prefixes decide: its tasks are the ones scored.
  if (f.fusionPrefixes.length) {
    const prefixes = f.fusionPrefixes.map((p) => p.prefix);
    const named = f.fusionPrefixes.map((p) => `${p.tasks} ${p.prefix}-…`).join(', ');
    lines.push(
      `    // The Fusion project's tasks use ids ${named}: only those prefixes, so UTF-8 or ISO-8601 in a subject is no task.`,
    );
    lines.push(
      `    "idPattern": ${JSON.stringify(`${prefixes.length === 1 ? prefixes[0] : `(?:${prefixes.join('|')})`}-\\d+`)},`,
    );
  } else if (f.suggestedIdPattern) {
    lines.push(
      `    // ${f.suggestedIdPattern.hits} of the last ${f.recentCommits} commits name ids like ${f.suggestedIdPattern.example}, which the default pattern misses.`,
    );
    lines.push(`    "idPattern": ${JSON.stringify(f.suggestedIdPattern.pattern)},`);
  } else {
    lines.push(
      `    // ${f.defaultIdHits} of the last ${f.recentCommits} commits name a task id the default pattern (FN-12, BACK-7) finds.`,
    );
    lines.push('    "idPattern": "[A-Z][A-Z0-9]*-\\\\d+",');
  }
  const trailers = Object.entries(f.taskTrailers)
    .sort((a, b) => b[1] - a[1])
    .map(([k]) => k);
  const keys = [...new Set([...trailers, 'Fusion-Task-Id', 'Task-Id'])];
  lines.push(
    `    // Commit trailers naming a task${trailers.length ? `; seen in recent commits: ${trailers.join(', ')}` : ''}.`,
  );
  lines.push(`    "trailerKeys": ${JSON.stringify(keys)},`);
  const s = f.sessions;
  lines.push(
    `    // Agent sessions that ran here: ${s.claudeCode} Claude Code, ${s.codex} Codex${s.aider ? ', an Aider history' : ''}; they are linked to tasks by directory, time and branch.`,
  );
  lines.push('    "sessions": { "enabled": true }');
  lines.push('  },');
  lines.push(
    '  // The store, beside this file; a postgres:// URL shares it with a team (keep passwords in PGPASSWORD).',
  );
  lines.push('  "db": ".taskeval/taskeval.db",');
  lines.push('  // Finished runs older than this many days are deleted after each batch.');
  lines.push('  "retentionDays": 90');
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** What to run next, and why: the source that fits what was found. */
export function summary(f: RepositoryInspection): string {
  if (!f.fusion && !f.gitRoot) return 'next: taskeval score --tasks tasks.jsonl\n';
  if (f.fusion) return 'next: taskeval run --project .\n';
  const fewIds = f.defaultIdHits + (f.suggestedIdPattern?.hits ?? 0) < Math.max(1, f.recentCommits / 10);
  const ids = `${f.defaultIdHits + (f.suggestedIdPattern?.hits ?? 0)} of the last ${f.recentCommits} commits name a task id`;
  if (fewIds && f.pullHeads > 0)
    return `${ids}, and the clone holds ${f.pullHeads} pull-request heads: score those.\nnext: taskeval run --project . --source pulls\n`;
  if (fewIds && f.forge && /github|gitlab/.test(f.forge.host)) {
    const gitlab = f.forge.host.includes('gitlab');
    return (
      `${ids}; ${f.forge.host} keeps the pull requests, which the clone has not fetched. Fetch their heads, then score them:\n` +
      (gitlab ? `  git fetch origin '+refs/merge-requests/*/head:refs/pull/*/head'\n` : `  ${FETCH_PULLS}\n`) +
      `next: taskeval run --project . --source pulls\n`
    );
  }
  return 'next: taskeval run --project .\n';
}
