import { supportersChange, totalsChange } from './donation-totals';

type Update = {
  Update: {
    Key: { SK: string };
    UpdateExpression: string;
    ConditionExpression?: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  };
};
const updates = (items: unknown[]) => items as Update[];
const added = (item: Update, name: string) => {
  const key = Object.entries(item.Update.ExpressionAttributeNames).find(([, n]) => n === name)?.[0];
  const value = key && item.Update.UpdateExpression.match(new RegExp(`${key} (:v\\d+)`))?.[1];
  return value ? item.Update.ExpressionAttributeValues[value] : undefined;
};

describe('supporters, counted exactly', () => {
  it('moves by one only when a donor crosses zero', () => {
    expect(supportersChange(0, 1)).toBe(1);
    expect(supportersChange(1, 1)).toBe(0);
    expect(supportersChange(2, -1)).toBe(0);
    expect(supportersChange(1, -1)).toBe(-1);
  });

  it("adds a supporter for a donor's first gift, with the marker conditional on the count read", () => {
    const [totals, , marker] = updates(
      totalsChange('t', {
        userId: 'u1',
        month: '2026-11',
        email: 'Ada@Example.org',
        raised_pence: 2500,
        paid_count: 1,
        supporterSeen: 0,
      }),
    );
    expect(added(totals!, 'supporters')).toBe(1);
    expect(marker!.Update.Key.SK).toMatch(/^SUPPORTER#[0-9a-f]{64}$/);
    expect(marker!.Update.ConditionExpression).toBe('attribute_not_exists(#seen) OR #seen = :seen');
    expect(marker!.Update.ExpressionAttributeValues[':seen']).toBe(0);
  });

  it('leaves the count for a second gift and takes one away when the last is refunded', () => {
    const [second, , secondMarker] = updates(
      totalsChange('t', {
        userId: 'u1',
        month: '2026-11',
        email: 'a@b.org',
        paid_count: 1,
        supporterSeen: 1,
      }),
    );
    expect(added(second!, 'supporters')).toBeUndefined();
    expect(secondMarker!.Update.ConditionExpression).toBe('#seen = :seen');
    const [last] = updates(
      totalsChange('t', {
        userId: 'u1',
        month: '2026-11',
        email: 'a@b.org',
        paid_count: -1,
        supporterSeen: 1,
      }),
    );
    expect(added(last!, 'supporters')).toBe(-1);
  });

  it('refuses a change of paid without the count it was read at', () => {
    expect(() =>
      totalsChange('t', { userId: 'u1', month: '2026-11', email: 'a@b.org', paid_count: 1 }),
    ).toThrow(/supporter count/);
  });
});
