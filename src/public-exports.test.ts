import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as taskeval from './index.js';

const INDEX = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
const DOCS = new URL('../docs/', import.meta.url);

describe('the package root', () => {
  it('names every export one by one: no `export *` passes a layer through whole', () => {
    expect(INDEX).not.toMatch(/export \*/);
    expect(Object.keys(taskeval).length).toBeGreaterThan(80);
    expect(
      Object.entries(taskeval)
        .filter(([, value]) => value === undefined)
        .map(([name]) => name),
    ).toEqual([]);
  });

  it('exports the contract whole, so a program can check or reuse it: the evidence order, caps and excerpt rule', () => {
    expect(taskeval.EVIDENCE_SOURCE_ORDER).toEqual([
      'taskMetadata',
      'commits',
      'workflow',
      'reviews',
      'documents',
      'taskActivity',
      'agentLogs',
      'runAudit',
    ]);
    expect(taskeval.MAX_EXCERPT_LENGTH).toBe(500);
    expect(taskeval.truncateExcerpt('x'.repeat(600)).excerpt.endsWith(taskeval.TRUNCATION_MARKER)).toBe(true);
    expect(taskeval.truncateExcerpt('x'.repeat(600)).excerpt.length).toBe(500);
  });

  it('exports no test builder or testing module', () => {
    expect(INDEX).not.toMatch(/\/testing\//);
    expect(Object.keys(taskeval).filter((name) => /^(buildSample|createScripted|startFake)/.test(name))).toEqual([]);
  });

  it('exports every name the docs and README import from it', () => {
    const texts = [
      readFileSync(new URL('../README.md', import.meta.url), 'utf8'),
      ...readdirSync(DOCS)
        .filter((f) => f.endsWith('.md'))
        .map((f) => readFileSync(new URL(f, DOCS), 'utf8')),
    ];
    const named = texts.flatMap((text) =>
      [...text.matchAll(/import \{([^}]+)\} from 'taskeval'/g)].flatMap((m) =>
        m[1]!
          .split(',')
          .map((n) => n.trim().replace(/^type\s+/, ''))
          .filter(Boolean),
      ),
    );
    expect(named.length).toBeGreaterThan(0);
    const types = new Set([...INDEX.matchAll(/type (\w+)/g)].map((m) => m[1]!));
    expect(named.filter((name) => !(name in taskeval) && !types.has(name))).toEqual([]);
  });
});
