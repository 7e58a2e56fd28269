import type { ClientErrorReport } from '@shared/api/schemas/public-pages';
import { sendClientError } from '../api/errors-api';

/** Reports sent per page load at most (a render loop must not flood the route). */
const MAX_REPORTS = 5;
const sent = new Set<string>();

/** The message without what could identify a person: email addresses and long numbers are masked. */
export function scrubMessage(message: string): string {
  return (
    message
      .replace(/[^\s@]+@[^\s@]+/g, '[email]')
      .replace(/\d{6,}/g, '[number]')
      .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]')
      .trim()
      .slice(0, 500) || 'Unknown error'
  );
}

/** The release: the hashed name of the app's entry bundle (changes with every build), else "dev". */
export function currentRelease(doc: Document | undefined = globalThis.document): string {
  const src = doc?.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')?.src ?? '';
  return /\/assets\/([\w-]+)\.js/.exec(src)?.[1]?.slice(0, 64) ?? 'dev';
}

/** What an error screen sends: the scrubbed message, the path (no query or fragment), the release. */
export function buildReport(
  error: unknown,
  kind: ClientErrorReport['kind'],
  pathname: string,
): ClientErrorReport {
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    message: scrubMessage(raw),
    route: (pathname.startsWith('/') ? pathname : `/${pathname}`).replace(/\s/g, '').slice(0, 200),
    release: currentRelease(),
    kind,
  };
}

/**
 * Tells the team (POST /api/client-errors, logged as a structured error with a metric) that an error screen
 * was shown. Never throws: a failed report must not make the error screen fail too.
 */
export function reportError(error: unknown, kind: ClientErrorReport['kind']): void {
  try {
    const report = buildReport(error, kind, window.location.pathname);
    const key = `${report.kind}|${report.route}|${report.message}`;
    if (sent.has(key) || sent.size >= MAX_REPORTS) return;
    sent.add(key);
    void sendClientError(report).catch(() => undefined);
  } catch {
    // Reporting is best effort.
  }
}
