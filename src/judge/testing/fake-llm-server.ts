import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validAnswerFromPrompt } from './judge-answer-builders.js';

/** What one request to a fake provider should get back. */
export interface FakeReply {
  /** An object is sent as the JSON answer (text or tool call); a string is sent verbatim as the model's text. */
  answer?: unknown;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Answer with this HTTP error status instead (429, 500, 529...). */
  status?: number;
  retryAfter?: string;
  /** Send half the body, then drop the connection. */
  truncateBody?: boolean;
  /** The model stopped at its token limit. */
  hitTokenLimit?: boolean;
  usage?: { input: number; output: number; cached?: number };
}

/** One request as the fake server saw it. */
export interface FakeRequest {
  index: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** System and user text joined, for assertions and for answers that cite what the prompt shows. */
  prompt: string;
}

export type FakeReplyFn = (request: FakeRequest) => FakeReply;

export interface FakeLlmServer {
  /** Base URL including `/v1`, ready for --judge-base-url. */
  baseUrl: string;
  requests: FakeRequest[];
  readonly calls: number;
  /** Replies used in order by the next requests; the default reply follows when they run out. */
  enqueue(...replies: FakeReply[]): void;
  setDefault(fn: FakeReplyFn): void;
  close(): Promise<void>;
}

/** Turns a reply into the provider's wire format. */
export interface WireProtocol {
  path: string;
  promptOf(body: Record<string, unknown>): string;
  success(body: Record<string, unknown>, reply: FakeReply, text: string, object: unknown): unknown;
  error(status: number): unknown;
}

/** Starts a provider-speaking server on 127.0.0.1 with a free port. */
export async function startFakeLlmServer(protocol: WireProtocol): Promise<FakeLlmServer> {
  const queue: FakeReply[] = [];
  const requests: FakeRequest[] = [];
  let fallback: FakeReplyFn = (req) => ({ answer: validAnswerFromPrompt(req.prompt) });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (req.method !== 'POST' || path !== protocol.path)
        return send(res, 404, { error: { message: `no route ${req.method} ${path}` } });
      const request: FakeRequest = {
        index: requests.length,
        path,
        headers: req.headers,
        body,
        prompt: protocol.promptOf(body),
      };
      requests.push(request);
      const reply = queue.shift() ?? fallback(request);
      const respond = () => {
        if (res.destroyed) return;
        if (reply.status && reply.status >= 400) {
          return send(
            res,
            reply.status,
            protocol.error(reply.status),
            reply.retryAfter ? { 'retry-after': reply.retryAfter } : {},
          );
        }
        const object = typeof reply.answer === 'string' ? undefined : reply.answer;
        const text = typeof reply.answer === 'string' ? reply.answer : JSON.stringify(reply.answer ?? {});
        const payload = JSON.stringify(protocol.success(body, reply, text, object));
        if (reply.truncateBody) {
          res.writeHead(200, {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(payload)),
          });
          res.write(payload.slice(0, Math.floor(payload.length / 2)), () => res.destroy());
          return;
        }
        send(res, 200, payload);
      };
      if (reply.delayMs) setTimeout(respond, reply.delayMs);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get calls() {
      return requests.length;
    },
    enqueue: (...replies) => void queue.push(...replies),
    setDefault: (fn) => {
      fallback = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}
