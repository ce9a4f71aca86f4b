import {
  startFakeLlmServer,
  type FakeLlmServer,
  type FakeServerOptions,
  type WireProtocol,
} from './fake-llm-server.js';

type Message = { role?: string; content?: unknown };

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p: { text?: string }) => p.text ?? '').join('');
  return '';
}

/** The OpenAI chat completions wire format (also spoken by Ollama, vLLM, llama.cpp, LM Studio). */
export const OPENAI_CHAT_PROTOCOL: WireProtocol = {
  path: '/v1/chat/completions',
  promptOf: (body) => ((body.messages as Message[] | undefined) ?? []).map((m) => textOf(m.content)).join('\n\n'),
  success(body, reply, text, _object, usage) {
    const tools = body.tools as { function?: { name?: string } }[] | undefined;
    const forcedTool = tools?.length && body.tool_choice && body.tool_choice !== 'auto' && body.tool_choice !== 'none';
    const message = forcedTool
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: tools[0]?.function?.name ?? 'json', arguments: text } },
          ],
        }
      : { role: 'assistant', content: text };
    return {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: String(body.model ?? 'fake'),
      choices: [
        { index: 0, message, finish_reason: reply.hitTokenLimit ? 'length' : forcedTool ? 'tool_calls' : 'stop' },
      ],
      usage: {
        prompt_tokens: usage.input,
        completion_tokens: usage.output,
        total_tokens: usage.input + usage.output,
        prompt_tokens_details: { cached_tokens: usage.cached ?? 0 },
      },
    };
  },
  models: (ids, fields) => ({
    object: 'list',
    data: ids.map((id) => ({ id, object: 'model', owned_by: 'fake', ...fields })),
  }),
  maxTokensOf: (body) =>
    typeof body.max_tokens === 'number'
      ? body.max_tokens
      : typeof body.max_completion_tokens === 'number'
        ? body.max_completion_tokens
        : undefined,
  error: (status) => ({
    error: {
      message: status === 429 ? 'Rate limit reached for requests' : `fake server error ${status}`,
      type: status === 429 ? 'rate_limit_error' : 'server_error',
      code: null,
    },
  }),
};

/** A loopback server speaking /v1/chat/completions, incl. response_format json_schema and tool calls. */
export function startFakeOpenAIServer(options: FakeServerOptions = {}): Promise<FakeLlmServer> {
  return startFakeLlmServer(OPENAI_CHAT_PROTOCOL, options);
}
