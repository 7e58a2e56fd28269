import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Table, whenCondition } from './table';

/**
 * A Stripe event seen: `STRIPEEVENT#<event id>` / `EVENT`, kept for {@link STRIPE_EVENT_TTL_DAYS} days (past
 * Stripe's three days of retries), so a redelivered event is acknowledged without being handled again.
 */
export const STRIPE_EVENT_TTL_DAYS = 7;
export const stripeEventKey = (eventId: string) => ({ PK: `STRIPEEVENT#${eventId}`, SK: 'EVENT' }) as const;

export function stripeEventData(table: Table) {
  const TableName = table.name;
  return {
    /** Whether the event has been handled already. */
    async seen(eventId: string): Promise<boolean> {
      const out = await table.doc.send(
        new GetCommand({
          TableName,
          Key: stripeEventKey(eventId),
          ConsistentRead: true,
          ProjectionExpression: 'PK',
        }),
      );
      return out.Item !== undefined;
    },
    /** Records a handled event (once; false when it was recorded already). */
    record: (eventId: string, type: string, at: Date) =>
      whenCondition(
        table.doc.send(
          new PutCommand({
            TableName,
            Item: {
              ...stripeEventKey(eventId),
              type,
              handled_at: at.toISOString(),
              expiresAt: Math.floor(at.getTime() / 1000) + STRIPE_EVENT_TTL_DAYS * 86_400,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        ),
      ),
  };
}
export type StripeEventData = ReturnType<typeof stripeEventData>;
