import { compileUserPattern } from '../../core/index.js';

// fix, fixes, fixed, fixing, hotfix, bugfix: conventional (`fix(scope):`) or not (`Fix crash in ...`).
const FIX_SUBJECT = /^\s*(?:\[[^\]]*\]\s*)?(?:fix(?:es|ed|ing)?|hotfix|bugfix)\b/i;

/**
 * What outcomes count as a fix commit by default: the rubric's subjects, plus a task id before the word
 * (`BACK-12 - Fix …`, `FN-3: fix …`, `#12 fix …`) and an issue a subject says it fixes (`… (Fixes #12)`).
 */
export const DEFAULT_FIX_PATTERN =
  String.raw`^\s*(?:\[[^\]]*\]\s*)?(?:fix(?:es|ed|ing)?|hotfix|bugfix)\b` +
  String.raw`|^\s*(?:[A-Za-z][A-Za-z0-9]*-\d+|#\d+)\s*[-:–—]?\s*(?:fix(?:es|ed|ing)?|hotfix|bugfix)\b` +
  String.raw`|\b(?:fix(?:es|ed)?|resolve[sd]?)\s+(?:[\w.-]+\/[\w.-]+)?#\d+`;

/** True when a commit subject says the commit fixes something; the rubric's prior-activity signals count these. */
export function isFixSubject(subject: string): boolean {
  return FIX_SUBJECT.test(subject);
}

/**
 * The fix test outcomes (SZZ) use: `pattern` (a regular expression, case-insensitive, run on the linear-time
 * engine since every subject of the history meets it), or DEFAULT_FIX_PATTERN.
 */
export function fixSubjectMatcher(pattern: string = DEFAULT_FIX_PATTERN): (subject: string) => boolean {
  const re =
    pattern === DEFAULT_FIX_PATTERN ? new RegExp(pattern, 'i') : compileUserPattern(pattern, { ignoreCase: true });
  return (subject) => re.test(subject);
}
