import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'taskeval-pack-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('installs from its tarball into a prefix and runs taskeval --version and demo from a directory outside the checkout', async () => {
    // npm pack runs the build (prepare) and writes exactly what `npm install -g ./taskeval-<version>.tgz` installs.
    const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', tmp], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as [{ filename: string; files: { path: string }[] }];
    const paths = packed.files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['dist/cli/bin.js', 'README.md', 'npm-shrinkwrap.json', 'docs/task-format.md']),
    );
    expect(paths.filter((p) => /\.test\.js$|^src\//.test(p))).toEqual([]);

    // Laid out as npm lays out a global install; its dependencies are the checkout's, installed from the same
    // shrinkwrap (fetching them again would need the registry, and tests use loopback only).
    const prefix = join(tmp, 'prefix');
    const pkg = join(prefix, 'lib', 'node_modules', 'taskeval');
    await mkdir(pkg, { recursive: true });
    await exec('tar', ['xzf', join(tmp, packed.filename), '-C', pkg, '--strip-components', '1']);
    await symlink(join(root, 'node_modules'), join(pkg, 'node_modules'), 'dir');
    const manifest = JSON.parse(await readFile(join(pkg, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      engines: { node: string };
    };
    expect(manifest.engines.node).toBe('>=22');
    await mkdir(join(prefix, 'bin'));
    const bin = join(prefix, 'bin', 'taskeval');
    await symlink(join(pkg, manifest.bin.taskeval!), bin);

    const elsewhere = join(tmp, 'some-repo');
    await mkdir(elsewhere);
    await writeFile(join(elsewhere, 'README.md'), 'not taskeval\n');
    // npm marks a package's bin executable when it installs it.
    await chmod(join(pkg, manifest.bin.taskeval!), 0o755);
    const env = {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      HOME: tmp,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      NO_COLOR: '1',
    };
    const version = await exec(bin, ['--version'], { cwd: elsewhere, env });
    expect(version.stdout.trim()).toBe(
      (JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string }).version,
    );
    const demo = await exec(bin, ['demo'], { cwd: elsewhere, env });
    expect(demo.stdout).toMatch(/^DEMO-1 .*deterministic only$/m);
  }, 180_000);
});
