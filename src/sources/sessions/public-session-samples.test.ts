import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTranscript } from '../transcripts/index.js';
import { readAiderSession, scanAiderHistory } from './read-aider-history.js';
import { readCodexRollout } from './read-codex-rollout.js';
import { scanSessionFile } from './scan-session-file.js';

/** Session files other projects published, kept whole with their origin and licence: fixtures/sessions/README.md. */
const sample = (name: string) => fileURLToPath(new URL(`../../../fixtures/sessions/${name}`, import.meta.url));

describe('public session samples', () => {
  it('a Claude Code session with odd records (string content, a failed tool result, a summary line): found, and its tool error and tokens counted', async () => {
    const path = sample('claude-code-edge-cases.jsonl');
    expect(await scanSessionFile(path)).toMatchObject({
      agent: 'claude-code',
      sessionId: 'edge_cases',
      cwd: '/tmp',
      agentVersion: '1.0.0',
      model: 'claude-sonnet-4',
      startedAt: '2025-06-14T10:02:00.000Z',
    });
    const read = await readTranscript(path);
    expect(read.problems).toEqual([]);
    expect(read.stats).toMatchObject({
      format: 'claude-code',
      toolCalls: 3,
      toolErrors: 1,
      inputTokens: 488,
      outputTokens: 435,
    });
  });

  it('a Codex rollout with the newer item kinds (exec_command, custom_tool_call apply_patch, an MCP call, an unknown record): read without a problem', async () => {
    const path = sample('codex-rollout-variants.jsonl');
    expect(await scanSessionFile(path)).toMatchObject({
      agent: 'codex',
      cwd: '/workspace/synthetic-project',
      agentVersion: '0.0.0-test',
      model: 'synthetic-model',
    });
    const read = await readCodexRollout(path);
    expect(read.problems).toEqual([]);
    expect(read.stats).toMatchObject({ format: 'codex', toolCalls: 3, toolErrors: 0, session: { edits: 1 } });
    expect(read.entries.filter((e) => e.type === 'tool').map((e) => e.text.split(' ')[0])).toEqual([
      'exec_command',
      'apply_patch',
      'mcp__synthetic__lookup',
    ]);
  });
});

describe('real agent runs published with their projects', () => {
  it("a real user's Aider history: four sessions with their model and version, and Aider's start-up notices (a failed version check) not counted as tool errors", async () => {
    const path = sample('aider-zen-mcp-server.chat.history.md');
    const sessions = await scanAiderHistory(path);
    expect(sessions).toHaveLength(4);
    // Each runs until the next starts; the last names no commit, so nothing here says when it ended.
    expect(sessions.map((s) => s.endedAt)).toEqual([...sessions.slice(1).map((s) => s.startedAt), null]);
    expect(sessions.slice(1).map((s) => [s.agentVersion, s.model])).toEqual(
      Array(3).fill(['0.86.1', 'gemini/gemini-2.5-pro-preview-06-05']),
    );
    expect(sessions.every((s) => s.commitShas?.length === 0)).toBe(true);
    const checked = await readAiderSession(path, 2);
    expect(checked.entries.some((e) => e.text.startsWith('Error checking pypi'))).toBe(true);
    expect(checked.stats.toolErrors).toBe(0);
  });

  it('a real OpenHands trajectory: the edit is a tool call, and each model reply counts its tokens once though the action and its observation both carry it', async () => {
    const read = await readTranscript(sample('openhands-basic.json'));
    expect(read.problems).toEqual([]);
    // Replies: 3,486 prompt / 1,135 completion, then 4,646 prompt (3,482 from the cache) / 177 completion.
    expect(read.stats).toMatchObject({
      format: 'openhands',
      toolCalls: 1,
      toolErrors: 0,
      inputTokens: 3_486 + 4_646 - 3_482,
      // Each reply's model_response.model.
      model: 'claude-3-5-sonnet-20241022',
      cachedTokens: 3_482,
      outputTokens: 1_135 + 177,
    });
    expect(read.stats.session).toMatchObject({ edits: 1, exitStatus: 'submitted' });
  });

  it("a real OpenHands evaluation record as SWE-bench runs publish it: its str_replace edits, the editor's refusals, the model, tokens, patch and the iteration limit", async () => {
    const read = await readTranscript(sample('openhands-output-ponyc-4588.json'));
    expect(read.problems).toEqual([]);
    expect(read.stats).toMatchObject({
      format: 'openhands',
      // 24 commands, 16 str_replace/insert edits, 8 file views.
      toolCalls: 48,
      // 12 commands with a non-zero exit code, 12 edits the editor refused, one error observation.
      toolErrors: 25,
      // metrics.accumulated_token_usage: no event of the excerpt carries its own.
      inputTokens: 938_015,
      outputTokens: 5_627,
      model: 'openrouter-llama-4-maverick',
    });
    expect(read.stats.session).toMatchObject({
      steps: 48,
      rejectedEdits: 12,
      gaveUp: 1,
      patchLinesAdded: 2,
      patchLinesDeleted: 0,
      patchFiles: 1,
      exitStatus: expect.stringMatching(/^error: RuntimeError: Agent reached maximum iteration/),
    });
    expect(read.stats.session!.edits).toBeGreaterThanOrEqual(16);
  });

  it('a real SWE-agent GPT-4 run: five steps, its edit, the run after it, and the model stats', async () => {
    const read = await readTranscript(sample('swe-agent-gpt4-test-repo.traj'));
    expect(read.problems).toEqual([]);
    expect(read.stats).toMatchObject({
      format: 'swe-agent',
      toolCalls: 5,
      toolErrors: 0,
      inputTokens: 7_141,
      // replay_config.agent.model.name
      model: 'gpt-4o',
      outputTokens: 243,
      exitStatus: 'submitted',
    });
    expect(read.stats.session).toMatchObject({
      edits: 1,
      testedAfterLastEdit: true,
      lastTestPassed: true,
      patchFiles: 1,
    });
  });
});

describe("Aider's token lines", () => {
  it('count what was sent less what the cache served, what the cache served, and what was received', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'taskeval-aider-tokens-'));
    try {
      const path = join(dir, '.aider.chat.history.md');
      const lines = [
        '# aider chat started at 2026-03-05 09:00:00',
        '#### fix it',
        'Done.',
        '> Tokens: 4.2k sent, 1.1k cache write, 2.3k cache hit, 564 received. Cost: $0.01 message, $0.01 session.',
        '> Tokens: 900 sent, 12 received.',
      ];
      await writeFile(path, `${lines.join('\n')}\n`);
      const read = await readAiderSession(path, 0);
      expect(read.stats).toMatchObject({ inputTokens: 4_200 - 2_300 + 900, cachedTokens: 2_300, outputTokens: 576 });
      expect(read.entries.some((e) => e.text.startsWith('Tokens:'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
