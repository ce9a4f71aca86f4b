import type { AgentLogEntry } from '../../core/index.js';
import { BoundedEntryLog, boundText, MAX_ENTRY_TEXT } from '../transcripts/index.js';

const MAX_DETAIL = 500;

/**
 * Joins Fusion's streamed agent log rows into whole turns as they arrive: consecutive `text` (or
 * `thinking`) rows of one agent become one entry stamped with the first fragment's time. Text is
 * bounded while joining and only the newest turns and tool errors are kept.
 */
export class LogFragmentJoiner {
  private readonly log = new BoundedEntryLog();
  private open: AgentLogEntry | null = null;

  add(row: AgentLogEntry): void {
    const open = this.open;
    const streamed = row.type === 'text' || row.type === 'thinking';
    if (streamed && open && open.type === row.type && (open.agent ?? null) === (row.agent ?? null)) {
      if (open.text.length < MAX_ENTRY_TEXT) open.text = boundText(open.text + row.text);
      if (row.detail && open.detail !== row.detail && (open.detail?.length ?? 0) < MAX_DETAIL) {
        open.detail = boundText(open.detail ? `${open.detail}\n${row.detail}` : row.detail, MAX_DETAIL);
      }
      return;
    }
    const entry: AgentLogEntry = { timestamp: row.timestamp, type: row.type, text: boundText(row.text) };
    if (row.detail) entry.detail = boundText(row.detail, MAX_DETAIL);
    if (row.agent) entry.agent = row.agent;
    this.log.add(entry);
    this.open = streamed ? entry : null;
  }

  entries(): AgentLogEntry[] {
    return this.log.entries();
  }
}
