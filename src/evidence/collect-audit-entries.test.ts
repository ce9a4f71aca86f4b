import { describe, expect, it } from 'vitest';
import { MAX_EXCERPT_LENGTH } from '../core/index.js';
import { collectAuditEntries } from './collect-audit-entries.js';
import { buildTask } from './testing/evidence-builders.js';

describe('collectAuditEntries', () => {
  it('keys an audit event by its id and keeps its drill-down fields, the event run id as auditRunId', () => {
    const task = buildTask({
      runAudit: [
        {
          id: 31,
          timestamp: '2026-04-01T12:00:00.000Z',
          agentId: 'executor',
          runId: 'fusion-run-9',
          domain: 'git',
          mutationType: 'commit',
          target: 'main',
          metadata: { b: 2, a: 1 },
        },
      ],
    });
    const entry = collectAuditEntries(task)[0]!.entry;
    expect(entry).toMatchObject({ id: 'audit-31', label: 'git commit main', excerpt: '{"a":1,"b":2}' });
    expect(entry.ref).toEqual({
      taskId: 'FN-1',
      eventId: '31',
      domain: 'git',
      mutationType: 'commit',
      target: 'main',
      agentId: 'executor',
      auditRunId: 'fusion-run-9',
    });
  });

  it('bounds a large metadata payload to an excerpt', () => {
    const task = buildTask({
      runAudit: [
        {
          id: 'e1',
          timestamp: '2026-04-01T12:00:00.000Z',
          domain: 'fs',
          mutationType: 'write',
          metadata: { diff: 'x'.repeat(50_000) },
        },
      ],
    });
    const [draft] = collectAuditEntries(task);
    expect(draft!.entry.excerpt).toHaveLength(MAX_EXCERPT_LENGTH);
    expect(draft!.entry.truncated).toBe(true);
  });
});
