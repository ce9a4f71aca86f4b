import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { seededRandom } from '../src/core/index.js';

export interface SyntheticRepoOptions {
  /** Directory to create the repository in; must not exist or be empty. */
  dir: string;
  /** Distinct task ids (FN-1..FN-n). */
  tasks?: number;
  /** Commits on main and task branches, merges not counted. */
  minCommits?: number;
  /** Every n-th task works on its own branch and is merged with a merge commit. */
  branchEvery?: number;
}

export interface SyntheticRepo {
  dir: string;
  commits: number;
  taskIds: string[];
  branches: number;
}

const T0 = 1_735_689_600; // 2025-01-01T00:00:00Z
const TYPES = ['feat', 'feat', 'fix', 'refactor', 'test', 'docs', 'chore'];
const DIRS = 120;
const FILES_PER_DIR = 16;

function data(text: string): string {
  return `data ${Buffer.byteLength(text)}\n${text}\n`;
}

/**
 * Streams a history into `git fast-import`: tasks FN-1..FN-n with 3-5 commits each, trailers on most,
 * conventional subjects, some reverts and later fixes, and every n-th task on a branch merged back.
 */
export async function createSyntheticGitRepo(options: SyntheticRepoOptions): Promise<SyntheticRepo> {
  const tasks = options.tasks ?? 8_000;
  const minCommits = options.minCommits ?? 30_000;
  const branchEvery = options.branchEvery ?? 40;
  const perTask = Math.ceil(minCommits / tasks);
  await mkdir(options.dir, { recursive: true });
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  await run(['init', '-q', '-b', 'main', options.dir], process.cwd(), env);

  const child = spawn('git', ['fast-import', '--quiet', '--done'], {
    cwd: options.dir,
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = once(child, 'close');
  const out = new Batcher(child.stdin);

  // Seeded, so every bench run measures the same repository.
  const random = seededRandom(42);
  let mark = 0;
  let time = T0;
  let commits = 0;
  let branches = 0;
  let mainTip = 0;
  const version = new Map<string, number>();

  const commit = (ref: string, id: number, message: string, from: number, merge?: number): number => {
    mark += 1;
    time += 30 + Math.floor(random() * 600);
    const who = `Agent ${id % 7} <agent${id % 7}@example.test> ${time} +0000`;
    let text = `commit ${ref}\nmark :${mark}\nauthor ${who}\ncommitter ${who}\n${data(message)}`;
    if (from > 0) text += `from :${from}\n`;
    if (merge !== undefined) text += `merge :${merge}\n`;
    else {
      const files = 1 + Math.floor(random() * 3);
      for (let f = 0; f < files; f += 1) {
        const d = Math.floor(random() * DIRS);
        const n = Math.floor(random() * FILES_PER_DIR);
        const kind = random();
        const path =
          kind < 0.2
            ? `test/m${d}/f${n}.test.ts`
            : kind < 0.27
              ? `docs/m${d}/f${n}.md`
              : kind < 0.3
                ? `config/m${d}.json`
                : `src/m${d}/f${n}.ts`;
        const v = (version.get(path) ?? 0) + 1;
        version.set(path, v);
        text += `M 100644 inline ${path}\n${data(`// ${path} v${v}\n${'line\n'.repeat(1 + (v % 5))}`)}`;
      }
      commits += 1;
    }
    out.write(text);
    return mark;
  };

  for (let t = 1; t <= tasks; t += 1) {
    const id = `FN-${t}`;
    const count = perTask - 1 + Math.floor(random() * 3);
    const trailer = random() < 0.7 ? `\n\nFusion-Task-Id: ${id}\n` : '\n';
    if (t % branchEvery === 0) {
      branches += 1;
      const ref = `refs/heads/fusion/fn-${t}`;
      let tip = mainTip;
      for (let c = 0; c < count; c += 1) {
        // Branch commits often carry no id at all: only the range ties them to the task.
        tip = commit(ref, t, c === 0 ? `feat(${id}): start on the branch${trailer}` : `Work step ${c}\n`, tip);
      }
      mainTip = commit('refs/heads/main', t, `Merge branch 'fusion/fn-${t}'\n`, mainTip, tip);
    } else {
      for (let c = 0; c < count; c += 1) {
        const type = TYPES[Math.floor(random() * TYPES.length)]!;
        mainTip = commit('refs/heads/main', t, `${type}(${id}): change ${c} of task ${t}${trailer}`, mainTip);
      }
    }
    const later = random();
    if (t > 50 && later < 0.02)
      mainTip = commit('refs/heads/main', t, `revert(FN-${t - 50}): back out change\n`, mainTip);
    else if (t > 50 && later < 0.06)
      mainTip = commit('refs/heads/main', t, `fix(FN-${t - 50}): follow-up fix\n\nTask-Id: ${id}\n`, mainTip);
  }
  out.write('done\n');
  await out.end();
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`git fast-import failed (exit ${code}): ${stderr.trim()}`);
  await run(['reset', '-q', '--hard', 'main'], options.dir, env);
  return { dir: options.dir, commits, taskIds: Array.from({ length: tasks }, (_, i) => `FN-${i + 1}`), branches };
}

/** Joins small writes into large ones and waits for the pipe when it is full. */
class Batcher {
  private parts: string[] = [];
  private size = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly stream: Writable) {}

  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size > 1 << 20) this.flush();
  }

  private flush(): void {
    const chunk = this.parts.join('');
    this.parts = [];
    this.size = 0;
    this.pending = this.pending.then(async () => {
      if (!this.stream.write(chunk)) await once(this.stream, 'drain');
    });
  }

  async end(): Promise<void> {
    this.flush();
    await this.pending;
    this.stream.end();
  }
}

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]} failed (exit ${code})`))));
  });
}
