/**
 * Token counts from text without a model's tokenizer: measured bounds, not guesses. On real judge prompts (`npm run
 * bench -- tokens`: 142 prompts from three public repositories) OpenAI's o200k and cl100k tokenizers took 2.6 to
 * 3.6 bytes of UTF-8 a token; bytes / 3 counted short, so the fitting bound is bytes / 2.5 (over-counting by 6-43%,
 * so what fits does), and bytes / 6 the bound under which a server's own count means it did not read it all.
 */
export const BYTES_PER_TOKEN_UPPER_BOUND = 2.5;
export const BYTES_PER_TOKEN_LOWER_BOUND = 6;

const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

/** At least this many tokens, for fitting a prompt into a context: bytes / 3, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(byteLength(text) / BYTES_PER_TOKEN_UPPER_BOUND);
}

/** Fewer tokens than this and a server's count cannot be of the whole text: bytes / 6, rounded down. */
export function fewestTokens(text: string): number {
  return Math.floor(byteLength(text) / BYTES_PER_TOKEN_LOWER_BOUND);
}
