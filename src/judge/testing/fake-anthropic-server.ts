import {
  startFakeLlmServer,
  type FakeLlmServer,
  type FakeServerOptions,
  type WireProtocol,
} from './fake-llm-server.js';

type Block = { type?: string; text?: string };

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return (content as Block[]).map((b) => b.text ?? '').join('');
  return '';
}

/** The Anthropic messages wire format, answering a forced `json` tool with tool_use. */
export const ANTHROPIC_MESSAGES_PROTOCOL: WireProtocol = {
  path: '/v1/messages',
  promptOf: (body) =>
    [
      textOf(body.system),
      ...((body.messages as { content?: unknown }[] | undefined) ?? []).map((m) => textOf(m.content)),
    ].join('\n\n'),
  success(body, reply, text, object, usage) {
    const tools = body.tools as { name?: string }[] | undefined;
    const useTool = Boolean(tools?.length) && object !== undefined && !reply.hitTokenLimit;
    return {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: String(body.model ?? 'fake'),
      content: useTool
        ? [{ type: 'tool_use', id: 'toolu_fake', name: tools?.[0]?.name ?? 'json', input: object }]
        : [{ type: 'text', text }],
      stop_reason: reply.hitTokenLimit ? 'max_tokens' : useTool ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: usage.input,
        output_tokens: usage.output,
        cache_read_input_tokens: usage.cached ?? 0,
        cache_creation_input_tokens: 0,
      },
    };
  },
  models: (ids, fields) => ({
    data: ids.map((id) => ({ id, type: 'model', display_name: id, created_at: '2025-01-01T00:00:00Z', ...fields })),
    has_more: false,
    first_id: ids[0] ?? null,
    last_id: ids.at(-1) ?? null,
  }),
  maxTokensOf: (body) => (typeof body.max_tokens === 'number' ? body.max_tokens : undefined),
  error: (status) => ({
    type: 'error',
    error: {
      type: status === 429 ? 'rate_limit_error' : status === 529 ? 'overloaded_error' : 'api_error',
      message: `fake server error ${status}`,
    },
  }),
};

/** A loopback server speaking Anthropic's /v1/messages, incl. tool_use answers. */
export function startFakeAnthropicServer(options: FakeServerOptions = {}): Promise<FakeLlmServer> {
  return startFakeLlmServer(ANTHROPIC_MESSAGES_PROTOCOL, options);
}
