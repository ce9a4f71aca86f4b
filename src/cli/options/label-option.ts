import type { Command } from 'commander';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Adds the repeatable `--label key=value` (`what` says what the label does for this command). */
export function addLabelOption(command: Command, what: string): Command {
  return command.option(
    '--label <key=value>',
    `${what} (repeatable), e.g. --label prompt=v2 --label config=CLAUDE.md@3f2a`,
    collect,
    [],
  );
}
