import type { RuntimeConfig } from '@shared/config';
import { StrictMode } from 'react';
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
export const SUSPENDED_MARKUP = /<(script|template)\b/i;
