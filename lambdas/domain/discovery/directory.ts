import { SIZE_BANDS, type SizeSlug, sizeOf } from '@shared/discover';
import type { DiscoveryCard, DiscoveryData } from '../../data/discovery';
import type { Clock } from '../../lib/clock';

/**
 * The directory of live charities as discovery reads it (issue 45): every card, held in memory by the function
 * and read again as it ages (one Query of the cards' index): past half of `maxAgeSeconds` the next read starts
 * while the last is served; past `maxAgeSeconds` an answer waits for it. With the table stream's rebuild of a card (about a second), a charity going
 * live or changing shows within `maxAgeSeconds` and a few seconds; one going offline is dropped at once by the
 * listing's own check (`stillListed`).
 */
export interface DirectoryDeps {
  discovery: Pick<DiscoveryData, 'listCards'>;
  clock: Clock;
  maxAgeSeconds: number;
}

/** A card with what filtering needs worked out once per snapshot. */
export interface Entry {
  card: DiscoveryCard;
  causes: ReadonlySet<number>;
  size: SizeSlug | null;
  /** Small first: the band's order, unknown income last. */
  sizeRank: number;
  nameKey: string;
}

export interface Directory {
  entries(): Promise<readonly Entry[]>;
  /** Forgets a charity found not listed any more, until the next read. */
  drop(userIds: Iterable<string>): void;
}

const toEntry = (card: DiscoveryCard): Entry => {
  const size = sizeOf(card.income);
  return {
    card,
    causes: new Set(card.causes),
    size,
    sizeRank: size ? SIZE_BANDS.findIndex((b) => b.slug === size) : SIZE_BANDS.length,
    nameKey: card.display_name.toLocaleLowerCase('en-GB'),
  };
};

export function createDirectory(deps: DirectoryDeps): Directory {
  let held: { at: number; entries: Entry[] } | null = null;
  let reading: Promise<Entry[]> | null = null;
  const read = () => {
    reading ??= deps.discovery
      .listCards()
      .then((cards) => {
        const entries = cards.map(toEntry);
        held = { at: deps.clock.now().getTime(), entries };
        return entries;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  return {
    async entries() {
      const age = held ? deps.clock.now().getTime() - held.at : Number.POSITIVE_INFINITY;
      // Never older than maxAge: past it, the answer waits for the next read.
      if (!held || age > deps.maxAgeSeconds * 1000) return read();
      // Past half of it, the next read starts and this answer is served from the last (a failed read is tried
      // again by the next request).
      if (age > (deps.maxAgeSeconds * 1000) / 2) read().catch(() => undefined);
      return held.entries;
    },
    drop(userIds) {
      if (!held) return;
      const gone = new Set(userIds);
      if (gone.size) held = { ...held, entries: held.entries.filter((e) => !gone.has(e.card.user_id)) };
    },
  };
}
