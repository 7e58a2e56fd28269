import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { ServiceUnavailableError } from '../lib/errors';
import type { Table } from './table';

/**
 * Registration markers: `REGNO#<number>` / `REGNO`, one per charity account (written with the account in
 * one transaction by registration). Here: which of a list of numbers are on the platform.
 */
export const registrationMarkerKey = (registrationNumber: string) => ({
  PK: `REGNO#${registrationNumber}`,
  SK: 'REGNO',
});

export interface RegistrationMarkers {
  /** The registration numbers, of those given, that have an account (one BatchGet per 100 numbers). */
  registeredAmong(registrationNumbers: readonly string[]): Promise<Set<string>>;
}

export function registrationMarkers(table: Table): RegistrationMarkers {
  return {
    async registeredAmong(numbers) {
      const found = new Set<string>();
      const unique = [...new Set(numbers)];
      const batch = async (slice: string[]) => {
        let keys: Record<string, unknown>[] | undefined = slice.map(registrationMarkerKey);
        for (let attempt = 0; keys?.length && attempt < 5; attempt++) {
          if (attempt) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
          const out = await table.doc.send(
            new BatchGetCommand({
              RequestItems: { [table.name]: { Keys: keys, ProjectionExpression: 'PK' } },
            }),
          );
          for (const item of out.Responses?.[table.name] ?? [])
            found.add(String(item.PK).slice('REGNO#'.length));
          keys = out.UnprocessedKeys?.[table.name]?.Keys as Record<string, unknown>[] | undefined;
        }
        if (keys?.length) throw new Error(`${keys.length} registration markers left unread`);
      };
      try {
        // BatchGetItem takes at most 100 keys: the batches of one search run side by side.
        const batches: Promise<void>[] = [];
        for (let i = 0; i < unique.length; i += 100) batches.push(batch(unique.slice(i, i + 100)));
        await Promise.all(batches);
      } catch (error) {
        throw new ServiceUnavailableError(undefined, error);
      }
      return found;
    },
  };
}
