import { createHash } from 'node:crypto';
import {
  EVIDENCE_SOURCE_ORDER,
  type DeterministicAssessment,
  type EvidenceBundle,
  type EvidenceEntry,
} from '../../core/index.js';
import type { JudgeTaskSummary } from '../build-judge-prompt.js';

/** A bundle holding `entries` (placed in their source's group), with a digest of its content. */
export function sampleBundle(entries: EvidenceEntry[] = defaultEntries(), taskId = 'FN-1'): EvidenceBundle {
  const groups = EVIDENCE_SOURCE_ORDER.map((source) => {
    const inGroup = entries.filter((e) => e.source === source);
    return { source, entries: inGroup, total: inGroup.length, omitted: 0 };
  });
  const digest = createHash('sha256').update(JSON.stringify({ taskId, groups })).digest('hex');
  return { taskId, runId: 'run-test', groups, digest };
}

export function defaultEntries(): EvidenceEntry[] {
  return [
    { id: 'task-FN-1', source: 'taskMetadata', label: 'Task FN-1: add login', ref: { taskId: 'FN-1' } },
    {
      id: 'commit-abc123',
      source: 'commits',
      label: 'feat(FN-1): add login form',
      timestamp: '2026-01-02T10:00:00Z',
      ref: { sha: 'abc123' },
    },
    {
      id: 'workflow-tests',
      source: 'workflow',
      label: 'tests passed',
      excerpt: '42 passed',
      ref: { stepId: 'tests', status: 'passed' },
    },
  ];
}

/** A deterministic assessment with the given scores. */
export function sampleAssessment(scores: [number, number, number] = [70, 60, 80]): DeterministicAssessment {
  return {
    rubricVersion: 'rubric-test-1',
    values: {},
    categories: {
      agentPerformance: {
        score: scores[0],
        contributions: [
          { category: 'agentPerformance', rule: 'base', label: 'base score', points: scores[0], evidence: [] },
        ],
      },
      taskOutcomeQuality: {
        score: scores[1],
        contributions: [
          {
            category: 'taskOutcomeQuality',
            rule: 'workflow.passed',
            label: 'tests passed',
            points: 10,
            evidence: ['workflow-tests'],
          },
        ],
      },
      processCompliance: { score: scores[2], contributions: [] },
    },
  };
}

export const SAMPLE_TASK: JudgeTaskSummary = {
  id: 'FN-1',
  title: 'Add login',
  description: 'Add a login form.',
  status: 'done',
};
