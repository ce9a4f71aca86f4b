import type { AgentLogEntry, AgentLogType, Task } from '../core/index.js';
import { canonicalJson } from './canonical-json.js';
import { contentHash } from './content-hash.js';
import { makeEntry, type DraftEntry } from './make-entry.js';

interface AgentTurn {
  timestamp: string;
  type: AgentLogType;
  agent: string | null;
  origin: string | null;
  text: string;
  details: string[];
  fragments: number;
}

/** The agentLogs group's drafts: one entry per agent turn, labelled `<agent> <type>`. */
export function collectAgentLogEntries(task: Task): DraftEntry[] {
  return joinFragments(task.agentLogs ?? []).map((turn) => {
    const detail = turn.details.join('\n');
    const content = canonicalJson([turn.type, turn.agent, turn.origin, turn.text, detail]);
    return makeEntry(task.id, {
      id: `agentlog-${contentHash('agentLogs', turn.timestamp, content)}`,
      source: 'agentLogs',
      label: `${turn.agent ?? 'agent'} ${turn.type}`,
      timestamp: turn.timestamp,
      text: [turn.text, detail].filter(Boolean).join('\n'),
      ref: { logType: turn.type, agent: turn.agent, origin: turn.origin, fragments: turn.fragments },
      fingerprint: `${turn.timestamp}\0${content}`,
    });
  });
}

// Fusion streams text and thinking as many small rows; consecutive rows of one agent, type and origin
// are one turn, joined as written. Transcript rows (with an origin) are whole messages and stay apart.
function joinFragments(rows: readonly AgentLogEntry[]): AgentTurn[] {
  const turns: AgentTurn[] = [];
  let open: AgentTurn | null = null;
  for (const row of rows) {
    const agent = row.agent ?? null;
    const origin = row.origin ?? null;
    const streamed = (row.type === 'text' || row.type === 'thinking') && origin === null;
    if (streamed && open && open.type === row.type && open.agent === agent && open.origin === null) {
      open.text += row.text;
      if (row.detail) open.details.push(row.detail);
      open.fragments += 1;
      continue;
    }
    const turn: AgentTurn = {
      timestamp: row.timestamp,
      type: row.type,
      agent,
      origin,
      text: row.text,
      details: row.detail ? [row.detail] : [],
      fragments: 1,
    };
    turns.push(turn);
    open = streamed ? turn : null;
  }
  return turns;
}
