import type { RunProgress } from '../../runs/index.js';
import type { StoredResult } from '../../store/index.js';
import { createPhaseProgress, type PhaseProgress } from './phase-progress.js';
import { terminalSafe } from './terminal-safe.js';

export interface ProgressReporterOptions {
  /** Where progress goes (stderr, so stdout keeps only the result). */
  write: (text: string) => void;
  /**
   * 'bar' redraws one line on a terminal, 'lines' prints a line per task, 'phases' says how far the run is
   * every few seconds once it has taken a second (--json: stderr stays short, stdout is only the JSON).
   */
  mode: 'bar' | 'lines' | 'phases';
  width?: number;
  /** The clock the 'phases' lines are timed by. */
  now?: () => number;
}

/** Reports run progress: a redrawn bar on a terminal, a line per task otherwise, a line every few seconds for --json. */
export interface ProgressReporter {
  start(runId: string, total: number): void;
  result(result: StoredResult, progress: RunProgress): void;
  /** Ends the bar's line so later output starts clean. */
  finish(): void;
  /** A warning about the run as a whole, on its own line whatever the mode. */
  warn(message: string): void;
}

export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const { write, mode } = options;
  let drawn = false;
  let phase: PhaseProgress | null = null;
  return {
    start(runId, total) {
      if (mode === 'phases') {
        phase = createPhaseProgress({ write, label: 'evaluating', ...(options.now ? { now: options.now } : {}) });
        return;
      }
      write(`run ${runId}: evaluating ${total} task${total === 1 ? '' : 's'}\n`);
      if (mode === 'bar' && total > 0) {
        write(
          `\r${formatProgressBar({ runId, done: 0, total, scored: 0, skipped: 0, errors: 0, tokens: 0, elapsedMs: 0 }, options.width)}`,
        );
        drawn = true;
      }
    },
    result(result, progress) {
      if (mode === 'phases') return phase?.update(progress.done, progress.total);
      if (mode === 'bar') {
        write(`\r\u001b[2K${formatProgressBar(progress, options.width)}`);
        drawn = true;
        return;
      }
      write(`${formatProgressLine(result, progress)}\n`);
    },
    warn(message) {
      if (drawn) write('\n');
      drawn = false;
      write(`warning: ${message}\n`);
    },
    finish() {
      if (drawn) write('\n');
      drawn = false;
    },
  };
}

/** `[=====>    ] 12/40  errors 1  tokens 12.3k  00:42 elapsed  ETA 01:10` */
export function formatProgressBar(p: RunProgress, width = 20): string {
  const ratio = p.total === 0 ? 1 : p.done / p.total;
  const filled = Math.min(width, Math.floor(ratio * width));
  const bar = filled >= width ? '='.repeat(width) : `${'='.repeat(filled)}>${' '.repeat(width - filled - 1)}`;
  const eta = p.done === 0 || p.done >= p.total ? '--:--' : formatDuration((p.elapsedMs / p.done) * (p.total - p.done));
  return `[${bar}] ${p.done}/${p.total}  errors ${p.errors}  tokens ${formatTokens(p.tokens)}  ${formatDuration(p.elapsedMs)} elapsed  ETA ${eta}`;
}

/** `[12/40] FN-123 scored 78 strong` or `[13/40] FN-124 error: judge unreachable` */
export function formatProgressLine(result: StoredResult, p: RunProgress): string {
  const outcome =
    result.status === 'scored'
      ? `scored ${result.overallScore} ${result.overallBand}`
      : `${result.status}: ${result.reason}`;
  // Reasons quote judges and task text: printed without the escapes they may carry.
  return terminalSafe(`[${p.done}/${p.total}] ${result.taskId} ${outcome}`);
}

/** Tokens as 950, 12.3k or 4.5M. */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** mm:ss, or h:mm:ss past an hour. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}
