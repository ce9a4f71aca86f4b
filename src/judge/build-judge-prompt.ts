import {
  SCORE_CATEGORIES,
  type DeterministicAssessment,
  type EvidenceBundle,
  type EvidenceSource,
} from '../core/index.js';
import { escapeBlock, escapeInline, formatEvidenceRecord } from './format-evidence-record.js';
import {
  ANSWER_FORMAT,
  CATEGORY_GUIDE,
  JUDGE_SYSTEM_PROMPT,
  PROMPT_VERSION,
  RETRY_FEEDBACK_HEADING,
  RETRY_FEEDBACK_TEXT,
  SCORE_LEVEL_RANGES,
  UNTRUSTED_NOTE,
} from './judge-prompt-template.js';

/** What the judge is told about the task itself (untrusted: it comes from the task record). */
export interface JudgeTaskSummary {
  id: string;
  title: string | null;
  description?: string | null;
  status?: string | null;
}

export interface JudgePromptInput {
  task: JudgeTaskSummary;
  assessment: DeterministicAssessment;
  bundle: EvidenceBundle;
  /** Entries left out of each group to fit the model's context (fitJudgePrompt), said in the group's line. */
  dropped?: Partial<Record<EvidenceSource, number>>;
}

export interface JudgePrompt {
  system: string;
  prompt: string;
  promptVersion: string;
}

/** Builds the judge prompt; pure, so the same inputs always give the same text. */
export function buildJudgePrompt(input: JudgePromptInput): JudgePrompt {
  const sections = [
    `# Evaluate one completed task`,
    categoriesSection(),
    taskSection(input.task, statementIds(input.bundle)),
    signalsSection(input.assessment),
    evidenceSection(input.bundle, input.dropped ?? {}),
    `## Answer\n${ANSWER_FORMAT}`,
  ];
  return { system: JUDGE_SYSTEM_PROMPT, prompt: sections.join('\n\n'), promptVersion: PROMPT_VERSION };
}

/** The prompt of a retry: the original followed by the validation problem. */
export function withRetryFeedback(prompt: string, problem: string): string {
  return `${prompt}\n\n${RETRY_FEEDBACK_HEADING}\n${RETRY_FEEDBACK_TEXT}\n${escapeBlock(problem)}`;
}

function categoriesSection(): string {
  const parts = SCORE_CATEGORIES.map((category) => {
    const guide = CATEGORY_GUIDE[category];
    const levels = guide.levels.map((level, i) => `- ${SCORE_LEVEL_RANGES[i]} ${level}`);
    return [`### ${category}`, `Measures ${guide.measures}.`, ...levels].join('\n');
  });
  return ['## Categories and score levels', ...parts].join('\n\n');
}

/** The statement's parts shown as evidence (collectStatementEntries), so the task section need not repeat them. */
function statementIds(bundle: EvidenceBundle): string[] {
  const documents = bundle.groups.find((g) => g.source === 'documents');
  return (documents?.entries ?? []).filter((e) => /^statement-\d+$/.test(e.id)).map((e) => e.id);
}

function taskSection(task: JudgeTaskSummary, statement: readonly string[]): string {
  const lines = [
    '## Task',
    '<<<TASK>>>',
    `id: ${escapeInline(task.id)}`,
    `title: ${escapeInline(task.title ?? '(none)')}`,
  ];
  if (task.status) lines.push(`status: ${escapeInline(task.status)}`);
  if (statement.length > 0) lines.push(`description: in the evidence records ${statement.join(', ')}`);
  else if (task.description) lines.push('description:', escapeBlock(task.description));
  lines.push('<<<END TASK>>>');
  return lines.join('\n');
}

function signalsSection(assessment: DeterministicAssessment): string {
  // The rules that fired and which way, never the rubric's number: a judge shown 73 tends to answer 73.
  const lines = [
    `## Deterministic signals`,
    `What the rubric (${escapeInline(assessment.rubricVersion)}) found in the evidence, as context: judge the evidence yourself.`,
  ];
  for (const category of SCORE_CATEGORIES) {
    const { contributions } = assessment.categories[category];
    lines.push('', `### ${category}`);
    if (contributions.length === 0) lines.push('- (no rule applied)');
    for (const c of contributions) {
      const cites = c.evidence.length ? ` [evidence: ${c.evidence.map(escapeInline).join(', ')}]` : '';
      const way = c.points > 0 ? 'counts for' : c.points < 0 ? 'counts against' : 'noted';
      lines.push(`- ${way}: ${escapeInline(c.rule)}: ${escapeInline(c.label)}${cites}`);
    }
  }
  return lines.join('\n');
}

function evidenceSection(bundle: EvidenceBundle, dropped: Partial<Record<EvidenceSource, number>>): string {
  const lines = ['## Evidence', UNTRUSTED_NOTE];
  for (const group of bundle.groups) {
    const omitted = group.omitted ? `, ${group.omitted} older omitted` : '';
    const left = dropped[group.source] ? `, ${dropped[group.source]} more left out to fit the context` : '';
    lines.push('', `group ${group.source}: ${group.entries.length} of ${group.total} entries${omitted}${left}`);
    for (const entry of group.entries) lines.push(formatEvidenceRecord(entry));
  }
  return lines.join('\n');
}
