import { conditionFailed, conditionFailures, whenCondition, whenConditionOutput } from './table';

const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(name), { name, ...extra });
const conditional = () => named('ConditionalCheckFailedException');
const cancelled = (...codes: string[]) =>
  named('TransactionCanceledException', { CancellationReasons: codes.map((Code) => ({ Code })) });

describe('conditional writes', () => {
  it('tells a failed condition, alone or in a transaction, from any other error', () => {
    expect(conditionFailed(conditional())).toBe(true);
    expect(conditionFailed(cancelled('None', 'ConditionalCheckFailed'))).toBe(true);
    expect(conditionFailed(cancelled('TransactionConflict'))).toBe(false);
    expect(conditionFailed(named('ProvisionedThroughputExceededException'))).toBe(false);
    expect(conditionFailed(null)).toBe(false);
  });

  it('whenCondition: true when written, false when the condition failed, anything else rethrown', async () => {
    await expect(whenCondition(Promise.resolve(undefined))).resolves.toBe(true);
    await expect(whenCondition(Promise.reject(conditional()))).resolves.toBe(false);
    await expect(whenCondition(Promise.reject(cancelled('ConditionalCheckFailed')))).resolves.toBe(false);
    const conflict = cancelled('TransactionConflict');
    await expect(whenCondition(Promise.reject(conflict))).rejects.toBe(conflict);
  });

  it('whenConditionOutput: the output, or undefined when the condition failed', async () => {
    await expect(whenConditionOutput(Promise.resolve({ Attributes: { n: 1 } }))).resolves.toEqual({
      Attributes: { n: 1 },
    });
    await expect(whenConditionOutput(Promise.reject(conditional()))).resolves.toBeUndefined();
    const other = named('InternalServerError');
    await expect(whenConditionOutput(Promise.reject(other))).rejects.toBe(other);
  });

  it('conditionFailures: null when written, else the items whose condition failed', async () => {
    await expect(conditionFailures(Promise.resolve())).resolves.toBeNull();
    await expect(
      conditionFailures(
        Promise.reject(cancelled('None', 'ConditionalCheckFailed', 'ConditionalCheckFailed')),
      ),
    ).resolves.toEqual([1, 2]);
    await expect(conditionFailures(Promise.reject(conditional()))).resolves.toEqual([]);
    const conflict = cancelled('TransactionConflict');
    await expect(conditionFailures(Promise.reject(conflict))).rejects.toBe(conflict);
  });
});
