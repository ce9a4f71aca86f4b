import { LifecycleError } from '../core/index.js';

/** Run statuses (contract section 8). */
export const RUN_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** What started a run (contract section 8). */
export const RUN_TRIGGERS = ['manual', 'schedule', 'api', 'task_completion'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** Event types of a run's append-only trail (contract section 8). */
export const RUN_EVENT_TYPES = ['status_changed', 'task_evaluated', 'info', 'warning', 'error'] as const;
export type RunEventType = (typeof RUN_EVENT_TYPES)[number];

export const TERMINAL_STATUSES: readonly RunStatus[] = ['completed', 'failed', 'cancelled'];
/** Triggers that may have at most one active run per project. */
export const EXCLUSIVE_TRIGGERS: readonly RunTrigger[] = ['schedule', 'task_completion'];

const ALLOWED: Readonly<Record<RunStatus, readonly RunStatus[]>> = {
  pending: ['running', 'completed', 'failed', 'cancelled'],
  running: ['completed', 'failed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

export function isTerminalStatus(status: RunStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** Whether the lifecycle allows moving a run from one status to another. */
export function canTransition(from: RunStatus, to: RunStatus): boolean {
  return ALLOWED[from].includes(to);
}

/** Throws the lifecycle error for a move the contract forbids. */
export function assertTransition(runId: string, from: RunStatus, to: RunStatus): void {
  if (isTerminalStatus(from)) {
    throw new LifecycleError(
      'terminal_immutable',
      `run ${runId} is ${from} and can no longer change (asked to become ${to})`,
      {
        hint: 'start a new run instead',
      },
    );
  }
  if (!canTransition(from, to)) {
    throw new LifecycleError(
      'invalid_transition',
      `run ${runId} cannot go from ${from} to ${to}; allowed from ${from}: ${ALLOWED[from].join(', ')}`,
    );
  }
}

/** Throws unless the run accepts new results and events. */
export function assertWritable(runId: string, status: RunStatus, what: 'result' | 'event'): void {
  if (isTerminalStatus(status)) {
    throw new LifecycleError('terminal_immutable', `run ${runId} is ${status}; a terminal run takes no more ${what}s`);
  }
  if (what === 'result' && status !== 'running') {
    throw new LifecycleError(
      'run_not_running',
      `run ${runId} is ${status}; results are saved only while it is running`,
      {
        hint: 'transition the run to running first',
      },
    );
  }
}
