export {
  AgentShareSchema,
  HUMAN_OR_UNKNOWN,
  IDENTITY_SOURCES,
  IdentitySourceSchema,
  TaskIdentitySchema,
  UNKNOWN_IDENTITY,
  type AgentShare,
  type IdentitySource,
  type TaskIdentity,
} from './agent-identity.js';
export { agentRuleRow } from './agent-rule-row.js';
export {
  AGENT_RULE_FIELDS,
  AgentRuleSchema,
  DEFAULT_AGENT_RULES,
  type AgentRule,
  type AgentRuleField,
} from './agent-rules.js';
export { canonicalAgentName, canonicalModelId, KNOWN_AGENTS, modelProviderOf } from './canonical-agent.js';
export { compileAgentRules, type CompiledAgentRule } from './compile-agent-rules.js';
export { agentLineShare, parseEntireAttribution } from './entire-attribution.js';
export { identifyBranch, identifyCommit, type CommitIdentity, type IdentityCommit } from './identify-commit.js';
export { identifiedTask, resultIdentity, withResultIdentity } from './identified-task.js';
export { mergeSubjectBranch } from './merge-subject-branch.js';
export { resolveTaskIdentity, type ResolveTaskIdentityInput } from './resolve-task-identity.js';
export { mainLogAgent } from './main-log-agent.js';
