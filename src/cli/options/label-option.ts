import type { Command } from 'commander';
import { ConfigError, parseLabelPairs } from '../../core/index.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Adds the repeatable `--label key=value` (`what` says what the label does for this command). */
export function addLabelOption(command: Command, what: string): Command {
  return command.option('--label <key=value>', `${what} (repeatable), e.g. --label prompt=v2 --label config=CLAUDE.md@3f2a`, collect, []);
}

/** The labels the flags give; a pair without `=` or with an odd key is a usage error naming it. */
export function parseLabelOption(pairs: readonly string[] | undefined): Record<string, string> {
  const parsed = parseLabelPairs(pairs ?? []);
  if (!parsed.ok) {
    throw new ConfigError('usage', `--label: "${parsed.bad}" is not key=value (a key is letters, digits, _ . -)`, { field: '--label' });
  }
  return parsed.labels;
}
