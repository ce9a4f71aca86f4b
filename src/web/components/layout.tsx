/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { Child, FC } from 'hono/jsx';

export type NavKey = 'overview' | 'results' | 'runs' | 'compare' | 'validity' | 'rate' | 'none';

export interface LayoutProps {
  title: string;
  nav: NavKey;
  /** Listen to live events and offer a reload when they arrive. */
  live?: boolean;
  /** Only react to events of this run. */
  liveRunId?: string;
  children?: Child;
}

const NAV: { key: NavKey; href: string; label: string }[] = [
  { key: 'overview', href: '/', label: 'Overview' },
  { key: 'results', href: '/results', label: 'Results' },
  { key: 'runs', href: '/runs', label: 'Runs' },
  { key: 'compare', href: '/compare', label: 'Compare' },
  { key: 'validity', href: '/validity', label: 'Validity' },
  { key: 'rate', href: '/rate', label: 'Rate' },
];

/** The page shell: head, navigation, live banner, main content. */
export const Layout: FC<LayoutProps> = ({ title, nav, live, liveRunId, children }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="no-referrer" />
      <title>{`${title} · taskeval`}</title>
      <link rel="stylesheet" href="/assets/app.css" />
      <script src="/assets/app.js" defer></script>
    </head>
    <body data-live={live ? 'on' : 'off'} data-run={liveRunId ?? ''}>
      <div id="live-banner" class="live-banner" role="status" aria-live="polite">
        <span class="live-text"></span>
        <button type="button" id="live-reload">
          Reload
        </button>
      </div>
      <header class="top">
        <a class="brand" href="/">
          taskeval
        </a>
        <nav aria-label="Main">
          {NAV.map((item) => (
            <a href={item.href} aria-current={item.key === nav ? 'page' : undefined}>
              {item.label}
            </a>
          ))}
        </nav>
      </header>
      <main>{children}</main>
    </body>
  </html>
);
