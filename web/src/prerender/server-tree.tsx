import type { RuntimeConfig } from '@shared/config';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

/** The browser's App (main.tsx) as a server renders it: the same tree with a static router at `url`. */
export function serverTree(url: string, config: RuntimeConfig) {
  return (
    <StrictMode>
      <AppProvider config={config}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>
  );
}

/** Markup that still waits for a lazy module (a Suspense fallback) or would need a script to finish. */
const SUSPENDED_MARKUP = /<(script|template)\b/i;

/**
 * `tree` as the page itself: no loading state and no streaming scripts (which the CSP would refuse). When a
 * lazy module (a route, Suspense) is not loaded yet, a first pass waits for all of them and the render is
 * taken again; once loaded (later calls in a process), it is one `renderToString`. A component that fails on
 * the server throws here instead of leaving its client-rendered fallback in the page. Runs in Node only.
 */
export async function renderLoaded(tree: ReactNode, what: string): Promise<string> {
  const first = renderToString(tree);
  if (!SUSPENDED_MARKUP.test(first)) return first;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(tree, { onError: (error) => void errors.push(error) });
  for await (const _ of prelude) {
    // Drained: this pass only loads the lazy modules.
  }
  if (errors.length) throw errors[0];
  const html = renderToString(tree);
  if (SUSPENDED_MARKUP.test(html)) throw new Error(`${what}: the page still suspends after loading`);
  return html;
}
