import type { Task } from '../core/index.js';
import { canonicalJson } from './canonical-json.js';
import { makeEntry, type DraftEntry } from './make-entry.js';

/** The runAudit group's drafts: `audit-<event id>`, metadata as bounded canonical JSON. */
export function collectAuditEntries(task: Task): DraftEntry[] {
  return (task.runAudit ?? []).map((event) => {
    const metadata = event.metadata === undefined || event.metadata === null ? '' : canonicalJson(event.metadata);
    return makeEntry(task.id, {
      id: `audit-${event.id}`,
      source: 'runAudit',
      label: `${event.domain} ${event.mutationType}${event.target ? ` ${event.target}` : ''}`,
      timestamp: event.timestamp,
      text: metadata,
      ref: {
        eventId: event.id,
        domain: event.domain,
        mutationType: event.mutationType,
        target: event.target ?? null,
        agentId: event.agentId ?? null,
        auditRunId: event.runId ?? null,
      },
      fingerprint: canonicalJson(event),
    });
  });
}
