import { createListedAccount } from './charity';

/**
 * Puts a register number on the platform as registration and verification do (a vetted account holding the
 * number's marker, listed under GSI1, written through the data modules), then waits until the finder's
 * in-memory list has picked it up (the test cloud refreshes it every second). Returns the undo.
 */
export async function markOnPlatform(opts: {
  appUrl: string;
  registrationNumber: string;
}): Promise<() => Promise<void>> {
  const { appUrl, registrationNumber } = opts;
  const undo = await createListedAccount(registrationNumber);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${appUrl}/api/search-charities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchTerm: registrationNumber, searchType: 'number' }),
    });
    const body = (await res.json()) as { charities?: { isOnKindred: boolean }[] };
    if (body.charities?.[0]?.isOnKindred) break;
    if (Date.now() > deadline) throw new Error(`${registrationNumber} was not flagged within 10 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return undo;
}
