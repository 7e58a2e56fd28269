import { ServiceUnavailableError } from '../lib/http-errors';
import { GSI1, LIVE_CHARITIES, ON_PLATFORM } from './indexes';
import { queryPages, type Table } from './table';

/**
 * The finder's flags: "On Kindred", the registration numbers of vetted charities, read from GSI1 `REGNO` (the
 * registration markers listed there by `charities/registration-marker.ts`, their one writer), and "Live", those
 * of live charities, read from GSI1 `LIVE#CHARITIES` (`charities/live.ts`'s listing), both kept in memory.
 */

/** How long a container trusts its copy of the list before refreshing it in the background. */
export const ON_PLATFORM_REFRESH_MS = 60_000;

export interface RegistrationMarkers {
  /** The registration numbers, of those given, of vetted charities (the finder's "On Kindred"). */
  vettedAmong(registrationNumbers: readonly string[]): Promise<Set<string>>;
  /** Of those given, the numbers of charities live for donors (issue 45: the finder links to their page). */
  liveAmong(registrationNumbers: readonly string[]): Promise<Set<string>>;
}

/** Every copy of the list in this process, so a registration or deletion here shows at once. */
const liveSets = new Set<Set<string>>();
/** Numbers changed in this process, and when: a refresh (GSI1 is eventually consistent) keeps them for a while. */
const notedAt = new Map<string, number>();

/** A registration finalised in this process: its number is on the platform now (other containers: within a minute). */
export function noteOnPlatform(registrationNumber: string): void {
  notedAt.set(registrationNumber, Date.now());
  for (const set of liveSets) set.add(registrationNumber);
}

/** An account deleted in this process. */
export function noteOffPlatform(registrationNumber: string): void {
  notedAt.delete(registrationNumber);
  for (const set of liveSets) set.delete(registrationNumber);
}

/** Reads every number a GSI1 partition lists in its sort key (a page holds tens of thousands). */
async function loadNumbers(table: Table, partition: string): Promise<Set<string>> {
  const numbers = new Set<string>();
  const pages = queryPages(table, {
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    ProjectionExpression: 'GSI1SK',
  });
  for await (const items of pages) for (const item of items) numbers.add(String(item.GSI1SK));
  return numbers;
}

/**
 * The on-platform flags of the finder, answered from memory: the list is loaded once per container (the
 * first search waits for it), then refreshed in the background when older than `refreshMs`, so a search
 * never waits on the database again. A failed refresh keeps the last list and is retried on the next call.
 */
export function registrationMarkers(
  table: Table,
  opts: { refreshMs?: number; now?: () => number } = {},
): RegistrationMarkers {
  const refreshMs = opts.refreshMs ?? ON_PLATFORM_REFRESH_MS;
  const now = opts.now ?? Date.now;
  const current = new Set<string>();
  liveSets.add(current);
  let live = new Set<string>();
  let loadedAt = 0;
  let first: Promise<void> | undefined;
  let refreshing = false;

  const load = async () => {
    const startedAt = now();
    const [numbers, liveNumbers] = await Promise.all([
      loadNumbers(table, ON_PLATFORM),
      loadNumbers(table, LIVE_CHARITIES),
    ]);
    live = liveNumbers;
    // Replace in place, keeping numbers registered in this process in the last refresh period.
    const keepAfter = Date.now() - refreshMs;
    for (const n of current) if (!numbers.has(n) && (notedAt.get(n) ?? 0) < keepAfter) current.delete(n);
    for (const n of numbers) current.add(n);
    loadedAt = startedAt;
  };
  const ensureLoaded = () => {
    first ??= load().catch((error) => {
      first = undefined;
      throw error;
    });
    return first;
  };
  // Start at cold start, beside the register index; a failure is reported on first use.
  ensureLoaded().catch(() => undefined);

  const fresh = async () => {
    try {
      await ensureLoaded();
    } catch (error) {
      throw new ServiceUnavailableError(undefined, error);
    }
    if (!refreshing && now() - loadedAt >= refreshMs) {
      refreshing = true;
      load()
        .catch(() => undefined)
        .finally(() => {
          refreshing = false;
        });
    }
  };
  return {
    async vettedAmong(numbers) {
      await fresh();
      return new Set(numbers.filter((n) => current.has(n)));
    },
    async liveAmong(numbers) {
      await fresh();
      // Live and still vetted (a lock withdraws the listing; this process's deletions leave `current` at once).
      return new Set(numbers.filter((n) => live.has(n) && current.has(n)));
    },
  };
}
