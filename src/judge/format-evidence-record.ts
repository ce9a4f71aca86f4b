import type { EvidenceEntry } from '../core/index.js';

/** Opening and closing marks of a record; no escaped text can contain `<<<` or `>>>`. */
export const RECORD_OPEN = '<<<EVIDENCE';
export const RECORD_CLOSE = '<<<END';

/** Neutralises the record delimiters wherever they appear in untrusted text. */
export function escapeDelimiters(text: string): string {
  return text.replace(/<<</g, '‹‹‹').replace(/>>>/g, '›››');
}

/** One line of untrusted text: newlines shown as `\n`, delimiters neutralised. */
export function escapeInline(text: string): string {
  return escapeDelimiters(text.replace(/\r\n|\r|\n/g, '\\n'));
}

/** Multi-line untrusted text, each line prefixed with `| ` so none can start a heading, fence or record. */
export function escapeBlock(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => `| ${escapeDelimiters(line)}`)
    .join('\n');
}

/** An attribute value: JSON string syntax, so ordinary ids appear verbatim and quotes cannot end it. */
function attribute(value: string): string {
  return escapeDelimiters(JSON.stringify(value));
}

/** Renders one evidence entry as a delimited data record. */
export function formatEvidenceRecord(entry: EvidenceEntry): string {
  const lines = [
    `${RECORD_OPEN} id=${attribute(entry.id)} source=${attribute(entry.source)}>>>`,
    `label: ${escapeInline(entry.label)}`,
  ];
  if (entry.timestamp) lines.push(`time: ${escapeInline(entry.timestamp)}`);
  const refs = Object.entries(entry.ref ?? {}).filter(([, v]) => v !== null && v !== '');
  if (refs.length) lines.push(`ref: ${escapeInline(refs.map(([k, v]) => `${k}=${String(v)}`).join('; '))}`);
  if (entry.excerpt !== undefined && entry.excerpt !== '') {
    lines.push(`excerpt${entry.truncated ? ' (truncated)' : ''}:`, escapeBlock(entry.excerpt));
  }
  lines.push(`${RECORD_CLOSE} id=${attribute(entry.id)}>>>`);
  return lines.join('\n');
}
