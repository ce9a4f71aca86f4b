import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROBE_SYSTEM_PROMPT } from '../probe-judge.js';
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
  /** A model that never closes its JSON: it generates to the request's max_tokens (or forever without one). */
  endless?: boolean;
  /** Send the headers at once, then the body in ten parts this many ms apart, as a server streaming tokens does. */
  streamMs?: number;
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

/** How the fake behaves as a whole, like a local runtime (llama.cpp's server, Ollama, LM Studio). */
export interface FakeServerOptions {
  /** Requests answered at once; more wait in the server's queue (llama-server -np 1). Default: unlimited. */
  slots?: number;
  /** Time each answer takes once it has a slot (generation time), in ms. */
  answerMs?: number;
  /** The model's context in tokens (characters / 4 here); a longer prompt is refused or cut, see `overflow`. */
  contextTokens?: number;
  /** `reject`: HTTP 400 as llama.cpp's server; `truncate`: the prompt's start is dropped without a word, as Ollama. */
  overflow?: 'reject' | 'truncate';
  /** Count the request's max_tokens against the context too, refusing with 400 as vLLM and OpenAI do. */
  countCap?: boolean;
  /** Models listed by GET /models; the default lists none (a server that does not say). */
  models?: readonly string[];
  /** Extra fields of each listed model (vLLM's max_model_len). */
  modelFields?: Record<string, unknown>;
  /** Status GET /models answers instead (401 for a wrong key, 404 for a wrong path). */
  modelsStatus?: number;
  /** Answer GET /props as llama.cpp's server does, with this per-slot context (n_ctx). */
  slotContext?: number;
  /** Answer GET /api/version as Ollama does. */
  ollama?: boolean;
}

/** The fake's token count: four characters a token, close to real tokenizers on English and JSON. */
export const fakeTokens = (text: string): number => Math.ceil(text.length / 4);

export interface FakeLlmServer {
  /** Base URL including `/v1`, ready for --judge-base-url. */
  baseUrl: string;
  /** Requests about tasks, in order (probes are kept apart). */
  requests: FakeRequest[];
  readonly calls: number;
  /** taskeval's probes (one tiny call before the first task), answered like any request but not counted as calls. */
  probes: FakeRequest[];
  /** Answers generated after the client had gone (a queued call the client gave up on): work nobody read. */
  readonly abandoned: number;
  /** Most requests held at once (in a slot or queued). */
  readonly maxInFlight: number;
  /** Replies used in order by the next requests; the default reply follows when they run out. */
  enqueue(...replies: FakeReply[]): void;
  setDefault(fn: FakeReplyFn): void;
  close(): Promise<void>;
}

/** Turns a reply into the provider's wire format. */
export interface WireProtocol {
  path: string;
  promptOf(body: Record<string, unknown>): string;
  /** The answer on the wire; `usage` is what the server counted (the reply's own, else the prompt it read). */
  success(
    body: Record<string, unknown>,
    reply: FakeReply,
    text: string,
    object: unknown,
    usage: NonNullable<FakeReply['usage']>,
  ): unknown;
  error(status: number): unknown;
  /** The answer to GET <base>/models. */
  models(ids: readonly string[], fields: Record<string, unknown>): unknown;
  /** The output cap the request asked for. */
  maxTokensOf(body: Record<string, unknown>): number | undefined;
}

