import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { drained } from './cli-io.js';

describe('drained', () => {
  it('holds a writer to what a slow reader of a real pipe takes, instead of buffering the rest in memory', async () => {
    // `sleep` never reads its stdin: the pipe fills, and so would our memory without waiting.
    const reader = spawn('sleep', ['30'], { stdio: ['pipe', 'ignore', 'ignore'] });
    const pipe = reader.stdin!;
    pipe.on('error', () => undefined);
    const chunk = 'x'.repeat(1024 * 1024);
    let written = 0;
    const writing = (async () => {
      for (let i = 0; i < 64; i++) {
        pipe.write(chunk);
        written += 1;
        await drained(pipe);
      }
    })();
    // The pipe takes about 64 KiB and Node buffers one chunk past its mark; the writer then waits.
    await new Promise((r) => setTimeout(r, 300));
    expect(written).toBeLessThanOrEqual(2);
    expect(pipe.writableLength).toBeLessThanOrEqual(2 * 1024 * 1024);
    // A reader that goes away ends the wait rather than leaving the writer hanging.
    reader.kill();
    await writing;
    expect(written).toBe(64);
  });
});
