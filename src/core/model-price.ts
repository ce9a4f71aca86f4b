import { z } from 'zod';

/** Price of one model in US dollars per million tokens (judge.prices, sources.prices). */
export const ModelPriceSchema = z.strictObject({
  inputPerMTok: z.number().nonnegative(),
  outputPerMTok: z.number().nonnegative(),
  /** Price of cached input tokens; the input price when absent. */
  cachedPerMTok: z.number().nonnegative().optional(),
});

export type ModelPrice = z.output<typeof ModelPriceSchema>;

/**
 * What an agent's tokens cost at a price, in US dollars rounded to a millionth of a cent. `inputTokens`
 * are those the cache did not serve (as taskeval's session readers count them); `cachedTokens` are billed
 * at the cached price.
 */
export function tokenCostUsd(
  usage: { inputTokens: number; cachedTokens: number; outputTokens: number },
  price: ModelPrice,
): number {
  const dollars =
    (usage.inputTokens * price.inputPerMTok +
      usage.cachedTokens * (price.cachedPerMTok ?? price.inputPerMTok) +
      usage.outputTokens * price.outputPerMTok) /
    1_000_000;
  return Math.round(dollars * 1e8) / 1e8;
}
