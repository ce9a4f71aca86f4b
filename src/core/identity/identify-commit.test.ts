import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTrailers } from '../../evidence/git/parse-trailers.js';
import { compileAgentRules } from './compile-agent-rules.js';
import { identifyBranch, identifyCommit } from './identify-commit.js';

interface PublicCommit {
  origin: string;
  sha: string;
  author: string;
  authorEmail: string;
  committer: string;
  committerEmail: string;
  subject: string;
  body: string;
  expected: { agent: string | null; modelId: string | null; source: string | null };
}

const commits = JSON.parse(
  readFileSync(new URL('./__fixtures__/public-commits.json', import.meta.url), 'utf8'),
) as PublicCommit[];
const rules = compileAgentRules();

describe('identifyCommit on real commits from public repositories', () => {
  it.each(commits.map((c) => [`${c.origin}@${c.sha.slice(0, 10)}`, c] as const))(
    'names the agent, model and source of %s',
    (_, c) => {
      const id = identifyCommit({ ...c, trailers: parseTrailers(c.body) }, rules);
      expect(
        id === null
          ? { agent: null, modelId: null, source: null }
          : { agent: id.agent, modelId: id.modelId, source: id.source },
      ).toEqual(c.expected);
    },
  );

  it('covers every agent the default rules name in these repositories', () => {
    const agents = new Set(commits.map((c) => c.expected.agent).filter(Boolean));
    expect([...agents].sort()).toEqual([
      'aider',
      'amp',
      'claude',
      'codex',
      'copilot',
      'devin',
      'droid',
      'gemini',
      'openhands',
      'renovate',
    ]);
  });
});

describe('identifyCommit on documented formats', () => {
  const base = { subject: 'fix: a thing', author: 'Ada Tester', authorEmail: 'ada@example.test' };
  const cases: [string, Partial<Parameters<typeof identifyCommit>[0]>, string, string | null][] = [
    ['Cursor co-author trailer', { body: 'Co-authored-by: Cursor <cursoragent@cursor.com>' }, 'cursor', null],
    [
      'Cursor background agent author',
      { author: 'Cursor Agent', authorEmail: 'cursoragent@cursor.com' },
      'cursor',
      null,
    ],
    [
      'Copilot coding agent author',
      { author: 'copilot-swe-agent[bot]', authorEmail: '198982749+Copilot@users.noreply.github.com' },
      'copilot',
      null,
    ],
    [
      'Jules bot author',
      { author: 'google-labs-jules[bot]', authorEmail: '161369871+google-labs-jules[bot]@users.noreply.github.com' },
      'jules',
      null,
    ],
    [
      'Devin bot author',
      {
        author: 'devin-ai-integration[bot]',
        authorEmail: '158243242+devin-ai-integration[bot]@users.noreply.github.com',
      },
      'devin',
      null,
    ],
    [
      'Codex connector author',
      {
        author: 'chatgpt-codex-connector[bot]',
        authorEmail: '199175422+chatgpt-codex-connector[bot]@users.noreply.github.com',
      },
      'codex',
      null,
    ],
    ['Codex co-author trailer', { body: 'Co-authored-by: Codex <noreply@openai.com>' }, 'codex', null],
    [
      'Gemini co-author naming its model',
      { body: 'Co-Authored-By: Gemini 2.5 Flash <noreply@google.com>' },
      'gemini',
      'gemini-2.5-flash',
    ],
    [
      'Claude Sonnet 4 trailer',
      { body: 'Co-Authored-By: Claude Sonnet 4 <noreply@anthropic.com>' },
      'claude',
      'claude-sonnet-4',
    ],
    [
      'Claude Code author of its GitHub action',
      { author: 'claude[bot]', authorEmail: '209825114+claude[bot]@users.noreply.github.com' },
      'claude',
      null,
    ],
    [
      'Claude Code footer without a trailer',
      { body: 'Adds the flag.\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)' },
      'claude',
      null,
    ],
    ['Aider subject', { subject: 'aider: add a retry to the fetcher' }, 'aider', null],
    ['Entire agent trailer', { body: 'Entire-Checkpoint: a3b2c4d5e6f7\nEntire-Agent: Claude Code' }, 'claude', null],
    ['OpenCode trailer', { body: 'Co-authored-by: OpenCode <opencode@ai.local>' }, 'opencode', null],
  ];
  it.each(cases)('reads the %s', (_, commit, agent, model) => {
    const c = { ...base, ...commit };
    const id = identifyCommit({ ...c, trailers: parseTrailers(c.body ?? '') }, rules);
    expect(id).toMatchObject({ agent, modelId: model });
  });

  it('takes trailers in message order, and a model only from a rule of the agent it names', () => {
    const body =
      'Co-authored-by: Copilot <223556219+Copilot@users.noreply.github.com>\nCo-Authored-By: Claude Opus 4.5 <noreply@anthropic.com>';
    expect(identifyCommit({ ...base, body, trailers: parseTrailers(body) }, rules)).toMatchObject({
      agent: 'copilot',
      modelId: null,
      source: 'trailer',
    });
  });

  it('lets a user rule win and fill its model from the match', () => {
    const mine = compileAgentRules([
      {
        on: 'trailer',
        pattern: String.raw`^x-agent:\s*(?<name>\w+)\s+model=(?<model>\S+)`,
        agent: '$<name>',
        model: '$<model>',
      },
    ]);
    const body = 'X-Agent: Robo model=robo-large-2\nCo-Authored-By: Claude <noreply@anthropic.com>';
    expect(identifyCommit({ ...base, body, trailers: parseTrailers(body) }, mine)).toMatchObject({
      agent: 'Robo',
      modelId: 'robo-large-2',
    });
  });

  it('says nothing of a plain human commit', () => {
    expect(
      identifyCommit(
        {
          ...base,
          body: 'Signed-off-by: Ada Tester <ada@example.test>',
          trailers: { 'Signed-off-by': ['Ada Tester <ada@example.test>'] },
        },
        rules,
      ),
    ).toBeNull();
  });
});

describe('identifyBranch', () => {
  it('names the agents whose branches carry their name', () => {
    expect(
      [
        'codex/fix-login',
        'copilot/fix-123',
        'claude/issue-9',
        'cursor/add-tests-1a2b',
        'devin/1712-x',
        'feature/codex-ideas',
      ].map((b) => identifyBranch(b, rules)?.agent ?? null),
    ).toEqual(['codex', 'copilot', 'claude', 'cursor', 'devin', null]);
  });
});