/** Starts a provider-speaking server on 127.0.0.1 with a free port. */
export async function startFakeLlmServer(
  protocol: WireProtocol,
  options: FakeServerOptions = {},
): Promise<FakeLlmServer> {
  const queue: FakeReply[] = [];
  const requests: FakeRequest[] = [];
  const probes: FakeRequest[] = [];
  let fallback: FakeReplyFn = (req) => ({ answer: validAnswerFromPrompt(req.prompt) });
  let abandoned = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let busy = 0;
  const waiting: (() => void)[] = [];
  // A slot is held for the whole generation, whether or not the client is still there to read it.
  const withSlot = (work: (release: () => void) => void) => {
    const start = () => {
      busy += 1;
      work(() => {
        busy -= 1;
        waiting.shift()?.();
      });
    };
    if (options.slots === undefined || busy < options.slots) start();
    else waiting.push(start);
  };
  const modelsPath = '/v1/models';
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
      if (req.method === 'GET' && path === '/props' && options.slotContext !== undefined)
        return send(res, 200, {
          default_generation_settings: { n_ctx: options.slotContext },
          total_slots: options.slots ?? 1,
        });
      if (req.method === 'GET' && path === '/api/version' && options.ollama)
        return send(res, 200, { version: '0.9.0' });
      if (req.method === 'GET' && path === modelsPath) {
        if (options.modelsStatus) return send(res, options.modelsStatus, protocol.error(options.modelsStatus));
        return send(res, 200, protocol.models(options.models ?? [], options.modelFields ?? {}));
      }
      if (req.method !== 'POST' || path !== protocol.path)
        return send(res, 404, { error: { message: `no route ${req.method} ${path}` } });
      let prompt = protocol.promptOf(body);
      const context = options.contextTokens;
      const cap = protocol.maxTokensOf(body) ?? 0;
      if (context !== undefined && options.countCap && fakeTokens(prompt) + cap > context) {
        return send(res, 400, {
          error: {
            message: `This model's maximum context length is ${context} tokens. However, you requested ${fakeTokens(prompt) + cap} tokens (${fakeTokens(prompt)} in the messages, ${cap} in the completion).`,
            type: 'BadRequestError',
            code: 400,
          },
        });
      }
      if (context !== undefined && fakeTokens(prompt) > context) {
        if (options.overflow !== 'truncate') {
          return send(res, 400, {
            error: {
              code: 400,
              message: 'the request exceeds the available context size, try increasing it',
              type: 'exceed_context_size_error',
              n_prompt_tokens: fakeTokens(prompt),
              n_ctx: context,
            },
          });
        }
        prompt = prompt.slice(prompt.length - context * 4);
      }
      const request: FakeRequest = { index: requests.length, path, headers: req.headers, body, prompt };
      const probe = prompt.includes(PROBE_SYSTEM_PROMPT);
      (probe ? probes : requests).push(request);
      // A probe takes the server's standing behaviour (an error status, a slot), never a reply queued for a task.
      const reply = probe ? { ...fallback(request), answer: { ok: true } } : (queue.shift() ?? fallback(request));
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      let finished = false;
      res.on('close', () => {
        if (!finished) inFlight -= 1;
        finished = true;
      });
      const respond = (release: () => void) => {
        if (res.destroyed || finished) {
          abandoned += 1;
          return release();
        }
        inFlight -= 1;
        finished = true;
        if (reply.status && reply.status >= 400) {
          send(
            res,
            reply.status,
            protocol.error(reply.status),
            reply.retryAfter ? { 'retry-after': reply.retryAfter } : {},
          );
          return release();
        }
        const object = typeof reply.answer === 'string' ? undefined : reply.answer;
        const text = typeof reply.answer === 'string' ? reply.answer : JSON.stringify(reply.answer ?? {});
        // Like a real server, it counts the prompt it read (after any silent cut).
        const usage = reply.usage ?? { input: fakeTokens(prompt), output: 300 };
        const payload = JSON.stringify(protocol.success(body, reply, text, object, usage));
        if (reply.truncateBody) {
          res.writeHead(200, {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(payload)),
          });
          res.write(payload.slice(0, Math.floor(payload.length / 2)), () => res.destroy());
          return release();
        }
        if (reply.streamMs) return stream(res, payload, reply.streamMs, release, () => (abandoned += 1));
        send(res, 200, payload);
        release();
      };
      if (reply.endless) {
        const cap = protocol.maxTokensOf(body);
        // Without a cap it never stops: the slot stays busy until the client gives up.
        if (cap === undefined) return withSlot(() => undefined);
        const cut = `{"categories": {"agentPerformance": {"score": 80, "rationale": "${'and then '.repeat(Math.ceil(cap / 2))}`;
        Object.assign(reply, { answer: cut, hitTokenLimit: true, usage: { input: fakeTokens(prompt), output: cap } });
      }
      const generation = (reply.delayMs ?? 0) + (options.answerMs ?? 0);
      withSlot((release) => {
        const done = () => respond(release);
        if (generation) setTimeout(done, generation);
        else done();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    probes,
    get calls() {
      return requests.length;
    },
    get abandoned() {
      return abandoned;
    },
    get maxInFlight() {
      return maxInFlight;
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

/** The body in ten parts `ms` apart after the headers; the slot is held until the last part, or until the client leaves. */
function stream(res: ServerResponse, payload: string, ms: number, release: () => void, left: () => void): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const size = Math.ceil(payload.length / 10);
  let at = 0;
  const next = () => {
    if (res.destroyed) {
      left();
      return release();
    }
    res.write(payload.slice(at, at + size));
    at += size;
    if (at >= payload.length) {
      res.end();
      return release();
    }
    setTimeout(next, ms);
  };
  next();
}
