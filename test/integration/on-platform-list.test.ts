import {
  noteOffPlatform,
  noteOnPlatform,
  registrationMarkers,
} from '../../lambdas/data/registration-markers';
import { createTable, type Table } from '../../lambdas/data/table';
import { applyCloudEnvironment } from '../support/cloud';
import { madeUpNumber } from '../support/numbers';

const { env } = applyCloudEnvironment();

/** The table with a count of the calls that reach DynamoDB. */
function countingTable(): { table: Table; calls: () => number } {
  const table = createTable(env.TABLE_NAME as string);
  let calls = 0;
  const send = table.doc.send.bind(table.doc);
  table.doc.send = ((command: never) => {
    calls++;
    return send(command);
  }) as typeof table.doc.send;
  return { table, calls: () => calls };
}

/**
 * Lists a number as on the platform from another container: a vetted account holding its marker, written through
 * the data modules loaded in a module registry of their own, so this process's list is not told of it.
 */
let elsewhere!: typeof import('../support/charity');
jest.isolateModules(() => {
  elsewhere = require('../support/charity');
});
const undos: (() => Promise<void>)[] = [];
const put = async (n: string) => {
  undos.push(await elsewhere.createListedAccount(n));
};

describe('the on-platform list of the finder', () => {
  const numbers = [madeUpNumber(), madeUpNumber(), madeUpNumber()];
  let clock = 1_000_000;
  const { table, calls } = countingTable();

  afterAll(async () => {
    for (const undo of undos) await undo();
  });

  it('answers from memory: one load per container, then no database call per search', async () => {
    await put(numbers[0]!);
    const markers = registrationMarkers(table, { refreshMs: 60_000, now: () => clock });
    expect(await markers.vettedAmong(numbers)).toEqual(new Set([numbers[0]]));
    const afterLoad = calls();
    for (let i = 0; i < 20; i++) await markers.vettedAmong(numbers);
    expect(calls()).toBe(afterLoad);

    // A marker written elsewhere shows after the refresh period, refreshed in the background.
    await put(numbers[1]!);
    expect(await markers.vettedAmong(numbers)).toEqual(new Set([numbers[0]]));
    clock += 60_000;
    expect(await markers.vettedAmong(numbers)).toEqual(new Set([numbers[0]])); // stale answer, no wait
    await new Promise((r) => setTimeout(r, 500));
    expect(await markers.vettedAmong(numbers)).toEqual(new Set([numbers[0], numbers[1]]));
    expect(calls()).toBeGreaterThan(afterLoad);
  });

  it('shows a registration or deletion in this process at once, and keeps it through a refresh', async () => {
    const markers = registrationMarkers(table, { refreshMs: 60_000, now: () => clock });
    await markers.vettedAmong(numbers);
    noteOnPlatform(numbers[2]!);
    expect((await markers.vettedAmong(numbers)).has(numbers[2]!)).toBe(true);
    // Not yet in the table (GSI1 lags): a refresh keeps the number registered here.
    clock += 60_000;
    await markers.vettedAmong(numbers);
    await new Promise((r) => setTimeout(r, 500));
    expect((await markers.vettedAmong(numbers)).has(numbers[2]!)).toBe(true);
    noteOffPlatform(numbers[2]!);
    expect((await markers.vettedAmong(numbers)).has(numbers[2]!)).toBe(false);
  });

  it('answers 503 when the list cannot be loaded', async () => {
    const broken = createTable('no-such-table');
    const markers = registrationMarkers(broken);
    await expect(markers.vettedAmong(numbers)).rejects.toMatchObject({ statusCode: 503 });
  });
});
