import type { IdMatcher } from './compile-id-matcher.js';
import { parseConventionalSubject } from './parse-conventional-subject.js';
import { parseTrailers } from './parse-trailers.js';

/** The rules that tie a commit message to task ids, compiled once per index. */
export interface AttributionRules {
  /** Trailer keys that name a task, lower-cased. */
  trailerKeys: ReadonlySet<string>;
  ids: IdMatcher;
}

/** What one commit message says about tasks. */
export interface MessageAttribution {
  trailers: Record<string, string[]>;
  /** Tasks whose own work this commit is. */
  owners: string[];
  ownerKind: 'trailer' | 'subject';
  /** Where the owners came from; a bare mention is a weaker claim than a trailer or a scope. */
  ownerSource: 'trailer' | 'scope' | 'mention';
  /** Every task the commit names, in trailer, scope or subject. */
  mentions: string[];
  isRevert: boolean;
  /** Tasks this commit reverts by name (`revert(ID): ...`, `Revert "feat(ID): ..."`). */
  revertIds: string[];
  /** Commits named by `This reverts commit <sha>`, as written (possibly abbreviated). */
  revertedShas: string[];
  /** Conventional type fix, hotfix or bugfix. */
  isFix: boolean;
}

const FIX_TYPES = new Set(['fix', 'hotfix', 'bugfix']);
const REVERTS_COMMIT = /This reverts commit ([0-9a-fA-F]{7,64})/g;
const GIT_REVERT_SUBJECT = /^Revert "/;

/** Reads trailer, conventional scope and subject ids; a trailer beats the scope, the scope beats bare mentions. */
export function attributeCommit(subject: string, body: string, rules: AttributionRules): MessageAttribution {
  const trailers = parseTrailers(body);
  const trailerIds: string[] = [];
  for (const key in trailers) {
    if (!rules.trailerKeys.has(key.toLowerCase())) continue;
    for (const value of trailers[key]!) {
      const found = rules.ids.findAll(value);
      // A trailer is an explicit claim: take its value whole when the id pattern does not match it.
      if (found.length === 0 && value !== '' && !/\s/.test(value)) found.push(value);
      for (const id of found) if (!trailerIds.includes(id)) trailerIds.push(id);
    }
  }
  const conventional = parseConventionalSubject(subject);
  const scopeIds = conventional.scopes.filter((s) => rules.ids.isId(s));
  const subjectIds = rules.ids.findAll(subject);

  const revertedShas: string[] = [];
  if (body.includes('This reverts commit')) {
    for (const m of body.matchAll(REVERTS_COMMIT)) revertedShas.push(m[1]!.toLowerCase());
  }
  const namedRevert = conventional.type === 'revert' || GIT_REVERT_SUBJECT.test(subject);
  const isRevert = namedRevert || revertedShas.length > 0;
  const revertIds = !namedRevert ? [] : conventional.type === 'revert' && scopeIds.length > 0 ? scopeIds : subjectIds;

  const claimed = trailerIds.length > 0 ? trailerIds : scopeIds.length > 0 ? scopeIds : subjectIds;
  const owners = revertIds.length === 0 ? claimed : claimed.filter((id) => !revertIds.includes(id));
  // Scope ids are in the subject too, so without trailers the subject ids are every mention.
  let mentions = subjectIds;
  if (trailerIds.length > 0 || scopeIds.some((id) => !subjectIds.includes(id))) {
    mentions = [...trailerIds];
    for (const id of subjectIds) if (!mentions.includes(id)) mentions.push(id);
    for (const id of scopeIds) if (!mentions.includes(id)) mentions.push(id);
  }

  return {
    trailers,
    owners,
    ownerKind: trailerIds.length > 0 ? 'trailer' : 'subject',
    ownerSource: trailerIds.length > 0 ? 'trailer' : scopeIds.length > 0 ? 'scope' : 'mention',
    mentions,
    isRevert,
    revertIds,
    revertedShas,
    isFix: conventional.type !== null && FIX_TYPES.has(conventional.type),
  };
}
