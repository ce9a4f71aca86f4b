import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../exit-codes.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-otlp-'));
  await writeFile(
    join(dir, 'tasks.jsonl'),
    [
      {
        id: 'T-1',
        title: 'Parser',
        column: 'done',
        executionCompletedAt: '2026-03-02T10:00:00Z',
        agent: 'claude-code',
        modelProvider: 'anthropic',
        modelId: 'claude-sonnet-4-5',
        sessionIds: ['5f1c7a52-session'],
        workflowStepResults: [{ workflowStepId: 'tests', workflowStepName: 'Run tests', status: 'passed' }],
      },
      { id: 'T-2', title: 'Cache', column: 'done', executionCompletedAt: '2026-03-03T10:00:00Z' },
    ]
      .map((t) => JSON.stringify(t))
      .join('\n'),
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(argv: string[], env: Record<string, string> = {}) {
  const io = captureIo(dir, { env });
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

type Attr = { key: string; value: { stringValue?: string; doubleValue?: number } };
type Request = {
  resourceLogs: {
    resource: { attributes: Attr[] };
    scopeLogs: {
      scope: { name: string };
      logRecords: { eventName: string; timeUnixNano: string; attributes: Attr[] }[];
    }[];
  }[];
};
const attrs = (a: Attr[]) => Object.fromEntries(a.map((x) => [x.key, x.value.stringValue ?? x.value.doubleValue]));
const events = (requests: Request[]) =>
  requests.flatMap((r) => r.resourceLogs.flatMap((l) => l.scopeLogs.flatMap((s) => s.logRecords)));

/** A loopback OTLP/HTTP collector that records each request, answering `status`. */
async function collector(status = 200) {
  const received: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? '{}' : '{"message":"quota exceeded"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(r)) };
}

describe('taskeval export --format otlp', () => {
  it('writes one gen_ai.evaluation.result event per category and overall, joined to the session, saying deterministic only', async () => {
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    const exported = await cli(['export', '--run', 'latest', '--format', 'otlp']);
    expect(exported.code, exported.err).toBe(0);
    const lines = exported.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const request = JSON.parse(lines[0]!) as Request;
    expect(attrs(request.resourceLogs[0]!.resource.attributes)).toEqual({ 'service.name': 'taskeval' });
    const all = events([request]);
    expect(all).toHaveLength(8);
    expect(new Set(all.map((e) => e.eventName))).toEqual(new Set(['gen_ai.evaluation.result']));
    const first = all.filter((e) => attrs(e.attributes)['taskeval.task.id'] === 'T-1').map((e) => attrs(e.attributes));
    expect(first.map((a) => a['gen_ai.evaluation.name'])).toEqual([
      'agentPerformance',
      'taskOutcomeQuality',
      'processCompliance',
      'overall',
    ]);
    const overall = first[3]!;
    expect(overall).toMatchObject({
      'gen_ai.conversation.id': '5f1c7a52-session',
      'gen_ai.agent.name': 'claude',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-sonnet-4-5',
      'taskeval.mode': 'deterministic-only',
    });
    expect(typeof overall['gen_ai.evaluation.score.value']).toBe('number');
    expect(overall['gen_ai.evaluation.score.label']).toMatch(/^(failing|weak|acceptable|strong|excellent)$/);
    expect(overall['gen_ai.evaluation.explanation']).toMatch(/^deterministic only: /);
    // The stored score is what the event says.
    const stored = JSON.parse((await cli(['export', '--run', 'latest', '--format', 'json'])).out) as {
      taskId: string;
      overallScore: number;
    }[];
    expect(overall['gen_ai.evaluation.score.value']).toBe(stored.find((r) => r.taskId === 'T-1')!.overallScore);
    const second = all.find((e) => attrs(e.attributes)['taskeval.task.id'] === 'T-2')!;
    expect(attrs(second.attributes)['gen_ai.conversation.id']).toBeUndefined();
  });

  it('posts the same requests to a collector with the OTEL_EXPORTER_OTLP_HEADERS, and exits 7 naming the URL when it refuses', async () => {
    expect((await cli(['run', '--tasks', 'tasks.jsonl'])).code).toBe(0);
    const printed = (await cli(['export', '--run', 'latest', '--format', 'otlp'])).out;
    const ok = await collector();
    try {
      const sent = await cli(['export', '--run', 'latest', '--otlp-endpoint', ok.url], {
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc,x-team=agents',
      });
      expect(sent.code, sent.err).toBe(0);
      expect(sent.out).toBe('');
      expect(sent.err).toContain(`otlp: sent 8 evaluation event(s) in 1 request(s) to ${ok.url}/v1/logs`);
      expect(ok.received).toHaveLength(1);
      expect(ok.received[0]).toMatchObject({ url: '/v1/logs' });
      expect(ok.received[0]!.headers).toMatchObject({
        'content-type': 'application/json',
        authorization: 'Bearer abc',
        'x-team': 'agents',
      });
      const strip = (r: Request) => events([r]).map((e) => ({ ...e, observedTimeUnixNano: undefined }));
      expect(strip(JSON.parse(ok.received[0]!.body) as Request)).toEqual(strip(JSON.parse(printed) as Request));
    } finally {
      await ok.close();
    }
    const refusing = await collector(429);
    try {
      const refused = await cli(['export', '--run', 'latest', '--otlp-endpoint', `${refusing.url}/v1/logs`]);
      expect(refused.code).toBe(EXIT.output);
      expect(refused.err).toContain(
        `${refusing.url}/v1/logs refused the events: HTTP 429: {"message":"quota exceeded"}`,
      );
      expect(refused.err).toContain('otlp: sent 0 evaluation event(s) in 0 request(s)');
    } finally {
      await refusing.close();
    }
    const bad = await cli(['export', '--run', 'latest', '--format', 'csv', '--otlp-endpoint', 'http://127.0.0.1:9']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toContain('--otlp-endpoint');
  });
});
