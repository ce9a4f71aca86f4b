import { ConfigError } from '../../core/index.js';

/** Finds task ids in text with one compiled pattern. */
export interface IdMatcher {
  /** Distinct ids in the text, in order of first appearance, word-bounded. */
  findAll(text: string): string[];
  /** True when the whole text is one id. */
  isId(text: string): boolean;
}

/** The default task id pattern: `FN-3391`, `KB-12`. */
export const DEFAULT_ID_PATTERN = '[A-Z][A-Z0-9]*-\\d+';

/** Compiles an id pattern once; a pattern that does not compile is a ConfigError naming the option. */
export function compileIdMatcher(idPattern: string = DEFAULT_ID_PATTERN): IdMatcher {
  let anywhere: RegExp;
  let whole: RegExp;
  try {
    // Letters, digits and underscore next to a match mean it is part of a longer word.
    anywhere = new RegExp(`(?<![A-Za-z0-9_])(?:${idPattern})(?![A-Za-z0-9_])`, 'g');
    whole = new RegExp(`^(?:${idPattern})$`);
  } catch (cause) {
    throw new ConfigError(
      'invalid_config',
      `sources.idPattern: ${JSON.stringify(idPattern)} is not a valid regular expression`,
      {
        field: 'sources.idPattern',
        cause,
        hint: 'give the pattern as JavaScript regular expression source, e.g. "[A-Z][A-Z0-9]*-\\\\d+"',
      },
    );
  }
  return {
    findAll(text) {
      const ids: string[] = [];
      anywhere.lastIndex = 0;
      for (let m = anywhere.exec(text); m !== null; m = anywhere.exec(text)) {
        if (m[0] === '') {
          anywhere.lastIndex += 1;
          continue;
        }
        if (!ids.includes(m[0])) ids.push(m[0]);
      }
      return ids;
    },
    isId(text) {
      return text !== '' && whole.test(text);
    },
  };
}
