export interface PhaseProgressOptions {
  write: (text: string) => void;
  /** What is being done, as the line starts: `scoring`. */
  label: string;
  now?: () => number;
  /** Nothing is said of a phase shorter than this. */
  firstAfterMs?: number;
  /** At most one line this often. */
  everyMs?: number;
  /** What is counted: `tasks` unless said. */
  noun?: string;
}

/** A phase that may be long says how far it is on stderr: silent for the first second, then a line every few. */
export interface PhaseProgress {
  /** Without a total (a file read as it streams), the line says how many so far; past it, the total is what is done. */
  update(done: number, total?: number): void;
}

export function createPhaseProgress(options: PhaseProgressOptions): PhaseProgress {
  const now = options.now ?? Date.now;
  const first = options.firstAfterMs ?? 1_000;
  const every = options.everyMs ?? 2_000;
  const noun = options.noun ?? 'tasks';
  const started = now();
  let last = Number.NEGATIVE_INFINITY;
  let said = false;
  return {
    update(done, given) {
      // A count known before the phase (a run's tasks) can fall short of what it meets: never above 100%.
      const total = given === undefined ? undefined : Math.max(done, given);
      const at = now();
      if (at - started < first) return;
      // The last line is said once a phase that said anything ends, so it never seems to stop short.
      if (at - last < every && !(done === total && said)) return;
      last = at;
      said = true;
      const seconds = Math.round((at - started) / 1000);
      if (total === undefined) {
        options.write(`${options.label}: ${done.toLocaleString('en-US')} ${noun} so far (${seconds}s)\n`);
        return;
      }
      const share = total ? Math.floor((done / total) * 100) : 100;
      options.write(
        `${options.label}: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun} (${share}%, ${seconds}s)\n`,
      );
    },
  };
}
