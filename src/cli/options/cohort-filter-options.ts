import type { Command } from 'commander';
import { canonicalAgentName, HUMAN_OR_UNKNOWN } from '../../core/index.js';
import type { ListResultsQuery } from '../../store/index.js';
import { parseLabels } from '../../runs/index.js';
import { addLabelOption } from './label-option.js';

export interface CohortFilterValues {
  model?: string;
  provider?: string;
  agent?: string;
  projectId?: string;
  label?: string[];
}

/** Adds --model, --provider, --agent, --project-id and --label filters to a reading command. */
export function addCohortFilterOptions(command: Command): Command {
  command
    .option('--model <id>', 'only results of tasks done with this model id (e.g. claude-sonnet-4-5)')
    .option('--provider <name>', 'only results of tasks done with this model provider (e.g. anthropic)')
    .option(
      '--agent <name>',
      `only results of tasks done by this agent (claude, codex, copilot, …; "${HUMAN_OR_UNKNOWN}" for work no evidence names an agent for)`,
    )
    .option('--project-id <id>', 'only results of runs over this project (the id runs show)');
  return addLabelOption(command, 'only results carrying this label');
}

/** The listing filter the flags give. */
export function cohortFilter(
  values: CohortFilterValues,
): Pick<ListResultsQuery, 'model' | 'provider' | 'agent' | 'projectId' | 'labels'> {
  const labels = parseLabels(values.label);
  return {
    ...(values.model ? { model: values.model } : {}),
    ...(values.provider ? { provider: values.provider } : {}),
    // The short name results are stored under, so `--agent claude-code` finds Claude Code's work too.
    ...(values.agent
      ? {
          agent:
            values.agent.trim().toLowerCase() === HUMAN_OR_UNKNOWN
              ? HUMAN_OR_UNKNOWN
              : (canonicalAgentName(values.agent) ?? values.agent),
        }
      : {}),
    ...(values.projectId ? { projectId: values.projectId } : {}),
    ...(Object.keys(labels).length ? { labels } : {}),
  };
}
