import { describe, expect, it } from 'vitest';
import { canonicalAgentName, canonicalModelId, modelProviderOf } from './canonical-agent.js';

describe('canonicalAgentName', () => {
  it('gives the short lower-case name of agents it knows, and keeps an orchestrator name as written', () => {
    expect(
      ['claude-code', 'Claude Code', 'CODEX', 'Gemini CLI', 'copilot-swe-agent[bot]', 'executor-2', '  ', null].map(
        canonicalAgentName,
      ),
    ).toEqual(['claude', 'claude', 'codex', 'gemini', 'copilot', 'executor-2', null, null]);
  });
});

describe('canonicalModelId', () => {
  it('writes model ids as their providers do', () => {
    expect(
      [
        'claude Opus 4.6 (1M context)',
        'claude 3.5 Sonnet',
        'openrouter/deepseek/deepseek-r1:free',
        'gemini 2.5 Flash',
        'GPT-4.1',
        '',
        '4.5',
      ].map(canonicalModelId),
    ).toEqual(['claude-opus-4-6', 'claude-3-5-sonnet', 'deepseek-r1', 'gemini-2.5-flash', 'gpt-4.1', null, null]);
  });

  it('knows the provider of the families it can tell', () => {
    expect(['claude-opus-4-5', 'gpt-5-codex', 'gemini-2.5-pro', 'deepseek-r1', null].map(modelProviderOf)).toEqual([
      'anthropic',
      'openai',
      'google',
      null,
      null,
    ]);
  });
});
