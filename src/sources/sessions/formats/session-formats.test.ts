import { describe, expect, it } from 'vitest';
import { SESSION_FORMAT_SPEC } from '../session-format.js';
import { SESSION_FORMATS, sessionFormat } from './index.js';

describe('the session formats', () => {
  it('registers each agent once, on the current spec, with a label and its reader', () => {
    const agents = SESSION_FORMATS.map((f) => f.agent);
    expect(agents).toEqual([
      'claude-code',
      'codex',
      'gemini-cli',
      'opencode',
      'copilot-cli',
      'pi',
      'cursor',
      'aider',
      'otlp',
    ]);
    expect(new Set(SESSION_FORMATS.map((f) => f.label)).size).toBe(agents.length);
    for (const format of SESSION_FORMATS) {
      expect(format.spec).toBe(SESSION_FORMAT_SPEC);
      expect(sessionFormat(format.agent)).toBe(format);
    }
  });

  it('finds nothing in no home: no agent looks anywhere but the places it is given', async () => {
    for (const format of SESSION_FORMATS) {
      const found = await format.discover({ repoDirs: ['/nonexistent/repo'], home: null, ranIn: () => true });
      expect([...(found.files ?? []), ...(found.sessions ?? [])]).toEqual([]);
    }
  });
});
