import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleError } from '../store/index.js';
import { startServer, type RunningServer } from './start-server.js';
import { chromiumAvailability, launchChromium } from './testing/launch-chromium.js';
import { createServerFixture, seedRun, TEST_TOKEN, type ServerFixture } from './testing/server-fixture.js';
import { deterministicOnlyResult, divergentResult, hybridResult } from './testing/sample-results.js';

/** Runs in the page: how far the document is wider than the viewport. */
function sidewaysOverflow(): number {
  const root = (
    globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
  ).document.documentElement;
  return root.scrollWidth - root.clientWidth;
}

const OUTPUT = resolve(dirname(fileURLToPath(import.meta.url)), '../../test-output/browser');
const availability = chromiumAvailability();

if (!availability.run && !process.env.CI) {
  // Visible in the test report, so a skipped browser suite is never mistaken for a passing one.
  describe.skip(`dashboard in Chromium (skipped: ${availability.reason})`, () => {
    it('needs Chromium', () => {});
  });
} else {
  describe('dashboard in Chromium', () => {
    let fx: ServerFixture;
    let server: RunningServer;
    let browser: { context: BrowserContext; close(): Promise<void> };
    let page: Page;

    beforeAll(async () => {
      if (!availability.run) throw new Error(`CI is set but ${availability.reason}`);
      await mkdir(OUTPUT, { recursive: true });
      fx = await createServerFixture();
      await seedRun(fx.store, [hybridResult({ taskId: 'FN-1', title: 'Improve login', finals: [82, 88, 79] })], {
        at: 0,
      });
      await seedRun(
        fx.store,
        [
          hybridResult({ taskId: 'FN-1', title: 'Improve login', finals: [85, 91, 80] }),
          hybridResult({ taskId: 'FN-2', title: 'Flaky upload test', finals: [30, 25, 35] }),
          divergentResult({ taskId: 'FN-3', title: 'Rewrite the scheduler', finals: [50, 60, 70] }),
          deterministicOnlyResult({ taskId: 'FN-4', title: 'Docs for the API', finals: [70, 65, 90] }),
          buildSampleError('FN-5'),
        ],
        { at: 24 * 60 },
      );
      server = await startServer(fx.app, { host: '127.0.0.1', port: 0 });
      browser = await launchChromium();
      page = await browser.context.newPage();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await fx?.close();
    });

    it('opens the dashboard with the token and drops it from the address bar', async () => {
      await page.goto(`${server.origin}/?token=${TEST_TOKEN}`);
      expect(page.url()).toBe(`${server.origin}/`);
      await expect(page.locator('h1').first().textContent()).resolves.toBe('Overview');
      expect(await page.locator('[data-testid="runs-table"] tbody tr').count()).toBe(2);
      expect(await page.locator('svg.chart path').count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(OUTPUT, 'overview-1280.png'), fullPage: true });
    });

    it('refuses a request without the token or cookie', async () => {
      // The persistent context already holds the cookie, so ask the way a fresh browser would.
      const res = await fetch(`${server.origin}/results`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('Token required');
    });

    it('filters the results table by band and by text', async () => {
      await page.goto(`${server.origin}/results`);
      expect(await page.locator('[data-testid="results-table"] tbody tr').count()).toBe(6);
      await page.selectOption('select[name="band"]', 'failing');
      await page.click('form[data-testid="results-filter"] button[type="submit"]');
      await page.waitForURL(/band=failing/);
      const tasks = await page
        .locator('[data-testid="results-table"] tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-task-id')));
      expect(tasks).toEqual(['FN-2']);
      await page.goto(`${server.origin}/results`);
      await page.fill('input[name="q"]', 'scheduler');
      await page.press('input[name="q"]', 'Enter');
      await page.waitForURL(/q=scheduler/);
      expect(
        await page
          .locator('[data-testid="results-table"] tbody tr')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-task-id'))),
      ).toEqual(['FN-3']);
      await page.goto(`${server.origin}/results`);
      await expect(page.locator('tr[data-task-id="FN-4"] td.hide-narrow .mode-det').textContent()).resolves.toBe(
        'deterministic only',
      );
      await expect(page.locator('tr[data-task-id="FN-5"]').textContent()).resolves.toContain('judge timed out');
      await page.screenshot({ path: join(OUTPUT, 'results-1280.png'), fullPage: true });
    });

    it('sorts the table by a column header', async () => {
      await page.goto(`${server.origin}/results?status=scored`);
      await page.click('th a[data-sort="overall"]');
      await page.waitForURL(/sort=overall/);
      const scores = await page
        .locator('[data-testid="results-table"] tbody tr td:nth-child(6) .bar-value')
        .allTextContents();
      const numbers = scores.map(Number);
      expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    });

    it('opens a task and highlights the evidence item a citation points to', async () => {
      await page.goto(`${server.origin}/results?q=FN-3`);
      await page.click('tr[data-task-id="FN-3"] a');
      await page.waitForURL(/\/results\/res_/);
      await expect(page.locator('h1').first().textContent()).resolves.toContain('FN-3');
      const citation = page.locator('[data-category="taskOutcomeQuality"] a.citation').first();
      const evidenceId = await citation.getAttribute('data-evidence-id');
      expect(evidenceId).toBeTruthy();
      const item = page.locator(`.evidence-item[data-evidence-id="${evidenceId}"]`);
      expect(await item.getAttribute('class')).not.toContain('highlighted');
      await citation.click();
      await expect.poll(() => item.getAttribute('class')).toContain('highlighted');
      await expect
        .poll(() =>
          item.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight;
          }),
        )
        .toBe(true);
      expect(await page.locator('.evidence-item.highlighted').count()).toBe(1);
      await page.screenshot({ path: join(OUTPUT, 'citation-highlighted-1280.png') });
      await page.screenshot({ path: join(OUTPUT, 'result-1280.png'), fullPage: true });
    });

    it('shows a new result banner when a live event arrives', async () => {
      await page.goto(`${server.origin}/`);
      await expect.poll(() => fx.events.size).toBeGreaterThan(0);
      fx.events.publish({ type: 'result', runId: 'run_live', taskId: 'FN-99', status: 'scored', overallScore: 77 });
      await expect.poll(() => page.locator('#live-banner').getAttribute('class')).toContain('visible');
      await expect(page.locator('#live-banner .live-text').textContent()).resolves.toContain('FN-99');
    });

    it('rates a task blind from the Rate page and moves on to the next', async () => {
      await page.goto(`${server.origin}/rate`);
      await page.fill('[data-testid="rater-form"] input[name="rater"]', 'ana');
      await page.click('[data-testid="rater-form"] button');
      await page.waitForURL(/rater=ana/);
      const first = await page.locator('[data-testid="rate-task"]').getAttribute('data-task-id');
      await page.check('fieldset[data-aspect="overall"] input[value="4"]');
      await page.check('fieldset[data-aspect="taskOutcomeQuality"] input[value="3"]');
      // A real form post: the browser sends Origin null under the pages' no-referrer policy, and the guard lets it by.
      await page.click('[data-testid="rate-form"] button[type="submit"]');
      await page.waitForURL(/saved=2/);
      await expect(page.locator('[data-testid="rate-progress"]').textContent()).resolves.toContain('kept 2 rating(s)');
      await expect(page.locator('[data-testid="rate-task"]').getAttribute('data-task-id')).resolves.not.toBe(first);
      const kept = await fx.store.listRatings({ rater: 'ana' });
      expect(kept.map((r) => [r.taskId, r.aspect, r.value])).toEqual([
        [first, 'overall', 4],
        [first, 'taskOutcomeQuality', 3],
      ]);
      await page.screenshot({ path: join(OUTPUT, 'rate-1280.png'), fullPage: true });
    });

    it('fits a narrow phone screen without the page scrolling sideways', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [path, name] of [
        ['/', 'overview'],
        ['/results', 'results'],
        ['/results?q=FN-4', 'results-filtered'],
        ['/compare?by=model&minN=1', 'compare'],
        ['/results?latest=1', 'results-latest'],
        ['/validity', 'validity'],
        ['/rate?rater=ben', 'rate'],
      ] as const) {
        await page.goto(`${server.origin}${path}`);
        const overflow = await page.evaluate(sidewaysOverflow);
        expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(OUTPUT, `${name}-390.png`), fullPage: true });
      }
      // Task ids stay on one line; the title shows under the id instead of being hidden.
      await page.goto(`${server.origin}/results`);
      const idLines = await page
        .locator('a.task-id')
        .evaluateAll((links) =>
          links.map((a) => (a as unknown as { getClientRects(): { length: number } }).getClientRects().length),
        );
      expect(idLines.length).toBeGreaterThan(0);
      expect(idLines.every((n) => n === 1)).toBe(true);
      await expect(
        page.locator('tr[data-task-id="FN-2"] .narrow-title:not(.narrow-agent)').first().isVisible(),
      ).resolves.toBe(true);
      // The overall score of every row is on screen, not behind the table's sideways scroll, and the mode is still said.
      const overallRight = await page
        .locator('table.results .overall-cell')
        .evaluateAll((cells) =>
          cells.map(
            (c) => (c as unknown as { getBoundingClientRect(): { right: number } }).getBoundingClientRect().right,
          ),
        );
      expect(overallRight.length).toBe(5);
      for (const right of overallRight) expect(right).toBeLessThanOrEqual(390);
      await expect(page.locator('tr[data-task-id="FN-4"] .narrow-mode').textContent()).resolves.toContain(
        'deterministic only',
      );
      expect(await page.locator('tr[data-task-id="FN-1"]').count()).toBe(2);
      await page.goto(`${server.origin}/results?latest=1`);
      expect(await page.locator('tr[data-task-id="FN-1"]').count()).toBe(1);
      await page.goto(`${server.origin}/results`);
      await page.click('tr[data-task-id="FN-4"] a');
      await page.waitForURL(/\/results\/res_/);
      expect(await page.evaluate(sidewaysOverflow)).toBeLessThanOrEqual(0);
      await expect(page.locator('[data-part="ai"]').allTextContents()).resolves.toEqual(['—', '—', '—']);
      await page.screenshot({ path: join(OUTPUT, 'result-deterministic-only-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    });
  });
}
