import { PAGE_TEMPLATES } from '@shared/templates';
import type { PageTemplateData } from '../../data/page-templates';
import type { Clock } from '../../lib/clock';

/**
 * Writes the reference data the app needs (page templates). Idempotent: run on the local cloud's first
 * start and after every deploy (a CDK trigger), so a changed template definition reaches the table.
 */
export async function seedData(deps: {
  templates: PageTemplateData;
  clock: Clock;
}): Promise<{ templates: number }> {
  return { templates: await deps.templates.putAll(PAGE_TEMPLATES, deps.clock.now()) };
}

/** Options of {@link withRetries}. */
export interface RetryOptions {
  /** Tries in all (the first included). */
  attempts: number;
  /** Wait before the second try; doubled before each further one. */
  baseDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (attempt: number, error: unknown) => void;
}

/**
 * Runs `run` until it succeeds or `attempts` tries failed (then throws the last error), waiting
 * `baseDelayMs`, then twice as long, and so on. The deploy-time seed uses it: right after a deploy the table
 * or the function's new role may briefly refuse (IAM propagation, throttling), and a failed trigger fails the
 * whole deploy.
 */
export async function withRetries<T>(run: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= options.attempts) throw error;
      options.onRetry?.(attempt, error);
      await sleep(options.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
