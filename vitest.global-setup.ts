import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm test` runs the PostgreSQL store, queue and worker tests everywhere it can: when no TASKEVAL_TEST_PG_URL is
 * given and the machine has PostgreSQL's server binaries (Debian's `postgresql`), it starts two throwaway servers on
 * 127.0.0.1 (one for the tests, one the reconnection test restarts) and stops them at the end. Without either it says
 * plainly that those tests are skipped, and why. .ci/run starts its own and sets the URLs.
 */
export default async function setup(): Promise<(() => void) | void> {
  if (process.env.TASKEVAL_TEST_PG_URL) return;
  const bin = serverBinaries();
  if (!bin) {
    process.stderr.write(
      'PostgreSQL tests are skipped: TASKEVAL_TEST_PG_URL is not set and no PostgreSQL server is installed ' +
        '(apt-get install postgresql, or set TASKEVAL_TEST_PG_URL to a server of yours; .ci/run does both)\n',
    );
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'taskeval-test-pg-'));
  // initdb refuses to run as root: as root the servers run as the postgres user the package creates.
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { stdio: 'ignore' })
      : execFileSync(join(bin, program), args, { stdio: 'ignore' });
  const started: string[] = [];
  const start = async (name: string): Promise<string> => {
    const data = join(dir, name);
    const port = await freePort();
    run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres']);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      `${data}.log`,
      '-w',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
      'start',
    ]);
    started.push(data);
    return `postgres://postgres@127.0.0.1:${port}/postgres`;
  };
  try {
    if (asRoot) chownSync(dir, uid('postgres'), gid('postgres'));
    process.env.TASKEVAL_TEST_PG_URL = await start('data');
    process.env.TASKEVAL_TEST_PG_RESTART_URL = await start('restart');
    const restart = [join(bin, 'pg_ctl'), '-D', join(dir, 'restart'), '-m', 'fast', '-w', 'restart'].join(' ');
    process.env.TASKEVAL_TEST_PG_RESTART = `${asRoot ? 'runuser -u postgres -- ' : ''}${restart} >/dev/null`;
    process.stderr.write(`PostgreSQL tests run on two servers started for them (${bin})\n`);
  } catch (error) {
    stop();
    delete process.env.TASKEVAL_TEST_PG_URL;
    delete process.env.TASKEVAL_TEST_PG_RESTART_URL;
    delete process.env.TASKEVAL_TEST_PG_RESTART;
    process.stderr.write(`PostgreSQL tests are skipped: starting a server failed (${(error as Error).message})\n`);
    return;
  }
  function stop(): void {
    for (const data of started) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      } catch {
        // already stopped
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
  return stop;
}

/** The newest PostgreSQL server's bin directory Debian installed, or null. */
function serverBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, 'bin') : null;
}

function uid(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}
function gid(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
