import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { liveKey } from './charities/live';
import { charityItemKey } from './charities/partition';
import { DISCOVER_CHARITIES, GSI1, LIVE_CHARITIES } from './indexes';
import { batchGetAll, queryPages, type Table } from './table';

/**
 * A live charity's discovery card (issue 45), the only writer of these items: `CHARITY#<userId>` / `DISCOVER`,
 * listed under GSI1 `DISCOVER#CHARITIES` by registration number. A card is derived, never edited: the table
 * stream's consumer (`lambdas/events/refresh-discovery-card`) rebuilds it from the charity's own items and the
 * register whenever one of them changes, and deletes it when the charity may no longer be seen. What donors see
 * is still checked against the LIVE record on every answer (`stillListed`), so a charity taken offline is gone at
 * once, before its card is.
 */
export const DISCOVER_SK = 'DISCOVER';

/** A service area on a card: a circle (radius in whole km) around a point. */
export interface CardArea {
  name: string;
  lat: number;
  lng: number;
  radius_km: number;
}

export interface DiscoveryCard {
  user_id: string;
  registration_number: string;
  display_name: string;
  registered_name: string;
  /** The charity's one-line mission (its explore short description, else its page's description), plain text. */
  mission: string;
  /** The profile image's media key (under the media base URL), or null. */
  image: string | null;
  /** Cause codes (the register's classification, or the charity's own choice within it). */
  causes: number[];
  /** Where it works: its service areas; with none, its headquarters as a point. */
  areas: CardArea[];
  /** The register's latest income in whole pounds, or null. */
  income: number | null;
  /** When its newest published post was published (ISO), or null: "Posts updates" in a recommendation. */
  last_post_at?: string | null;
  refreshed_at: string;
}

const cardKey = (userId: string) => charityItemKey(userId, DISCOVER_SK);

const toCard = (item: Record<string, unknown>): DiscoveryCard => ({
  user_id: String(item.user_id),
  registration_number: String(item.registration_number),
  display_name: String(item.display_name ?? ''),
  registered_name: String(item.registered_name ?? ''),
  mission: String(item.mission ?? ''),
  image: typeof item.image === 'string' ? item.image : null,
  causes: Array.isArray(item.causes) ? item.causes.map(Number).filter(Number.isInteger) : [],
  areas: Array.isArray(item.areas) ? (item.areas as CardArea[]) : [],
  income: typeof item.income === 'number' ? item.income : null,
  last_post_at: typeof item.last_post_at === 'string' ? item.last_post_at : null,
  refreshed_at: String(item.refreshed_at ?? ''),
});

export function discoveryData(table: Table) {
  const TableName = table.name;
  return {
    /** Writes the charity's card as built now (a rebuild replaces it whole). */
    async putCard(card: DiscoveryCard): Promise<void> {
      await table.doc.send(
        new PutCommand({
          TableName,
          Item: {
            ...cardKey(card.user_id),
            ...card,
            GSI1PK: DISCOVER_CHARITIES,
            GSI1SK: card.registration_number,
          },
        }),
      );
    },

    /** Removes the charity's card (nothing when it has none). */
    async deleteCard(userId: string): Promise<void> {
      await table.doc.send(new DeleteCommand({ TableName, Key: cardKey(userId) }));
    },

    /** Every card, in registration-number order (the discovery snapshot's one read). */
    async listCards(): Promise<DiscoveryCard[]> {
      const cards: DiscoveryCard[] = [];
      const pages = queryPages(table, {
        IndexName: GSI1,
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': DISCOVER_CHARITIES },
      });
      for await (const items of pages) for (const item of items) cards.push(toCard(item));
      return cards;
    },

    /**
     * Which of these charities are listed live right now (their LIVE record, read strongly consistent): the
     * check of every answer, so a charity taken offline, locked or deleted is not shown even while its card
     * and the snapshot still hold it.
     */
    async stillListed(userIds: readonly string[]): Promise<Set<string>> {
      const listed = new Set<string>();
      const items = await batchGetAll(table, userIds.map(liveKey), {
        projection: 'id, live, GSI1PK',
        what: 'discovery: the live check',
        tries: 10,
      });
      for (const item of items)
        if (item.live === true && item.GSI1PK === LIVE_CHARITIES) listed.add(String(item.id));
      return listed;
    },
  };
}
export type DiscoveryData = ReturnType<typeof discoveryData>;
