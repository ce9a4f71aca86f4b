import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Starts bench/judge-server-process.ts (a loopback judge answering after `delayMs`) and waits for the base URL it prints. */
export async function startJudgeServerProcess(delayMs: number): Promise<{ baseUrl: string; stop: () => void }> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'judge-server-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(delayMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) resolve(text.trim());
    });
    child.on('exit', (code) => reject(new Error(`judge server process exited with ${code}`)));
  });
  return { baseUrl, stop: () => void child.kill('SIGTERM') };
}
