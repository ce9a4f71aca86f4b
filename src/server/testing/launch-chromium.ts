import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium; the browser tests use it and nothing else. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that keep Chromium off the (closed) network and out of first-run work. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether browser tests can run here; they fail in CI instead of skipping. */
export function chromiumAvailability(): { run: true } | { run: false; reason: string } {
  if (existsSync(CHROMIUM_PATH)) return { run: true };
  return {
    run: false,
    reason: `${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium) to run the browser tests`,
  };
}

/** Headless Chromium with a fresh profile directory, removed on close. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'taskeval-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
