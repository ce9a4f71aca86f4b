import type { ScoreBand } from '../../core/index.js';

const ANSI: Record<ScoreBand, string> = {
  failing: '\u001b[31m',
  weak: '\u001b[33m',
  acceptable: '\u001b[36m',
  strong: '\u001b[32m',
  excellent: '\u001b[1;32m',
};

/**
 * Whether output may carry colour: FORCE_COLOR (other than 0) forces it on; NO_COLOR (non-empty, as
 * no-color.org says) or `--no-color` (which sets it) and TERM=dumb turn it off; otherwise a terminal has it.
 */
export function useColour(isTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false')
    return true;
  if (env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false;
  return isTTY && !env.NO_COLOR && env.TERM !== 'dumb';
}

/** A styler that colours text by band, or leaves it alone when colour is off. */
export function bandStyle(band: ScoreBand, colour: boolean): ((text: string) => string) | undefined {
  return colour ? (text) => `${ANSI[band]}${text}\u001b[0m` : undefined;
}
