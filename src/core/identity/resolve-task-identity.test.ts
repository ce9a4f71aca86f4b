import { describe, expect, it } from 'vitest';
import type { TaskIdentity } from './agent-identity.js';
import { compileAgentRules } from './compile-agent-rules.js';
import { resolveTaskIdentity } from './resolve-task-identity.js';

const rules = compileAgentRules();
const commit = (body: string, author = 'Ada Tester', subject = 'fix: x') => {
  const trailers: Record<string, string[]> = {};
  for (const line of body.split('\n')) {
    const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (m) (trailers[m[1]!] ??= []).push(m[2]!);
  }
  return { subject, body, trailers, author, authorEmail: `${author.toLowerCase().replace(/\W+/g, '.')}@example.test` };
};
const claude = commit('Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>');
const amp = commit('Co-authored-by: Amp <amp@ampcode.com>');
const human = commit('');

describe('resolveTaskIdentity', () => {
  it('infers agent and model from trailers, with the shares of a task whose commits mix agents', () => {
    const id = resolveTaskIdentity({ task: {}, commits: [claude, claude, amp, human], rules });
    expect(id).toMatchObject({
      agent: 'claude',
      modelId: 'claude-opus-4-5',
      source: 'trailer',
      modelSource: 'trailer',
      evidence: 'Co-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>',
    });
    expect(id.shares).toEqual([
      { agent: 'claude', commits: 2, share: 0.5 },
      { agent: 'amp', commits: 1, share: 0.25 },
      { agent: 'human or unknown', commits: 1, share: 0.25 },
    ]);
  });

  it('keeps a model the rules do not know, and takes the model on most commits, quoting a commit that names it', () => {
    const fable = commit('Co-Authored-By: Claude Fable 5 <noreply@anthropic.com>');
    const opus = commit('Co-Authored-By: Claude Opus 4.6 <noreply@anthropic.com>');
    // 13 Fable commits then 7 Opus ones: the newest names Opus, most name Fable.
    const id = resolveTaskIdentity({ task: {}, commits: [...Array(13).fill(fable), ...Array(7).fill(opus)], rules });
    expect(id).toMatchObject({
      agent: 'claude',
      modelId: 'claude-fable-5',
      evidence: 'Co-Authored-By: Claude Fable 5 <noreply@anthropic.com>',
    });
    // A tie goes to the newer model.
    expect(resolveTaskIdentity({ task: {}, commits: [fable, opus], rules }).modelId).toBe('claude-opus-4-6');
    // `Claude Code` names the agent, not a model.
    const code = commit('Co-Authored-By: Claude Code <noreply@anthropic.com>');
    expect(resolveTaskIdentity({ task: {}, commits: [code], rules })).toMatchObject({ agent: 'claude', modelId: null });
  });

  it('reads the trailers projects ask of AI help: Assisted-by, Generated-by, Co-developed-by', () => {
    const cases: [string, string, string | null][] = [
      ['Assisted-by: Claude:claude-opus-4-6', 'claude', 'claude-opus-4-6'],
      ['Assisted-by: Claude Code', 'claude', null],
      ['Co-developed-by: Claude Sonnet 4.5 <noreply@anthropic.com>', 'claude', 'claude-sonnet-4-5'],
      ['Generated-by: GitHub Copilot', 'copilot', null],
      ['Assisted-by: Codex:gpt-5-codex', 'codex', 'gpt-5-codex'],
      ['Assisted-by: Gemini CLI 2.5 Pro', 'gemini', 'gemini-2.5-pro'],
      ['Generated-by: gemini:gemini-2.5-flash', 'gemini', 'gemini-2.5-flash'],
    ];
    for (const [trailer, agent, model] of cases)
      expect(resolveTaskIdentity({ task: {}, commits: [commit(trailer)], rules }), trailer).toMatchObject({
        agent,
        modelId: model,
      });
    expect(
      resolveTaskIdentity({ task: {}, commits: [commit('Co-developed-by: Ada Tester <ada@example.test>')], rules })
        .agent,
    ).toBeNull();
  });

  it('lets the task record win over the commits, and then takes no model from them', () => {
    const id = resolveTaskIdentity({ task: { agent: 'codex' }, commits: [claude], rules });
    expect(id).toMatchObject({ agent: 'codex', source: 'task-record', modelId: null, modelSource: null });
    expect(id.shares).toEqual([{ agent: 'claude', commits: 1, share: 1 }]);
  });

  it('fills the model from the commits when the record names the same agent', () => {
    expect(resolveTaskIdentity({ task: { agent: 'Claude Code' }, commits: [claude], rules })).toMatchObject({
      agent: 'claude',
      source: 'task-record',
      modelId: 'claude-opus-4-5',
      modelSource: 'trailer',
    });
  });

  it('keeps what a linked session said, marked session', () => {
    const identity: TaskIdentity = {
      agent: 'codex',
      agentVersion: '0.46.0',
      modelId: 'gpt-5-codex',
      source: 'session',
      agentVersionSource: 'session',
      modelSource: 'session',
      evidence: 'Codex rollout rollout-1.jsonl',
      shares: [],
      agentLineShare: null,
    };
    const id = resolveTaskIdentity({
      task: { agent: 'codex', agentVersion: '0.46.0', modelId: 'gpt-5-codex', identity },
      commits: [claude],
      rules,
    });
    expect(id).toMatchObject({
      agent: 'codex',
      agentVersion: '0.46.0',
      modelId: 'gpt-5-codex',
      source: 'session',
      agentVersionSource: 'session',
      modelSource: 'session',
      evidence: 'Codex rollout rollout-1.jsonl',
    });
  });

  it('names the agent of a transcript when nothing else does', () => {
    const agentLogs = [
      { timestamp: '2026-01-01T00:00:00Z', type: 'tool' as const, text: 'ls', agent: 'claude-code' },
      { timestamp: '2026-01-01T00:00:01Z', type: 'text' as const, text: 'hi', agent: 'user' },
    ];
    expect(resolveTaskIdentity({ task: { agentLogs }, commits: null, rules })).toMatchObject({
      agent: 'claude',
      source: 'session',
    });
  });

  it('takes the agent of a branch for commits that name none themselves', () => {
    const id = resolveTaskIdentity({ task: {}, commits: [human, human], branches: ['codex/fix-login'], rules });
    expect(id).toMatchObject({ agent: 'codex', source: 'branch', evidence: 'codex/fix-login' });
    expect(id.shares).toEqual([{ agent: 'codex', commits: 2, share: 1 }]);
  });

  it("takes the agent of the pull request's author over its branch, as a bot author of its commits", () => {
    for (const [login, agent] of [
      ['copilot-swe-agent[bot]', 'copilot'],
      ['Copilot', 'copilot'],
      ['devin-ai-integration[bot]', 'devin'],
      ['chatgpt-codex-connector[bot]', 'codex'],
      ['claude[bot]', 'claude'],
    ] as const) {
      const id = resolveTaskIdentity({
        task: {},
        commits: [human],
        branches: ['jules/fix-login'],
        openedBy: login,
        rules,
      });
      expect(id, login).toMatchObject({ agent, source: 'author' });
    }
    // A person's login names no agent: the branch still does.
    const person = resolveTaskIdentity({
      task: {},
      commits: [human],
      branches: ['jules/x'],
      openedBy: 'octocat',
      rules,
    });
    expect(person).toMatchObject({ agent: 'jules', source: 'branch' });
  });

  it('says human or unknown when no evidence names an agent, and reads Entire line shares', () => {
    const entire = commit('Entire-Checkpoint: a3b2c4d5e6f7\nEntire-Attribution: 73% agent (146/200 lines)');
    const other = commit('Entire-Attribution: 50% agent (50/100 lines)');
    const id = resolveTaskIdentity({ task: {}, commits: [entire, other], rules });
    expect(id).toMatchObject({ agent: null, source: null, modelId: null });
    expect(id.shares).toEqual([{ agent: 'human or unknown', commits: 2, share: 1 }]);
    expect(id.agentLineShare).toBe(0.653);
  });
});
