import { createHash } from 'node:crypto';

/** Length of the hex prefix used in ids of entries that have no natural key. */
export const CONTENT_HASH_LENGTH = 12;

/** First 12 hex chars of sha256 of `source \0 timestamp \0 text`: an id derived from content, never position. */
export function contentHash(source: string, timestamp: string | null | undefined, text: string): string {
  return createHash('sha256')
    .update(`${source}\0${timestamp ?? ''}\0${text}`, 'utf8')
    .digest('hex')
    .slice(0, CONTENT_HASH_LENGTH);
}
