import { describe, expect, it } from 'vitest';
import { collectActivityEntries } from './collect-activity-entries.js';
import { buildTask } from './testing/evidence-builders.js';

describe('collectActivityEntries', () => {
  it('skips review verdicts and keeps requests and other log lines with ids from their content', () => {
    const task = buildTask({
      log: [
        { timestamp: '2026-04-01T12:00:00.000Z', action: 'Spec review requested' },
        { timestamp: '2026-04-01T12:01:00.000Z', action: 'Spec review: APPROVE', outcome: 'fine' },
        { timestamp: '2026-04-01T12:02:00.000Z', action: 'Step 0 (Build) → done' },
      ],
    });
    const entries = collectActivityEntries(task).map((d) => d.entry);
    expect(entries.map((e) => e.label)).toEqual(['Spec review requested', 'Step 0 (Build) → done']);
    for (const e of entries) expect(e.id).toMatch(/^activity-[0-9a-f]{12}$/);
  });

  it('carries a long action whole in the excerpt when its label had to be cut', () => {
    const action = `Preflight complete - ${'analysed '.repeat(30)}`;
    const [draft] = collectActivityEntries(
      buildTask({ log: [{ timestamp: '2026-04-01T12:00:00.000Z', action, outcome: 'Ready' }] }),
    );
    expect(draft!.entry.label).toHaveLength(160);
    expect(draft!.entry.excerpt).toBe(`${action}\nReady`);
  });
});
