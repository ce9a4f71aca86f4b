import { truncateExcerpt, type Task } from '../core/index.js';
import { contentHash } from './content-hash.js';
import { MAX_LABEL_LENGTH, makeEntry, type DraftEntry } from './make-entry.js';
import { parseReviewVerdict } from './parse-review-verdict.js';

/**
 * The taskActivity group's drafts: every log line that is not a review verdict (those go to reviews).
 * Lines from the board's activity log (Fusion's PostgreSQL era) say so in their activity type.
 */
export function collectActivityEntries(task: Task): DraftEntry[] {
  const drafts: DraftEntry[] = [];
  for (const line of task.log ?? []) {
    if (parseReviewVerdict(line.action)) continue;
    const outcome = line.outcome ?? '';
    const text = outcome ? `${line.action}\0${outcome}` : line.action;
    // A long action loses its tail in the label, so the excerpt carries it whole before the outcome.
    const actionCut = truncateExcerpt(line.action, MAX_LABEL_LENGTH).truncated;
    drafts.push(
      makeEntry(task.id, {
        id: `activity-${contentHash('taskActivity', line.timestamp, text)}`,
        source: 'taskActivity',
        label: line.action,
        timestamp: line.timestamp,
        text: actionCut ? [line.action, outcome].filter(Boolean).join('\n') : outcome,
        ref: {
          activityType:
            line.source === 'activityLog' ? `board:${typeof line.type === 'string' ? line.type : 'activity'}` : 'log',
        },
        fingerprint: `${line.timestamp}\0${text}`,
      }),
    );
  }
  return drafts;
}
