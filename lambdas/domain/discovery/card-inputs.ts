/**
 * The items a discovery card is built from (issue 45): a change to any of them, seen on the table's stream,
 * rebuilds the charity's card. One list for the consumer, the stream's event filter (infra) and the local
 * cloud's stream poller.
 */
export const CARD_INPUT_SKS = ['PROFILE', 'VERIFICATION', 'LIVE', 'PREFS#LOCATIONS', 'EXPLORE'] as const;
/**
 * Pages: the live page's description is the mission when the explore page has none. Posts (`POST#<id>`,
 * lambdas/data/posts.ts): the newest published one's time is the card's `last_post_at`.
 */
export const CARD_INPUT_SK_PREFIXES = ['PAGE#', 'POST#'] as const;
export const CHARITY_PK_PREFIX = 'CHARITY#';

/** The charity whose card a changed item feeds, or null for any other item (the card itself included). */
export function cardInputOwner(keys: { PK?: string; SK?: string }): string | null {
  const { PK, SK } = keys;
  if (!PK?.startsWith(CHARITY_PK_PREFIX) || !SK) return null;
  const input =
    (CARD_INPUT_SKS as readonly string[]).includes(SK) ||
    CARD_INPUT_SK_PREFIXES.some((p) => SK.startsWith(p));
  return input ? PK.slice(CHARITY_PK_PREFIX.length) : null;
}
