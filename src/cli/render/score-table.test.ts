import { describe, expect, it } from 'vitest';
import { buildScoredResult, EVIDENCE_SOURCE_ORDER, type ScoredResult, type TaskResult } from '../../core/index.js';
import { renderScoreReasons } from './score-reasons.js';
import { DETERMINISTIC_ONLY_FOOTER, NO_EVIDENCE_FOOTER, renderScoreTable } from './score-table.js';
import { renderResultDetail } from './result-detail.js';
import type { StoredResult } from '../../store/index.js';

function scored(taskId: string, title: string, scores: [number, number, number]): ScoredResult {
  const [ap, toq, pc] = scores;
  return buildScoredResult({
    taskId,
    title,
    bundle: {
      taskId,
      runId: 'r',
      groups: EVIDENCE_SOURCE_ORDER.map((source) => ({ source, entries: [], total: 0, omitted: 0 })),
      digest: 'a'.repeat(64),
    },
    assessment: {
      rubricVersion: 'test',
      values: {},
      categories: {
        agentPerformance: {
          score: ap,
          contributions: [
            {
              category: 'agentPerformance',
              rule: 'review.revise',
              label: 'two REVISE rounds',
              points: -10,
              evidence: [],
            },
          ],
        },
        taskOutcomeQuality: {
          score: toq,
          contributions: [
            {
              category: 'taskOutcomeQuality',
              rule: 'history.reverted',
              label: 'reverted later',
              points: -40,
              evidence: [],
            },
          ],
        },
        processCompliance: {
          score: pc,
          contributions: [
            { category: 'processCompliance', rule: 'workflow.passed', label: 'tests passed', points: 15, evidence: [] },
          ],
        },
      },
    },
    provenance: {
      provider: null,
      model: null,
      promptVersion: null,
      rubricVersion: 'test',
      bundleDigest: 'a'.repeat(64),
      usage: null,
      costUsd: null,
      cached: false,
      samples: 1,
      spread: null,
    },
  });
}

describe('renderScoreTable', () => {
  it('prints one aligned row per task with each category score and band, the overall and the mode', () => {
    const text = renderScoreTable([
      scored('T-1', 'A short title', [80, 90, 70]),
      scored('T-22', 'Another', [30, 20, 50]),
    ]);
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'TASK  TITLE          AGENT       OUTCOME       PROCESS        OVERALL     MODE',
      'T-1   A short title  80 strong   90 excellent  70 acceptable  82 strong   deterministic only',
      'T-22  Another        30 failing  20 failing    50 weak        31 failing  deterministic only',
    ]);
    expect(text).toContain(`\n${DETERMINISTIC_ONLY_FOOTER}\n`);
  });

  it('truncates long titles and has no colour codes unless asked', () => {
    const text = renderScoreTable([scored('T-1', 'x'.repeat(100), [50, 50, 50])]);
    expect(text).toContain(`${'x'.repeat(39)}…`);
    expect(text).not.toContain('\u001b[');
    expect(renderScoreTable([scored('T-1', 't', [50, 50, 50])], { colour: true })).toContain('\u001b[33m50 weak');
  });

  it('shows error and skipped results as rows with their reasons', () => {
    const error: TaskResult = {
      taskId: 'T-9',
      title: null,
      status: 'error',
      reason: 'boom',
      transient: false,
      rawAnswer: null,
      evidenceBundle: null,
      signals: null,
      provenance: null,
    };
    const text = renderScoreTable([scored('T-1', 'A short title', [80, 90, 70]), error]);
    expect(text.split('\n')[2]).toBe('T-9                  -          -             -              -          error');
    expect(text).toContain('\nT-9: error: boom\n');
    expect(renderScoreTable([error])).not.toContain(DETERMINISTIC_ONLY_FOOTER);
  });
});

describe('renderScoreReasons', () => {
  it('names the largest contributions of each task first', () => {
    expect(renderScoreReasons([scored('T-1', 't', [50, 40, 60])], 2)).toBe(
      'T-1 48 weak: -40 reverted later (outcome); +15 tests passed (process)\n',
    );
  });
});

describe('coverage and hindsight in the outputs', () => {
  it('marks a category no evidence informed with * and explains it once', () => {
    const result = scored('T-1', 'only a title', [70, 60, 60]);
    result.signals.coverage = { agentPerformance: [], taskOutcomeQuality: ['taskMetadata'], processCompliance: [] };
    const text = renderScoreTable([result]);
    expect(text.split('\n')[1]).toContain('70 acceptable *');
    expect(text.split('\n')[1]).toContain('60 acceptable  ');
    expect(text).toContain(NO_EVIDENCE_FOOTER);
    expect(renderScoreTable([scored('T-2', 'x', [70, 60, 60])])).not.toContain(NO_EVIDENCE_FOOTER);
  });

  it('shows what happened after the task apart from the evidence at completion, and the mode', () => {
    const result = scored('T-1', 'reverted', [70, 39, 60]);
    result.signals.hindsight = true;
    result.signals.coverage = { agentPerformance: [], taskOutcomeQuality: ['commits'], processCompliance: ['commits'] };
    result.signals.categories.taskOutcomeQuality.contributions = [
      { category: 'taskOutcomeQuality', rule: 'risk.size', label: '40 code lines added', points: -4, evidence: [] },
      {
        category: 'taskOutcomeQuality',
        rule: 'history.reverted',
        label: 'reverted later',
        points: -30,
        evidence: ['task-history'],
        hindsight: true,
      },
    ];
    const text = renderResultDetail(
      {
        ...result,
        id: 'res_1',
        runId: 'run_1',
        projectId: 'p',
        completedAt: null,
        evaluatedAt: '2026-04-01T00:00:00Z',
        snapshot: {},
      } as unknown as StoredResult,
      { colour: false },
    );
    const outcome = text.slice(text.indexOf('Task outcome quality'));
    expect(outcome).toMatch(/signals:\n {4}-4 {2}40 code lines added/);
    expect(outcome).toMatch(/what happened after \(hindsight\):\n {4}-30 {2}reverted later/);
    expect(text).toContain('evidence groups: none: no evidence, the score is the base');
    expect(text).toContain('scored with hindsight: later history (reverts, later fixes) read');
  });
});
