import type { Context, MiddlewareHandler } from 'hono';

/** Host names a loopback dashboard answers to; a DNS-rebinding page arrives under some other name. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '::1'];

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SameOriginGuardOptions {
  /** Host names (no port) the server answers to; null turns the Host check off (a wildcard bind with --allow-remote). */
  allowedHosts: readonly string[] | null;
  refuse: (c: Context, status: 403 | 421, message: string) => Response | Promise<Response>;
}

/**
 * Refuses a request whose Host is not one of the server's own names (421), and a state-changing request
 * whose Origin (or, without one, Referer) is another site (403). SameSite cookies do not help here: every
 * port of localhost is the same site. Requests with neither header (curl, scripts) carry no browser risk.
 */
export function sameOriginGuard(options: SameOriginGuardOptions): MiddlewareHandler {
  const allowed = options.allowedHosts ? new Set(options.allowedHosts.map(normaliseHost)) : null;
  return async (c, next) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (allowed && !allowed.has(normaliseHost(hostname(host)))) {
      return options.refuse(c, 421, `this server does not answer to the host name ${hostname(host)}`);
    }
    if (STATE_CHANGING.has(c.req.method)) {
      const from = c.req.header('origin') ?? c.req.header('referer');
      // Our pages send no referrer, so a browser posts their forms with `Origin: null`; Sec-Fetch-Site, which no
      // page can set, then says whether the form was our own (a sandboxed or foreign page reads cross-site).
      const ownForm = from === 'null' && c.req.header('sec-fetch-site') === 'same-origin';
      if (from !== undefined && from !== '' && !ownForm && originHost(from) !== host.toLowerCase()) {
        return options.refuse(c, 403, 'cross-origin requests may not change anything here');
      }
    }
    await next();
  };
}

/** `host:port` of an Origin or Referer, lower-cased; '' when it is not a URL (`null` from a sandboxed frame). */
function originHost(value: string): string {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return '';
  }
}

/** The name part of a Host header: `[::1]:4100` → `::1`, `localhost:4100` → `localhost`. */
function hostname(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') === -1 ? undefined : h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  return colon === -1 || h.indexOf(':') !== colon ? h : h.slice(0, colon);
}

function normaliseHost(h: string): string {
  return h.toLowerCase().replace(/^\[|\]$/g, '');
}
