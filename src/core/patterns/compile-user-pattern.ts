import { RE2JS } from 're2js';

/** The longest text a user's pattern is matched against; the rest of a longer text is not looked at. */
export const MAX_PATTERN_TEXT = 16_384;
/** The longest pattern source taken from configuration. */
export const MAX_PATTERN_SOURCE = 1_000;

/** What taskeval asks of a compiled pattern: the subset of RegExp the rules use, with the same answers. */
export interface TextPattern {
  readonly source: string;
  /** The first match at or after `from`, as RegExp.exec gives it (index, numbered and named groups). */
  exec(text: string, from?: number): RegExpExecArray | null;
  test(text: string): boolean;
}

export interface UserPatternOptions {
  ignoreCase?: boolean;
}

/**
 * Why a pattern from configuration cannot be used, or null when it can. A user's pattern is JavaScript
 * regular-expression source that must also run on RE2's linear-time engine: no back-references or
 * look-arounds, so no pattern and no text can make matching take more than time linear in the text.
 */
export function userPatternProblem(source: string): string | null {
  if (source.length > MAX_PATTERN_SOURCE) return `longer than ${MAX_PATTERN_SOURCE} characters`;
  try {
    new RegExp(source);
  } catch (error) {
    return `not a valid regular expression (${(error as Error).message})`;
  }
  try {
    RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    return (
      `cannot be matched in linear time (${(error as Error).message}); ` +
      'back-references and look-arounds are not supported'
    );
  }
  return null;
}

/**
 * Compiles a pattern that came from configuration (or a commit, or anyone else) on the linear-time engine, so a
 * hostile pattern or text can never hang a run. Texts past MAX_PATTERN_TEXT are matched on their start only.
 * Call userPatternProblem first: a pattern it refuses throws here.
 */
export function compileUserPattern(source: string, options: UserPatternOptions = {}): TextPattern {
  const re = RE2JS.compile(RE2JS.translateRegExp(source), options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  const names = Object.entries(re.namedGroups());
  const count = re.groupCount();
  const exec = (whole: string, from = 0): RegExpExecArray | null => {
    const text = whole.length > MAX_PATTERN_TEXT ? whole.slice(0, MAX_PATTERN_TEXT) : whole;
    if (from > text.length) return null;
    const m = re.matcher(text);
    if (!m.find(from)) return null;
    const found: string[] = [m.group(0) ?? ''];
    for (let g = 1; g <= count; g++) found.push(m.group(g) ?? (undefined as unknown as string));
    const result = found as RegExpExecArray;
    result.index = m.start(0);
    result.input = whole;
    if (names.length > 0) {
      const groups: Record<string, string> = {};
      for (const [name, index] of names) groups[name] = found[index] as string;
      result.groups = groups;
    }
    return result;
  };
  return { source, exec, test: (text) => exec(text) !== null };
}

/** A code-owned pattern (a default rule), run on the native engine: taskeval's own patterns are written safe. */
export function trustedPattern(re: RegExp): TextPattern {
  const sticky = new RegExp(re.source, re.flags.replace(/[gy]/g, '') + 'g');
  return {
    source: re.source,
    exec(text, from = 0) {
      sticky.lastIndex = from;
      return sticky.exec(text);
    },
    test: (text) => re.test(text),
  };
}
