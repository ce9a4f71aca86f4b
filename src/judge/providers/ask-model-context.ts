import type { ModelContext } from '../judge.js';

export interface AskModelContextOptions {
  /** The API root, e.g. http://127.0.0.1:8080/v1 (without credentials or query). */
  baseURL: string;
  model: string;
  headers: Record<string, string>;
  queryParams?: Record<string, string>;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
}

/** Ollama's context when a model sets no num_ctx; its OpenAI endpoint cuts longer prompts without a word. */
export const OLLAMA_DEFAULT_CONTEXT = 4_096;

const ASK_TIMEOUT_MS = 5_000;

/**
 * Asks an OpenAI-compatible server for the model's context where it says: vLLM's `max_model_len` and LM Studio's or
 * OpenRouter's `context_length` in GET /models, llama.cpp's per-slot `n_ctx` in GET /props; Ollama says nothing
 * of the context it runs with, so its default is assumed and said. Any failure is "unknown", never an error.
 */
export async function askModelContext(options: AskModelContextOptions): Promise<ModelContext> {
  const get = async (url: string): Promise<unknown> => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(options.queryParams ?? {})) u.searchParams.set(k, v);
    const timeout = AbortSignal.timeout(ASK_TIMEOUT_MS);
    try {
      const response = await (options.fetch ?? globalThis.fetch)(u, {
        headers: options.headers,
        signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      });
      if (!response.ok) return null;
      return (await response.json()) as unknown;
    } catch {
      return null;
    }
  };
  const root = options.baseURL.replace(/\/$/, '');
  const listed = (await get(`${root}/models`)) as { data?: Record<string, unknown>[] } | null;
  const models = Array.isArray(listed?.data) ? listed.data : [];
  const entry =
    models.find((m) => m.id === options.model || m.id === `${options.model}:latest`) ??
    (models.length === 1 ? models[0] : undefined);
  for (const key of ['max_model_len', 'loaded_context_length', 'context_length', 'max_context_length']) {
    const value = entry?.[key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0)
      return { contextTokens: value, source: `the server's ${key}` };
  }
  const origin = new URL(root).origin;
  const props = (await get(`${origin}/props`)) as { default_generation_settings?: { n_ctx?: unknown } } | null;
  const slot = props?.default_generation_settings?.n_ctx;
  if (typeof slot === 'number' && Number.isInteger(slot) && slot > 0)
    return { contextTokens: slot, source: "llama.cpp's n_ctx per slot" };
  const ollama = (await get(`${origin}/api/version`)) as { version?: unknown } | null;
  if (typeof ollama?.version === 'string')
    return {
      contextTokens: OLLAMA_DEFAULT_CONTEXT,
      source: `assumed: Ollama's default num_ctx, which it does not report (set num_ctx on the model and give it as --judge-context)`,
    };
  return { contextTokens: null, source: null };
}
