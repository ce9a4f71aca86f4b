import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Anything hono/jsx renders: a JSX node or its escaped string. */
export type Renderable = { toString(): string | Promise<string> };

/** Sends a server-rendered page with the doctype. */
export async function renderPage(c: Context, page: Renderable, status: ContentfulStatusCode = 200): Promise<Response> {
  return c.html(`<!doctype html>${await page.toString()}`, status);
}
