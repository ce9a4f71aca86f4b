import { SourceError } from '../../core/index.js';
import { formatSourceProblem } from '../files/index.js';
import type { SourceProblem } from '../source-read-result.js';

/** Problems kept per transcript; the rest are counted in one summary so garbage cannot flood memory. */
export const MAX_PROBLEMS_PER_FILE = 20;

/** A bounded list of problems that throws on the first one when strict. */
export class ProblemList {
  readonly items: SourceProblem[] = [];
  private dropped = 0;

  constructor(
    private readonly path: string,
    private readonly strict = false,
    private readonly max = MAX_PROBLEMS_PER_FILE,
  ) {}

  add(problem: SourceProblem, code: 'source_invalid' | 'source_unreadable' = 'source_invalid'): void {
    if (this.strict) throw sourceProblemError(problem, code);
    if (this.items.length < this.max) this.items.push(problem);
    else this.dropped += 1;
  }

  done(): SourceProblem[] {
    if (this.dropped > 0)
      this.items.push({ path: this.path, message: `${this.dropped} more problems were not listed` });
    this.dropped = 0;
    return this.items;
  }
}

/** The error `--strict` raises for a problem: its located text, and what to do. */
export function sourceProblemError(problem: SourceProblem, code: 'source_invalid' | 'source_unreadable'): SourceError {
  return new SourceError(code, formatSourceProblem(problem), {
    field: problem.field ?? 'source',
    hint: 'Fix the file named above, or drop --strict to read the valid records and report the rest.',
  });
}
