import type { AgentLogEntry } from '../../core/index.js';

/** Newest entries kept per transcript (the evidence group keeps 25; the rest is headroom for merging). */
export const KEEP_NEWEST_ENTRIES = 200;
/** Tool errors kept per transcript even when older than the newest entries. */
export const KEEP_TOOL_ERRORS = 50;
/** Longest text kept per entry; the evidence layer cuts excerpts to 500. */
export const MAX_ENTRY_TEXT = 2000;

/** Cuts a text to `max` UTF-16 units with a trailing ellipsis, never splitting a surrogate pair. */
export function boundText(text: string, max: number = MAX_ENTRY_TEXT): string {
  if (text.length <= max) return text;
  let keep = max - 1;
  const last = text.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return `${text.slice(0, keep)}…`;
}

interface Slot {
  seq: number;
  entry: AgentLogEntry;
}

class Ring {
  private readonly items: Slot[] = [];
  private next = 0;
  constructor(private readonly size: number) {}

  push(slot: Slot): void {
    if (this.items.length < this.size) this.items.push(slot);
    else {
      this.items[this.next] = slot;
      this.next = (this.next + 1) % this.size;
    }
  }

  values(): Slot[] {
    return [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }
}

/**
 * Keeps the newest entries plus the newest tool errors of a log of any length in bounded memory,
 * returning them in their original order. Entries are kept by reference, so a caller may still
 * append to the text of the entry it added last.
 */
export class BoundedEntryLog {
  private readonly newest: Ring;
  private readonly errors: Ring;
  private seq = 0;

  constructor(keepNewest: number = KEEP_NEWEST_ENTRIES, keepErrors: number = KEEP_TOOL_ERRORS) {
    this.newest = new Ring(keepNewest);
    this.errors = new Ring(keepErrors);
  }

  /** Entries seen so far, kept or not. */
  get total(): number {
    return this.seq;
  }

  add(entry: AgentLogEntry): void {
    const slot = { seq: this.seq++, entry };
    this.newest.push(slot);
    if (entry.type === 'tool_error') this.errors.push(slot);
  }

  entries(): AgentLogEntry[] {
    const bySeq = new Map<number, AgentLogEntry>();
    for (const slot of [...this.errors.values(), ...this.newest.values()]) bySeq.set(slot.seq, slot.entry);
    return [...bySeq.entries()].sort((a, b) => a[0] - b[0]).map(([, entry]) => entry);
  }
}
