import { OutputError } from '../core/index.js';

/** The logs URL for an OTLP/HTTP endpoint: a base gets `/v1/logs`, a URL already ending in it is kept. */
export function otlpLogsUrl(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new OutputError('output_failed', `--otlp-endpoint "${endpoint}" is not a URL`, { field: '--otlp-endpoint' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutputError('output_failed', `--otlp-endpoint must be http or https, got ${url.protocol}`, {
      field: '--otlp-endpoint',
    });
  if (!url.pathname.endsWith('/v1/logs')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/logs`;
  return url.toString();
}

/** `OTEL_EXPORTER_OTLP_HEADERS` (`key=value,key2=value2`, values URL-encoded), as the OpenTelemetry SDKs read it. */
export function otlpHeaders(spec: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (spec ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    out[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return out;
}

/**
 * Posts one OTLP/HTTP JSON logs request; a refusal (not 2xx) or an unreachable collector is an output_failed
 * error naming the URL and what it answered, so nothing is reported sent that was not.
 */
export async function postOtlpLogs(
  url: string,
  body: string,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new OutputError('output_failed', `cannot send to ${url}: ${(error as Error).message}`, {
      field: '--otlp-endpoint',
      cause: error,
    });
  }
  if (!res.ok) {
    const said = (await res.text().catch(() => '')).slice(0, 300);
    throw new OutputError('output_failed', `${url} refused the events: HTTP ${res.status}${said ? `: ${said}` : ''}`, {
      field: '--otlp-endpoint',
    });
  }
  await res.arrayBuffer().catch(() => undefined);
}
