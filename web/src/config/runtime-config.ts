import type { RuntimeConfig } from '@shared/config';

/** Where the runtime configuration is served: written by CDK in production, by the local cloud locally. */
export const RUNTIME_CONFIG_URL = '/config.json';

/** The configuration could not be fetched or did not match the shared schema. */
export class RuntimeConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RuntimeConfigError';
  }
}

type Check = (value: unknown) => boolean;
const nonEmpty: Check = (v) => typeof v === 'string' && v.length > 0;
const text: Check = (v) => typeof v === 'string';
const url: Check = (v) => {
  if (typeof v !== 'string') return false;
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
};
const optionalText: Check = (v) => v === undefined || typeof v === 'string';

/**
 * The shared `RuntimeConfig` schema's rules, checked by hand: importing zod here would put it on every
 * page's critical path (about a fifth of the landing page's JavaScript). A unit test keeps the two in step.
 */
const rules: { [K in keyof Required<RuntimeConfig>]: Check } = {
  environment: nonEmpty,
  siteUrl: url,
  apiBaseUrl: text,
  mediaBaseUrl: text,
  region: nonEmpty,
  userPoolId: nonEmpty,
  charityClientId: nonEmpty,
  donorClientId: nonEmpty,
  cognitoEndpoint: optionalText,
  mapTileUrl: optionalText,
  mapAttribution: optionalText,
};

/** Validates a parsed `/config.json`: the configuration (unknown keys dropped) or the invalid field names. */
export function parseRuntimeConfig(
  body: unknown,
): { success: true; data: RuntimeConfig } | { success: false; fields: string[] } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { success: false, fields: ['(root)'] };
  const record = body as Record<string, unknown>;
  const fields = Object.entries(rules)
    .filter(([key, check]) => !check(record[key]))
    .map(([key]) => key);
  if (fields.length) return { success: false, fields };
  const data = Object.fromEntries(
    Object.keys(rules)
      .filter((key) => record[key] !== undefined)
      .map((key) => [key, record[key]]),
  ) as RuntimeConfig;
  return { success: true, data };
}

/** Fetches `/config.json` and validates it against the shared `RuntimeConfig` rules. */
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
  const parsed = parseRuntimeConfig(body);
  if (!parsed.success) {
    throw new RuntimeConfigError(`The site configuration is invalid (${parsed.fields.join(', ')}).`);
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
