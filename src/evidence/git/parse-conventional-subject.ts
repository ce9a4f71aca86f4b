/** The parts of a conventional-commit subject such as `fix(FN-12,FN-13)!: handle nulls`. */
export interface ConventionalSubject {
  /** Lower-cased type (`feat`, `fix`, `revert`), or null when the subject is not conventional. */
  type: string | null;
  /** Scope entries split on commas and whitespace; empty when there is no scope. */
  scopes: string[];
}

const CONVENTIONAL = /^([A-Za-z][A-Za-z0-9-]*)(?:\(([^()]*)\))?!?:[ \t]/;
const NONE: ConventionalSubject = { type: null, scopes: [] };

/** Parses the type and scope of a conventional-commit subject. */
export function parseConventionalSubject(subject: string): ConventionalSubject {
  const m = CONVENTIONAL.exec(subject);
  if (!m) return NONE;
  const scopes = m[2] === undefined ? [] : m[2].split(/[\s,]+/).filter((s) => s !== '');
  return { type: m[1]!.toLowerCase(), scopes };
}
