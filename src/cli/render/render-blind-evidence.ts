import type { StoredResult } from '../../store/index.js';
import { terminalSafe as t } from './terminal-safe.js';

/**
 * A task's evidence as the judge saw it, with nothing of what anyone made of it: no scores, bands,
 * rationales or signals, so a person rating it is not anchored by the machine's answer.
 */
export function renderBlindEvidence(result: StoredResult): string {
  const lines = [`${t(result.taskId)}${result.title ? ` — ${t(result.title)}` : ''}`];
  if (result.status !== 'scored') return `${lines[0]}\n`;
  for (const group of result.evidenceBundle.groups) {
    if (!group.entries.length) continue;
    const more = group.omitted ? ` (${group.omitted} older left out)` : '';
    lines.push('', `${group.source}${more}`);
    for (const e of group.entries) {
      lines.push(`  [${t(e.id)}] ${t(e.label)}${e.timestamp ? `  ${e.timestamp}` : ''}`);
      if (e.excerpt)
        lines.push(
          ...t(e.excerpt)
            .split('\n')
            .map((l) => `      ${l}`),
        );
    }
  }
  return `${lines.join('\n')}\n`;
}
