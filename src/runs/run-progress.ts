import type { StoredResult } from '../store/index.js';

/** Where a run stands, sent after each stored result. */
export interface RunProgress {
  runId: string;
  done: number;
  total: number;
  scored: number;
  skipped: number;
  errors: number;
  /** Judge tokens spent so far (input + output). */
  tokens: number;
  /** Milliseconds since the run started, by the injected clock. */
  elapsedMs: number;
}

/** Callbacks a run reports through; each is optional and must not throw. */
export interface RunObserver {
  onStart?: (info: { runId: string; total: number }) => void;
  onResult?: (result: StoredResult, progress: RunProgress) => void;
  onProgress?: (progress: RunProgress) => void;
  /** Something about the run as a whole worth a look (a judge that looks broken), said once as it finishes. */
  onWarning?: (message: string) => void;
}
