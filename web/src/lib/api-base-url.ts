/**
 * The API base URL, kept apart from the API client so the app shell can set it without bundling the
 * route manifest and its schemas (those load with the first feature that calls the API).
 */
let baseUrl = '';

/** Points every call at the API (the runtime configuration's `apiBaseUrl`; empty on a single origin). */
export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/+$/, '');
}

export function getApiBaseUrl(): string {
  return baseUrl;
}
