import { RuntimeConfig } from '../../../shared/src/config';

/** Where the runtime configuration is served: written by CDK in production, by the local cloud locally. */
export const RUNTIME_CONFIG_URL = '/config.json';

/** The configuration could not be fetched or did not match the shared schema. */
export class RuntimeConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RuntimeConfigError';
  }
}

/** Fetches `/config.json` and validates it with the shared {@link RuntimeConfig} schema. */
export async function fetchRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchFn(RUNTIME_CONFIG_URL, {
      headers: { Accept: 'application/json' },
      cache: 'no-cache',
    });
  } catch (cause) {
    throw new RuntimeConfigError('The site configuration could not be reached.', { cause });
  }
  if (!response.ok) throw new RuntimeConfigError(`The site configuration answered ${response.status}.`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new RuntimeConfigError('The site configuration is not valid JSON.', { cause });
  }
  const parsed = RuntimeConfig.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new RuntimeConfigError(`The site configuration is invalid (${fields}).`, { cause: parsed.error });
  }
  return parsed.data;
}

let pending: Promise<RuntimeConfig> | undefined;

/** Loads the configuration once per page; a failed load may be retried. */
export function loadRuntimeConfig(fetchFn?: typeof fetch): Promise<RuntimeConfig> {
  if (!pending) {
    pending = fetchRuntimeConfig(fetchFn).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  }
  return pending;
}
