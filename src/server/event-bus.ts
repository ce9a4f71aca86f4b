/** A run changed status or progress. */
export interface RunProgressEvent {
  type: 'run';
  runId: string;
  status: string;
  /** Results so far by status, when known. */
  counts?: Record<string, number>;
  message?: string;
}

/** A result was stored. */
export interface ResultSavedEvent {
  type: 'result';
  runId: string;
  taskId: string;
  resultId?: string;
  status: 'scored' | 'error' | 'skipped';
  overallScore?: number | null;
}

export type ServerEvent = RunProgressEvent | ResultSavedEvent;

export type EventListener = (event: ServerEvent) => void;

/** In-process publish/subscribe between whoever runs evaluations and the SSE endpoint. */
export interface EventBus {
  publish(event: ServerEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: EventListener): () => void;
  /** Current number of subscribers. */
  readonly size: number;
}

/** Creates an event bus; a listener that throws is dropped so it cannot break a run. */
export function createEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          listeners.delete(listener);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
  };
}
