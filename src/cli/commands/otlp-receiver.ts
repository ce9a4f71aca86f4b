import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Keeps what `taskeval serve` receives over OTLP: one request a line in `<dir>/received-<signal>-<day>.jsonl`,
 * appended one at a time (a request is never interleaved with another), where `--otlp` and the default search
 * read it back as sessions.
 */
export function otlpReceiver(dir: string, clock: () => Date = () => new Date()) {
  let last: Promise<void> = Promise.resolve();
  return (signal: 'traces' | 'logs', line: string): Promise<void> => {
    const next = last.then(async () => {
      await mkdir(dir, { recursive: true });
      const day = clock().toISOString().slice(0, 10);
      await appendFile(join(dir, `received-${signal}-${day}.jsonl`), `${line}\n`);
    });
    last = next.catch(() => undefined);
    return next;
  };
}
