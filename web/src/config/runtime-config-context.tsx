import type { RuntimeConfig } from '@shared/config';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { loadRuntimeConfig } from './runtime-config';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

type State =
  | { status: 'loading' }
  | { status: 'ready'; config: RuntimeConfig }
  | { status: 'error'; error: unknown };

interface RuntimeConfigProviderProps {
  children: ReactNode;
  /** Shown while `/config.json` loads (usually a few milliseconds). */
  loading?: ReactNode;
  /** Shown instead of the app when the configuration cannot be loaded. */
  renderError: (error: unknown) => ReactNode;
  /** Called with the configuration before the children first render (e.g. to point the API client at it). */
  onLoad?: (config: RuntimeConfig) => void;
}

/** Loads `/config.json` once and provides it to the tree; children render only with a valid configuration. */
export function RuntimeConfigProvider({
  children,
  loading = null,
  renderError,
  onLoad,
}: RuntimeConfigProviderProps) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    loadRuntimeConfig().then(
      (config) => {
        if (!active) return;
        onLoad?.(config);
        setState({ status: 'ready', config });
      },
      (error: unknown) => {
        if (active) setState({ status: 'error', error });
      },
    );
    return () => {
      active = false;
    };
  }, [onLoad]);

  if (state.status === 'loading') return loading;
  if (state.status === 'error') return renderError(state.error);
  return <RuntimeConfigContext.Provider value={state.config}>{children}</RuntimeConfigContext.Provider>;
}

/** The validated runtime configuration; only usable under {@link RuntimeConfigProvider}. */
export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside <RuntimeConfigProvider>.');
  return config;
}
