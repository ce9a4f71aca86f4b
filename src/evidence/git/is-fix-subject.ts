// fix, fixes, fixed, fixing, hotfix, bugfix: conventional (`fix(scope):`) or not (`Fix crash in ...`).
const FIX_SUBJECT = /^\s*(?:\[[^\]]*\]\s*)?(?:fix(?:es|ed|ing)?|hotfix|bugfix)\b/i;

/** True when a commit subject says the commit fixes something; the SZZ method starts from these commits. */
export function isFixSubject(subject: string): boolean {
  return FIX_SUBJECT.test(subject);
}
