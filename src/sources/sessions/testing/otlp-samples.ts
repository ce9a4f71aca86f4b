/** OTLP JSON requests as agents export them, for tests: GenAI spans and Claude Code's telemetry events. */
const s = (key: string, value: string) => ({ key, value: { stringValue: value } });
const i = (key: string, value: number) => ({ key, value: { intValue: String(value) } });
const ns = (iso: string) => `${Date.parse(iso)}000000`;

/** GenAI spans as an instrumented agent exports them: an invoke_agent, a chat with usage, two tools, one failing. */
export const genAiTraces = (conversation: string) => ({
  resourceSpans: [
    {
      resource: { attributes: [s('service.name', 'my-agent'), s('service.version', '3.1.0')] },
      scopeSpans: [
        {
          spans: [
            {
              traceId: 'aa',
              spanId: '01',
              name: 'invoke_agent coder',
              startTimeUnixNano: ns('2026-03-02T10:00:00Z'),
              endTimeUnixNano: ns('2026-03-02T10:20:00Z'),
              attributes: [
                s('gen_ai.operation.name', 'invoke_agent'),
                s('gen_ai.agent.name', 'opencode'),
                s('gen_ai.conversation.id', conversation),
              ],
            },
            {
              traceId: 'aa',
              spanId: '02',
              name: 'chat claude-sonnet-4-5',
              startTimeUnixNano: ns('2026-03-02T10:01:00Z'),
              endTimeUnixNano: ns('2026-03-02T10:01:05Z'),
              attributes: [
                s('gen_ai.operation.name', 'chat'),
                s('gen_ai.conversation.id', conversation),
                s('gen_ai.request.model', 'claude-sonnet-4-5'),
                i('gen_ai.usage.input_tokens', 1200),
                i('gen_ai.usage.output_tokens', 300),
              ],
            },
            {
              traceId: 'aa',
              spanId: '03',
              name: 'execute_tool bash',
              startTimeUnixNano: ns('2026-03-02T10:02:00Z'),
              endTimeUnixNano: ns('2026-03-02T10:02:09Z'),
              status: { code: 2, message: 'exit 1: 3 tests failed' },
              attributes: [
                s('gen_ai.operation.name', 'execute_tool'),
                s('gen_ai.tool.name', 'bash'),
                s('gen_ai.conversation.id', conversation),
              ],
            },
            {
              traceId: 'aa',
              spanId: '04',
              name: 'execute_tool edit',
              startTimeUnixNano: ns('2026-03-02T10:03:00Z'),
              endTimeUnixNano: ns('2026-03-02T10:03:01Z'),
              attributes: [s('gen_ai.tool.name', 'edit'), s('gen_ai.conversation.id', conversation)],
            },
          ],
        },
      ],
    },
  ],
});

/** Claude Code's own telemetry events (CLAUDE_CODE_ENABLE_TELEMETRY=1, OTEL_LOGS_EXPORTER=otlp). */
export const claudeCodeLogs = (session: string, day = '2026-03-02') => ({
  resourceLogs: [
    {
      resource: { attributes: [s('service.name', 'claude-code'), s('service.version', '2.0.14')] },
      scopeLogs: [
        {
          scope: { name: 'com.anthropic.claude_code.events' },
          logRecords: [
            {
              timeUnixNano: ns(`${day}T10:00:00Z`),
              body: { stringValue: 'claude_code.user_prompt' },
              attributes: [s('event.name', 'user_prompt'), s('session.id', session), s('app.version', '2.0.14')],
            },
            {
              timeUnixNano: ns(`${day}T10:05:00Z`),
              body: { stringValue: 'claude_code.api_request' },
              attributes: [
                s('event.name', 'api_request'),
                s('session.id', session),
                s('model', 'claude-opus-4-1'),
                s('input_tokens', '900'),
                s('output_tokens', '120'),
                s('cache_read_tokens', '4000'),
              ],
            },
            {
              timeUnixNano: ns(`${day}T10:06:00Z`),
              body: { stringValue: 'claude_code.tool_result' },
              attributes: [
                s('event.name', 'tool_result'),
                s('session.id', session),
                s('tool_name', 'Bash'),
                s('success', 'false'),
                s('error', 'Exit code 1'),
              ],
            },
            {
              timeUnixNano: ns(`${day}T10:15:00Z`),
              body: { stringValue: 'claude_code.tool_result' },
              attributes: [
                s('event.name', 'tool_result'),
                s('session.id', session),
                s('tool_name', 'Edit'),
                s('success', 'true'),
              ],
            },
          ],
        },
      ],
    },
  ],
});
