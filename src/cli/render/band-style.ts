import type { ScoreBand } from '../../core/index.js';

const ANSI: Record<ScoreBand, string> = {
  failing: '\u001b[31m',
  weak: '\u001b[33m',
  acceptable: '\u001b[36m',
  strong: '\u001b[32m',
  excellent: '\u001b[1;32m',
};

/** Whether output may carry colour: a terminal, and neither NO_COLOR nor TERM=dumb. */
export function useColour(isTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  return isTTY && env.NO_COLOR === undefined && env.TERM !== 'dumb';
}

/** A styler that colours text by band, or leaves it alone when colour is off. */
export function bandStyle(band: ScoreBand, colour: boolean): ((text: string) => string) | undefined {
  return colour ? (text) => `${ANSI[band]}${text}\u001b[0m` : undefined;
}
