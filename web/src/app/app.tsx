import type { RuntimeConfig } from '@shared/config';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The application in the browser (`config`: already loaded, when hydrating a prerendered page). */
export function App({ config }: { config?: RuntimeConfig }) {
  return (
    <AppProvider config={config}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
