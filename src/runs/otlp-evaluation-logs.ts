import { SCORE_CATEGORIES } from '../core/index.js';
import type { StoredResult } from '../store/index.js';

/** The OpenTelemetry GenAI event a score is: one per category and one for the overall score. */
export const EVALUATION_EVENT = 'gen_ai.evaluation.result';

type AnyValue = { stringValue: string } | { doubleValue: number } | { intValue: string };
export interface OtlpAttribute {
  key: string;
  value: AnyValue;
}
export interface OtlpLogRecord {
  timeUnixNano: string;
  observedTimeUnixNano: string;
  eventName: string;
  severityNumber: number;
  severityText: string;
  body: { stringValue: string };
  attributes: OtlpAttribute[];
}

const SEVERITY_INFO = 9;
const SEVERITY_ERROR = 17;
const EXPLANATION_CHARS = 4_000;

const text = (key: string, value: string | null | undefined): OtlpAttribute[] =>
  value === null || value === undefined || value === '' ? [] : [{ key, value: { stringValue: value } }];
const nanos = (iso: string) => `${BigInt(Date.parse(iso)) * 1_000_000n}`;

/** The first linked session's id, which trace viewers join on (gen_ai.conversation.id); null when none is known. */
function sessionIdOf(result: StoredResult): string | null {
  const ids = (result.taskSnapshot as { sessionIds?: unknown } | null)?.sessionIds;
  return Array.isArray(ids) && typeof ids[0] === 'string' ? ids[0] : null;
}

/**
 * A stored result as OpenTelemetry GenAI evaluation events: per category and overall, the score, its band as
 * the label, and the rationale with the evidence ids it cites as the explanation, joined to the agent's session
 * where one is known. Scores made without a judge say "deterministic only"; a failed evaluation is one event with
 * `error.type` and its reason, never a score; a skipped task has none.
 */
export function evaluationLogRecords(result: StoredResult, observedAt: string): OtlpLogRecord[] {
  if (result.status === 'skipped') return [];
  const common = [
    ...text('gen_ai.conversation.id', sessionIdOf(result)),
    ...text('gen_ai.agent.name', result.cohort.agent),
    ...text('gen_ai.provider.name', result.cohort.modelProvider),
    ...text('gen_ai.request.model', result.cohort.modelId),
    ...text('taskeval.task.id', result.taskId),
    ...text('taskeval.run.id', result.runId),
    ...text('taskeval.result.id', result.id),
  ];
  const record = (severity: number, body: string, attributes: OtlpAttribute[]): OtlpLogRecord => ({
    timeUnixNano: nanos(result.evaluatedAt),
    observedTimeUnixNano: nanos(observedAt),
    eventName: EVALUATION_EVENT,
    severityNumber: severity,
    severityText: severity === SEVERITY_ERROR ? 'ERROR' : 'INFO',
    body: { stringValue: body },
    attributes: [...attributes, ...common],
  });
  if (result.status === 'error')
    return [
      record(SEVERITY_ERROR, `${result.taskId}: not evaluated: ${result.reason}`, [
        ...text('gen_ai.evaluation.name', 'overall'),
        ...text('error.type', result.transient ? 'taskeval.judge_unavailable' : 'taskeval.evaluation_failed'),
        ...text('gen_ai.evaluation.explanation', result.reason),
      ]),
    ];
  const mode =
    result.mode === 'hybrid' ? `hybrid (judge ${result.provenance.model ?? 'unknown'})` : 'deterministic only';
  const scores = [
    ...SCORE_CATEGORIES.map((category) => {
      const c = result.categoryScores.find((s) => s.category === category)!;
      const cited = c.evidence.length ? ` [cites ${c.evidence.join(', ')}]` : '';
      return { name: category, value: c.finalScore, band: c.band, explanation: `${c.rationale}${cited}` };
    }),
    {
      name: 'overall',
      value: result.overallScore,
      band: result.overallBand,
      explanation: result.overallRationale ?? `weighted blend of the three categories`,
    },
  ];
  return scores.map((s) =>
    record(SEVERITY_INFO, `${result.taskId} ${s.name}: ${s.value} (${s.band}), ${mode}`, [
      ...text('gen_ai.evaluation.name', s.name),
      { key: 'gen_ai.evaluation.score.value', value: { doubleValue: s.value } },
      ...text('gen_ai.evaluation.score.label', s.band),
      ...text('gen_ai.evaluation.explanation', `${mode}: ${s.explanation}`.slice(0, EXPLANATION_CHARS)),
      ...text('taskeval.mode', result.mode),
      ...text('taskeval.rubric.version', result.provenance.rubricVersion),
    ]),
  );
}

/** One OTLP/HTTP JSON logs request (ExportLogsServiceRequest) holding the records, from taskeval's scope. */
export function otlpLogsRequest(records: readonly OtlpLogRecord[], version: string): object {
  return {
    resourceLogs: [
      {
        resource: { attributes: text('service.name', 'taskeval') },
        scopeLogs: [{ scope: { name: 'taskeval', version }, logRecords: records }],
      },
    ],
  };
}
