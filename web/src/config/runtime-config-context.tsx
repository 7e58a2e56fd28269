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
  /**
   * A configuration already loaded (hydrating a prerendered page, where the first render must match the
   * server's markup; the build's prerender): the children render at once, with no loading state.
   */
  initial?: RuntimeConfig;
}

/** Loads `/config.json` once and provides it to the tree; children render only with a valid configuration. */
export function RuntimeConfigProvider({
  children,
  loading = null,
  renderError,
  onLoad,
  initial,
}: RuntimeConfigProviderProps) {
  const [state, setState] = useState<State>(() => {
    if (!initial) return { status: 'loading' };
    onLoad?.(initial);
    return { status: 'ready', config: initial };
  });

  useEffect(() => {
    if (initial) return;
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
  }, [onLoad, initial]);

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
