import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCORE_CATEGORIES } from '../score-categories.js';
import { describeRulePoints, RUBRIC_BASE, RUBRIC_RULES, type RuleSpec } from './rubric-rules.js';
import { RUBRIC_VERSION } from './rubric-version.js';

const docs = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../docs/rubric.md'), 'utf8');

/** The text of `## <category>` up to the next `## ` heading. */
function section(category: string): string {
  const start = docs.indexOf(`\n## ${category}\n`);
  if (start < 0) throw new Error(`docs/rubric.md has no "## ${category}" section`);
  const end = docs.indexOf('\n## ', start + 1);
  return docs.slice(start, end < 0 ? undefined : end);
}

/** rule id → points column of each table row in a section. */
function documentedRules(text: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const m of text.matchAll(/^\| `([^`]+)` \| ([^|]+) \|/gm)) rows.set(m[1]!, m[2]!.trim());
  return rows;
}

describe('docs/rubric.md', () => {
  it('names the rubric version at the top', () => {
    expect(docs.split('\n').slice(0, 4).join('\n')).toContain(`\`rubricVersion: ${RUBRIC_VERSION}\``);
  });

  it.each(SCORE_CATEGORIES)(
    'documents %s with its base and exactly the rules and points the code applies',
    (category) => {
      const text = section(category);
      expect(text).toContain(`\nBase: ${RUBRIC_BASE[category]}\n`);
      const code = new Map(
        Object.entries(RUBRIC_RULES[category] as Record<string, RuleSpec>).map(([rule, spec]) => [
          rule,
          describeRulePoints(spec),
        ]),
      );
      expect(documentedRules(text)).toEqual(code);
    },
  );
});
