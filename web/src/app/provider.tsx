import type { RuntimeConfig } from '@shared/config';
import type { ReactNode } from 'react';
import { RuntimeConfigProvider } from '@/config/runtime-config-context';
import { AppErrorBoundary } from '@/features/errors/components/app-error-boundary';
import { ConfigErrorScreen } from '@/features/errors/components/config-error-screen';
import { configureApi } from '@/lib/api-base-url';

function applyConfig(config: RuntimeConfig) {
  configureApi({ baseUrl: config.apiBaseUrl });
}

const renderConfigError = (error: unknown) => {
  console.error('Runtime configuration failed to load', error);
  return <ConfigErrorScreen />;
};

/**
 * App-wide providers: the top-level error boundary, then the runtime configuration (`config`: already
 * loaded, when hydrating a prerendered page or prerendering one).
 */
export function AppProvider({ children, config }: { children: ReactNode; config?: RuntimeConfig }) {
  return (
    <AppErrorBoundary>
      <RuntimeConfigProvider renderError={renderConfigError} onLoad={applyConfig} initial={config}>
        {children}
      </RuntimeConfigProvider>
    </AppErrorBoundary>
  );
}
