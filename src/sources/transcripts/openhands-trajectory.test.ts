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

  it("reads OpenHands' completion log: native tool calls, the editor's changes and refusals, exit codes, finish", async () => {
    // As OpenHands' log_completions writes the last model call: its whole conversation and the reply to it.
    const bash = (id: string, command: string) => ({
      id,
      type: 'function',
      function: { name: 'execute_bash', arguments: JSON.stringify({ command }) },
    });
    const editor = (id: string, args: Record<string, string>) => ({
      id,
      type: 'function',
      function: { name: 'str_replace_editor', arguments: JSON.stringify(args) },
    });
    const shell = (id: string, output: string, code: number) => ({
      role: 'tool',
      tool_call_id: id,
      name: 'execute_bash',
      content: [
        {
          type: 'text',
          text: `${output}\n[Python interpreter: /usr/bin/python]\n[Command finished with exit code ${code}]`,
        },
      ],
    });
    const edited = (id: string, text: string) => ({
      role: 'tool',
      tool_call_id: id,
      name: 'str_replace_editor',
      content: text,
    });
    const messages = [
      { role: 'system', content: 'You are OpenHands agent' },
      { role: 'user', content: 'Fix the parser' },
      {
        role: 'assistant',
        content: 'Look first',
        tool_calls: [editor('t1', { command: 'view', path: '/w/parser.py' })],
      },
      edited('t1', "Here's the result of running `cat -n` on /w/parser.py"),
      { role: 'assistant', content: '', tool_calls: [bash('t2', 'pytest -q')] },
      shell('t2', '1 failed, 3 passed', 1),
      {
        role: 'assistant',
        content: '',
        tool_calls: [editor('t3', { command: 'str_replace', path: '/w/parser.py', old_str: 'x', new_str: 'y' })],
      },
      edited('t3', 'ERROR:\nNo replacement was performed, old_str `x` did not appear verbatim in /w/parser.py.'),
      {
        role: 'assistant',
        content: '',
        tool_calls: [editor('t4', { command: 'str_replace', path: '/w/parser.py', old_str: 'a', new_str: 'b' })],
      },
      edited('t4', 'The file /w/parser.py has been edited.'),
      { role: 'assistant', content: '', tool_calls: [bash('t5', 'pytest -q')] },
      shell('t5', '4 passed', 0),
    ];
    const reply = {
      role: 'assistant',
      content: 'Done',
      tool_calls: [{ id: 't6', type: 'function', function: { name: 'finish', arguments: '{}' } }],
    };
    const path = join(dir, 'Claude-3.5-Sonnet-1743405761.json');
    await writeFile(
      path,
      JSON.stringify({
        messages: [{ role: 'system', content: 'non-native tool calls' }],
        response: { id: 'r1', choices: [{ message: { role: 'assistant', content: 'Done' } }] },
        args: [],
        kwargs: { stop: ['</function'] },
        timestamp: 1743405761.3,
        cost: 0,
        fncall_messages: messages,
        fncall_response: { id: 'r1', model: null, choices: [{ finish_reason: 'stop', index: 0, message: reply }] },
      }),
    );
    const read = await readTranscript(path);
    expect(read.problems).toEqual([]);
    // The log leaves its model out; OpenHands names the file after it.
    expect(read.stats).toMatchObject({ format: 'openhands', toolCalls: 5, toolErrors: 2, model: 'Claude-3.5-Sonnet' });
    expect(read.entries.every((e) => e.agent === 'openhands' || e.agent === 'user')).toBe(true);
    expect(read.stats.session).toMatchObject({
      steps: 5,
      failedCommands: 2,
      rejectedEdits: 1,
      edits: 2,
      testRuns: 2,
      testedAfterLastEdit: true,
      lastTestPassed: true,
      exitStatus: 'submitted',
    });
    // A last reply that calls no `finish` was the end all the same: the agent was stopped before handing over.
    const stopped = join(dir, 'litellm_proxy__claude-sonnet-4-5-1743405799.5.json');
    const cut = { role: 'assistant', content: '', tool_calls: [bash('t6', 'pytest -q')] };
    await writeFile(
      stopped,
      JSON.stringify({
        messages: [],
        response: {},
        kwargs: {},
        fncall_messages: messages,
        fncall_response: { choices: [{ message: cut }] },
      }),
    );
    const cutOff = await readTranscript(stopped);
    expect(cutOff.stats.session).toMatchObject({ steps: 6, gaveUp: 1, exitStatus: 'exit_no_finish' });
    expect(cutOff.stats.model).toBe('claude-sonnet-4-5');
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
