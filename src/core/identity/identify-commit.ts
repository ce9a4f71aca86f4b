import type { IdentitySource } from './agent-identity.js';
import type { AgentRuleField } from './agent-rules.js';
import { canonicalAgentName, canonicalModelId } from './canonical-agent.js';
import { expandTemplate, type CompiledAgentRule } from './compile-agent-rules.js';

/** The parts of a commit who-did-it rules read. */
export interface IdentityCommit {
  subject: string;
  body?: string;
  trailers?: Readonly<Record<string, readonly string[]>>;
  author: string;
  authorEmail?: string;
  committer?: string;
  committerEmail?: string;
}

/** What one commit (or one branch) says of who made it. */
export interface CommitIdentity {
  agent: string;
  modelId: string | null;
  source: IdentitySource;
  /** The text the rule matched, bounded. */
  evidence: string;
}

const SOURCE_OF: Record<AgentRuleField, IdentitySource> = {
  trailer: 'trailer',
  body: 'trailer',
  author: 'author',
  committer: 'author',
  branch: 'branch',
  subject: 'subject',
};

const RANK: Record<IdentitySource, number> = {
  session: 0,
  'task-record': 1,
  trailer: 2,
  author: 3,
  branch: 4,
  subject: 5,
};
const MAX_EVIDENCE = 200;

function person(name: string | undefined, email: string | undefined): string | null {
  if (!name && !email) return null;
  return email ? `${name ?? ''} <${email}>`.trim() : (name ?? null);
}

/** The texts a rule on `field` is matched against, one by one. */
function textsOf(commit: IdentityCommit, field: AgentRuleField): string[] {
  switch (field) {
    case 'trailer':
      return Object.entries(commit.trailers ?? {}).flatMap(([key, values]) => values.map((v) => `${key}: ${v}`));
    case 'author':
      return [person(commit.author, commit.authorEmail)].filter((t): t is string => t !== null);
    case 'committer':
      return [person(commit.committer, commit.committerEmail)].filter((t): t is string => t !== null);
    case 'subject':
      return [commit.subject];
    case 'body':
      return commit.body ? [commit.body] : [];
    case 'branch':
      return [];
  }
}

/**
 * The agent a commit names by the first rule that matches at its strongest source (trailers and footers,
 * then author and committer, then subject), with the model the same agent's rules give; null when none.
 */
export function identifyCommit(commit: IdentityCommit, rules: readonly CompiledAgentRule[]): CommitIdentity | null {
  return bestMatch(rules, (field) => textsOf(commit, field));
}

/** The agent a branch name says made it (`codex/fix-login` → codex); null when no rule names one. */
export function identifyBranch(branch: string, rules: readonly CompiledAgentRule[]): CommitIdentity | null {
  return bestMatch(rules, (field) => (field === 'branch' ? [branch] : []));
}

// Fields in the order their evidence is trusted; within a field, texts in message order, then rules in order.
const FIELD_ORDER: readonly AgentRuleField[] = ['trailer', 'body', 'author', 'committer', 'branch', 'subject'];

function bestMatch(
  rules: readonly CompiledAgentRule[],
  read: (field: AgentRuleField) => string[],
): CommitIdentity | null {
  const cache = new Map<AgentRuleField, string[]>();
  const texts = (field: AgentRuleField) => {
    let t = cache.get(field);
    if (!t) cache.set(field, (t = read(field)));
    return t;
  };
  for (const field of FIELD_ORDER) {
    const onField = rules.filter((r) => r.on === field);
    if (onField.length === 0) continue;
    const fieldTexts = texts(field);
    for (const text of fieldTexts) {
      for (const rule of onField) {
        const match = rule.re.exec(text);
        const agent = match ? canonicalAgentName(expandTemplate(rule.agent, match)) : null;
        if (!match || !agent) continue;
        const evidence = field === 'body' ? match[0] : text;
        return {
          agent,
          modelId: modelFor(agent, field, fieldTexts, onField) ?? modelElsewhere(agent, rules, texts),
          source: SOURCE_OF[field],
          evidence: evidence.slice(0, MAX_EVIDENCE),
        };
      }
    }
  }
  return null;
}

/** The first model a rule of this agent gives on one field's texts. */
function modelFor(
  agent: string,
  field: AgentRuleField,
  fieldTexts: readonly string[],
  onField: readonly CompiledAgentRule[],
): string | null {
  for (const text of fieldTexts) {
    for (const rule of onField) {
      if (!rule.model) continue;
      const match = rule.re.exec(text);
      if (!match || canonicalAgentName(expandTemplate(rule.agent, match)) !== agent) continue;
      const model = canonicalModelId(expandTemplate(rule.model, match));
      if (model) return model;
    }
  }
  return null;
}

/** A model for the agent from the commit's trailers when the agent itself was named elsewhere (a bot author). */
function modelElsewhere(
  agent: string,
  rules: readonly CompiledAgentRule[],
  texts: (field: AgentRuleField) => string[],
): string | null {
  return modelFor(
    agent,
    'trailer',
    texts('trailer'),
    rules.filter((r) => r.on === 'trailer'),
  );
}

/** True when source `a` outranks `b` (session over task record over trailer ...). */
export function strongerSource(a: IdentitySource, b: IdentitySource): boolean {
  return RANK[a] < RANK[b];
}
