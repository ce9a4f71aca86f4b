import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));

/** Imports a module in a fresh process and lists every package file it loaded (ESM and CommonJS alike). */
const PROBE = `
import { register, createRequire } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const seen = new Set();
port1.on('message', (url) => seen.add(url));
port1.unref();
register('data:text/javascript,' + encodeURIComponent(
  'let port; export function initialize(d) { port = d.port; }' +
  'export async function resolve(s, c, next) { const r = await next(s, c); port.postMessage(r.url); return r; }'
), { data: { port: port2 }, transferList: [port2] });
const mod = await import(process.argv[1]);
await new Promise((done) => setTimeout(done, 200));
const cjs = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({ exports: Object.keys(mod).length, loaded: [...seen, ...cjs] }));
`;

describe('importing taskeval', () => {
  it('loads neither pg, pg-boss, better-sqlite3 nor the AI SDK until a store, queue or judge is used', async () => {
    const { stdout } = await exec(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', PROBE, new URL('./index.ts', import.meta.url).href],
      { cwd: root, timeout: 60_000 },
    );
    const { exports, loaded } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { exports: number; loaded: string[] };
    expect(exports).toBeGreaterThan(50);
    const heavy = loaded.filter((url) =>
      /node_modules\/(pg|pg-pool|pg-boss|better-sqlite3|ai|@ai-sdk\/[^/]+)\//.test(url),
    );
    expect(heavy).toEqual([]);
    // The probe sees what it should: the package's own modules.
    expect(loaded.some((url) => url.includes('/src/store/'))).toBe(true);
  });
});
