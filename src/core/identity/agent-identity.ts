import { z } from 'zod';

/** Where an agent, its version or its model was read from, strongest first. */
export const IDENTITY_SOURCES = ['session', 'task-record', 'trailer', 'author', 'branch', 'subject'] as const;
export const IdentitySourceSchema = z.enum(IDENTITY_SOURCES);
export type IdentitySource = z.output<typeof IdentitySourceSchema>;

/** The cohort of work with no agent evidence: compared like any agent, so agent work can be set against the rest. */
export const HUMAN_OR_UNKNOWN = 'human or unknown';

/** One agent's part of a task's commits. */
export const AgentShareSchema = z.object({
  /** The agent, or `human or unknown` for commits no rule named. */
  agent: z.string(),
  commits: z.number().int().nonnegative(),
  /** commits / the task's commits, three decimals. */
  share: z.number().min(0).max(1),
});

/**
 * Who did a task and how that is known: each of agent, version and model with its source, the text that
 * named the agent, and, when the task's commits were read, each agent's share of them.
 */
export const TaskIdentitySchema = z.object({
  agent: z.string().nullable(),
  agentVersion: z.string().nullable(),
  modelId: z.string().nullable(),
  source: IdentitySourceSchema.nullable(),
  agentVersionSource: IdentitySourceSchema.nullable(),
  modelSource: IdentitySourceSchema.nullable(),
  /** What named the agent (a trailer line, an author, a branch), bounded; null when nothing did. */
  evidence: z.string().nullable(),
  shares: z.array(AgentShareSchema),
  /** The agent's share of changed lines by `Entire-Attribution` trailers (0..1), where the commits carry them. */
  agentLineShare: z.number().min(0).max(1).nullable(),
});

export type AgentShare = z.output<typeof AgentShareSchema>;
export type TaskIdentity = z.output<typeof TaskIdentitySchema>;

/** An identity that knows nothing: no agent, version or model, no shares. */
export const UNKNOWN_IDENTITY: TaskIdentity = Object.freeze({
  agent: null,
  agentVersion: null,
  modelId: null,
  source: null,
  agentVersionSource: null,
  modelSource: null,
  evidence: null,
  shares: Object.freeze([]) as unknown as AgentShare[],
  agentLineShare: null,
}) as TaskIdentity;
