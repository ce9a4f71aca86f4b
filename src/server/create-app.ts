import { Hono, type Context } from 'hono';
import { APP_CSS, APP_SCRIPT } from '../web/index.js';
import { bodyLimit } from 'hono/body-limit';
import { MAX_OTLP_BYTES, otlpRoutes } from './otlp-routes.js';
import { eventsRoute } from './api/events-route.js';
import { resultsRoutes } from './api/results-routes.js';
import { queueRoute } from './api/queue-route.js';
import { runsRoutes } from './api/runs-routes.js';
import { ratingsRoutes } from './api/ratings-routes.js';
import type { AppDeps, RouteDeps } from './app-deps.js';
import { requireToken } from './auth/require-token.js';
import { LOOPBACK_HOSTS, sameOriginGuard } from './auth/same-origin-guard.js';
import { ApiError, apiErrorResponse, errorStatus } from './error-status.js';
import { errorPage, pagesRoutes } from './pages-routes.js';
import { rateRoutes } from './rate-routes.js';
import { createAggregateCache } from './aggregate-cache.js';
import { renderPage } from './render-page.js';

/** The largest form or API request body read (a rating's note is the longest field a form has). */
export const MAX_FORM_BYTES = 1024 * 1024;

const isApi = (c: Context) => c.req.path === '/api' || c.req.path.startsWith('/api/') || c.req.path.startsWith('/v1/');

const SECURITY_HEADERS: Record<string, string> = {
  // Scripts only from our own /assets; inline style attributes carry bar widths.
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** The dashboard and JSON API as a Hono app; testable in process with `app.request`. */
export function createApp(given: AppDeps): Hono {
  const deps: RouteDeps = { ...given, cache: given.cache ?? createAggregateCache(given.store) };
  const app = new Hono();

  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  // Static assets are public so that the refusal page is styled; they hold no data.
  app.get('/assets/app.css', (c) =>
    c.body(APP_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  app.get('/assets/app.js', (c) =>
    c.body(APP_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );

  app.use(
    '*',
    sameOriginGuard({
      allowedHosts: deps.allowedHosts === undefined ? LOOPBACK_HOSTS : deps.allowedHosts,
      refuse: (c, status, message) => {
        if (isApi(c)) return apiErrorResponse(c, new ApiError(status === 421 ? 'misdirected' : 'forbidden', message));
        return renderPage(c, errorPage(status, `${message}.`), status);
      },
    }),
  );

  if (deps.token !== null) {
    app.use(
      '*',
      requireToken({
        token: deps.token,
        refuse: (c) => {
          const message = 'a valid token is required';
          if (isApi(c))
            return apiErrorResponse(c, new ApiError('unauthorized', message), {
              'WWW-Authenticate': 'Bearer realm="taskeval"',
            });
          return renderPage(c, errorPage(401, 'This dashboard needs its access token.'), 401);
        },
      }),
    );
  }

  // No request body is read past its bound: a form or an API call is small; OTLP batches have their own.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const maxSize = c.req.path.startsWith('/v1/') ? MAX_OTLP_BYTES : MAX_FORM_BYTES;
    return bodyLimit({
      maxSize,
      onError: (c) => {
        const message = `request bodies here are limited to ${maxSize} bytes`;
        if (isApi(c)) return c.json({ code: 413, message }, 413);
        return renderPage(c, errorPage(413, `${message}.`), 413);
      },
    })(c, next);
  });

  const api = new Hono();
  api.route('/runs', runsRoutes(deps));
  api.route('/', resultsRoutes(deps));
  api.route('/', eventsRoute(deps));
  api.route('/', queueRoute(deps));
  api.route('/', ratingsRoutes(deps));
  app.route('/api', api);
  app.route('/', otlpRoutes(deps));
  app.route('/', pagesRoutes(deps));
  app.route('/', rateRoutes(deps));

  app.notFound((c) => {
    if (isApi(c)) return apiErrorResponse(c, new ApiError('not_found', `no API route ${c.req.method} ${c.req.path}`));
    return renderPage(c, errorPage(404, `There is no page at ${c.req.path}.`), 404);
  });

  app.onError((error, c) => {
    const { status, body } = errorStatus(error);
    if (status === 500)
      deps.log?.(
        `taskeval serve: ${c.req.method} ${c.req.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    if (isApi(c)) return c.json(body, status);
    return renderPage(c, errorPage(status, body.message), status);
  });

  return app;
}
