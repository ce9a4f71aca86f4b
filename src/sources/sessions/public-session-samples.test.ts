import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTranscript } from '../transcripts/index.js';
import { readCodexRollout } from './read-codex-rollout.js';
import { scanSessionFile } from './scan-session-file.js';

/** Session files published as test fixtures by daaain/claude-code-log (MIT), kept whole: fixtures/sessions/README.md. */
const sample = (name: string) => fileURLToPath(new URL(`../../../fixtures/sessions/${name}`, import.meta.url));

describe('public session samples', () => {
  it('a Claude Code session with odd records (string content, a failed tool result, a summary line): found, and its tool error and tokens counted', async () => {
    const path = sample('claude-code-edge-cases.jsonl');
    expect(await scanSessionFile(path)).toMatchObject({ agent: 'claude-code', sessionId: 'edge_cases', cwd: '/tmp', agentVersion: '1.0.0', model: 'claude-sonnet-4', startedAt: '2025-06-14T10:02:00.000Z' });
    const read = await readTranscript(path);
    expect(read.problems).toEqual([]);
    expect(read.stats).toMatchObject({ format: 'claude-code', toolCalls: 3, toolErrors: 1, inputTokens: 488, outputTokens: 435 });
  });

  it('a Codex rollout with the newer item kinds (exec_command, custom_tool_call apply_patch, an MCP call, an unknown record): read without a problem', async () => {
    const path = sample('codex-rollout-variants.jsonl');
    expect(await scanSessionFile(path)).toMatchObject({ agent: 'codex', cwd: '/workspace/synthetic-project', agentVersion: '0.0.0-test', model: 'synthetic-model' });
    const read = await readCodexRollout(path);
    expect(read.problems).toEqual([]);
    expect(read.stats).toMatchObject({ format: 'codex', toolCalls: 3, toolErrors: 0, session: { edits: 1 } });
    expect(read.entries.filter((e) => e.type === 'tool').map((e) => e.text.split(' ')[0])).toEqual(['exec_command', 'apply_patch', 'mcp__synthetic__lookup']);
  });
});
