/**
 * Token counts from text without a model's tokenizer: documented bounds, not guesses. Every common tokenizer
 * (OpenAI's o200k and cl100k, Llama 3's, Qwen's, Claude's) averages more than 3 bytes of UTF-8 a token on English,
 * code and JSON, and fewer than 6: bytes / 3 is the bound used to fit a prompt (it over-counts, so what fits does),
 * bytes / 6 the bound under which a server's own count means it did not read the whole prompt.
 */
export const BYTES_PER_TOKEN_UPPER_BOUND = 3;
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
