import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTranscript } from './read-transcript.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-openhands-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Events as OpenHands' save_trajectory_path writes them: actions with args, observations with extras. */
const EVENTS = [
  {
    id: 0,
    timestamp: '2026-03-02T10:00:00',
    source: 'user',
    message: 'Fix the parser',
    action: 'message',
    args: { content: 'Fix the parser' },
  },
  {
    id: 1,
    timestamp: '2026-03-02T10:00:05',
    source: 'agent',
    message: 'Running command: pytest -q',
    action: 'run',
    args: { command: 'pytest -q', thought: 'see what fails' },
  },
  {
    id: 2,
    timestamp: '2026-03-02T10:00:09',
    source: 'agent',
    cause: 1,
    observation: 'run',
    content: '1 failed, 3 passed',
    extras: { command: 'pytest -q', metadata: { exit_code: 1 } },
  },
  {
    id: 3,
    timestamp: '2026-03-02T10:01:00',
    source: 'agent',
    action: 'edit',
    args: { path: '/workspace/parser.py', command: 'str_replace' },
  },
  {
    id: 4,
    timestamp: '2026-03-02T10:01:01',
    source: 'agent',
    cause: 3,
    observation: 'edit',
    content: 'The file /workspace/parser.py has been edited.',
    extras: { path: '/workspace/parser.py' },
  },
  { id: 5, timestamp: '2026-03-02T10:01:30', source: 'agent', action: 'run', args: { command: 'pytest -q' } },
  {
    id: 6,
    timestamp: '2026-03-02T10:01:35',
    source: 'agent',
    cause: 5,
    observation: 'run',
    content: '4 passed',
    extras: { exit_code: 0 },
  },
  {
    id: 7,
    timestamp: '2026-03-02T10:02:00',
    source: 'agent',
    observation: 'agent_state_changed',
    content: '',
    extras: { agent_state: 'running' },
  },
  {
    id: 8,
    timestamp: '2026-03-02T10:02:10',
    source: 'agent',
    action: 'finish',
    args: { final_thought: 'Fixed the off-by-one.' },
  },
];

describe('an OpenHands trajectory', () => {
  it('reads actions as tool calls and a non-zero exit code as a tool error, and what the session showed', async () => {
    const path = join(dir, 'trajectory.json');
    await writeFile(path, JSON.stringify(EVENTS));
    const read = await readTranscript(path);
    expect(read.problems).toEqual([]);
    expect(read.stats).toMatchObject({ format: 'openhands', toolCalls: 3, toolErrors: 1 });
    expect(read.entries.filter((e) => e.type === 'tool_error').map((e) => [e.text, e.detail])).toEqual([
      ['1 failed, 3 passed', 'returncode 1'],
    ]);
    expect(read.entries.every((e) => e.agent === 'openhands' || e.agent === 'user')).toBe(true);
    expect(read.stats.session).toMatchObject({
      steps: 3,
      edits: 1,
      testRuns: 2,
      testedAfterLastEdit: true,
      lastTestPassed: true,
      exitStatus: 'submitted',
    });
  });

  it('reads an evaluation record (history, test_result, metadata); an empty patch is no submission, pairs are read as events', async () => {
    const record = (patch: string, history: unknown[]) => ({
      instance_id: 'astropy__astropy-12907',
      instruction: 'Fix the parser',
      metadata: { agent_class: 'CodeActAgent', llm_config: { model: 'litellm_proxy/claude-sonnet-4-5' } },
      history,
      metrics: { accumulated_token_usage: { prompt_tokens: 5000, completion_tokens: 300, cache_read_tokens: 1000 } },
      test_result: { git_patch: patch },
      error: null,
    });
    const empty = join(dir, 'astropy__astropy-12907.json');
    await writeFile(empty, JSON.stringify(record('', EVENTS)));
    const read = await readTranscript(empty);
    expect(read.problems).toEqual([]);
    expect(read.stats).toMatchObject({ format: 'openhands', toolCalls: 3, model: 'claude-sonnet-4-5' });
    // Handing over nothing is not submitting: the session says so, whatever the finish action said.
    expect(read.stats.session).toMatchObject({ exitStatus: 'empty patch', patchLinesAdded: 0, patchFiles: 0 });

    // Older records keep [action, observation] pairs; a patch that changes a file is a submission.
    const pairs = join(dir, 'pairs.json');
    const patch = 'diff --git a/p.py b/p.py\n--- a/p.py\n+++ b/p.py\n@@ -1 +1,2 @@\n-x\n+y\n+z\n';
    await writeFile(
      pairs,
      JSON.stringify(
        record(patch, [
          [EVENTS[1], EVENTS[2]],
          [EVENTS[3], EVENTS[4]],
        ]),
      ),
    );
    const paired = await readTranscript(pairs);
    expect(paired.stats).toMatchObject({ toolCalls: 2, toolErrors: 1, inputTokens: 4000, cachedTokens: 1000 });
    expect(paired.stats.session).toMatchObject({ edits: 1, patchLinesAdded: 2, patchLinesDeleted: 1, patchFiles: 1 });
    expect(paired.stats.session!.exitStatus).toBeUndefined();
  });

  it('says that an output.jsonl of many instances is not one session, once', async () => {
    const path = join(dir, 'output.jsonl');
    const line = (id: string) => JSON.stringify({ instance_id: id, history: EVENTS, test_result: { git_patch: '' } });
    await writeFile(path, `${line('a__a-1')}\n${line('b__b-2')}\n`);
    const read = await readTranscript(path);
    expect(read.entries).toEqual([]);
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]!.message).toContain('an OpenHands evaluation output (one instance a line)');
  });
});
