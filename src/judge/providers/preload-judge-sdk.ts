/**
 * Loads the AI SDK and its providers ahead of the first judge call. Importing taskeval never does this;
 * a long-lived worker does it while idle, so its first job does not wait for module loading.
 */
export async function preloadJudgeSdk(): Promise<void> {
  await Promise.all([
    import('ai'),
    import('@ai-sdk/openai'),
    import('@ai-sdk/anthropic'),
    import('@ai-sdk/openai-compatible'),
  ]);
}
