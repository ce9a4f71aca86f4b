import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { tokensEqual } from './serve-token.js';

export const TOKEN_COOKIE = 'taskeval_token';

export interface RequireTokenOptions {
  token: string;
  /** Answers a refused request (JSON for the API, a small page for pages). */
  refuse: (c: Context) => Response | Promise<Response>;
}

/**
 * Accepts `Authorization: Bearer`, the cookie, or `?token=`. A page opened with `?token=` gets an
 * HttpOnly SameSite=Strict cookie and is redirected to its own URL without the token, so the
 * secret does not stay in the address bar or history.
 */
export function requireToken({ token, refuse }: RequireTokenOptions): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header('authorization');
    const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (bearer !== undefined) {
      // A wrong bearer is refused even when a valid cookie is also present: the client meant this one.
      if (!tokensEqual(bearer, token)) return refuse(c);
      return next();
    }
    const fromQuery = c.req.query('token');
    if (fromQuery !== undefined) {
      if (!tokensEqual(fromQuery, token)) return refuse(c);
      setCookie(c, TOKEN_COOKIE, token, { httpOnly: true, sameSite: 'Strict', path: '/' });
      const url = new URL(c.req.url);
      if ((c.req.method === 'GET' || c.req.method === 'HEAD') && !url.pathname.startsWith('/api/')) {
        url.searchParams.delete('token');
        return c.redirect(`${url.pathname}${url.search}${url.hash}`, 302);
      }
      return next();
    }
    if (tokensEqual(getCookie(c, TOKEN_COOKIE), token)) return next();
    return refuse(c);
  };
}
