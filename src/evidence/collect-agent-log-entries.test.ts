import { describe, expect, it } from 'vitest';
import { collectAgentLogEntries } from './collect-agent-log-entries.js';
import { buildTask } from './testing/evidence-builders.js';

const at = (s: number) => new Date(Date.UTC(2026, 3, 1, 12, 0, s)).toISOString();

describe('collectAgentLogEntries', () => {
  it('joins consecutive streamed text fragments of one agent into one turn, labelled "<agent> <type>"', () => {
    const task = buildTask({
      agentLogs: [
        { timestamp: at(0), type: 'text', text: 'I will ', agent: 'executor' },
        { timestamp: at(1), type: 'text', text: 'run the tests.', agent: 'executor' },
        { timestamp: at(2), type: 'tool', text: 'bash', detail: 'npm test', agent: 'executor' },
        { timestamp: at(3), type: 'tool_result', text: '12 passed', agent: 'executor' },
        { timestamp: at(4), type: 'text', text: 'Looks good.', agent: 'reviewer' },
      ],
    });
    const entries = collectAgentLogEntries(task).map((d) => d.entry);
    expect(entries.map((e) => [e.label, e.excerpt, e.timestamp])).toEqual([
      ['executor text', 'I will run the tests.', at(0)],
      ['executor tool', 'bash\nnpm test', at(2)],
      ['executor tool_result', '12 passed', at(3)],
      ['reviewer text', 'Looks good.', at(4)],
    ]);
    expect(entries[0]!.ref).toEqual({ taskId: 'FN-1', logType: 'text', agent: 'executor', origin: null, fragments: 2 });
    for (const e of entries) expect(e.id).toMatch(/^agentlog-[0-9a-f]{12}$/);
  });

  it('keeps transcript messages, which carry an origin, as separate entries', () => {
    const task = buildTask({
      agentLogs: [
        { timestamp: at(0), type: 'text', text: 'First message.', agent: 'claude', origin: 'session.jsonl' },
        { timestamp: at(1), type: 'text', text: 'Second message.', agent: 'claude', origin: 'session.jsonl' },
      ],
    });
    expect(collectAgentLogEntries(task).map((d) => d.entry.excerpt)).toEqual(['First message.', 'Second message.']);
  });

  it('gives different ids to turns that differ only in content', () => {
    const a = collectAgentLogEntries(
      buildTask({ agentLogs: [{ timestamp: at(0), type: 'thinking', text: 'plan A' }] }),
    );
    const b = collectAgentLogEntries(
      buildTask({ agentLogs: [{ timestamp: at(0), type: 'thinking', text: 'plan B' }] }),
    );
    expect(a[0]!.entry.id).not.toBe(b[0]!.entry.id);
    expect(a[0]!.entry.label).toBe('agent thinking');
  });
});
