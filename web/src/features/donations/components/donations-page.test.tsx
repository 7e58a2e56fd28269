/** @jest-environment jsdom */
import type { RouteId } from '@shared/api/routes';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api';
import { clearScope } from '@/lib/query';
import { type Answers, claim, defaultAnswers, donation, files, payout, summary } from '../testing/fixtures';
import { DonationsPage } from './donations-page';

/**
 * The donations page through its API module and the real query layer; the charity API client is faked
 * (`mockCharityApi` answers each route from `answers` and records the calls).
 */
const mockCharityApi = jest.fn<Promise<unknown>, [RouteId, unknown]>();
jest.mock('@/features/charity-auth', () => {
  const { useMutation, useRouteQuery } = jest.requireActual('@/lib/query');
  return {
    useCharitySession: () => ({ session: { status: 'signed-in' }, signOut: jest.fn() }),
    callCharityApi: (id: RouteId, input: unknown) => mockCharityApi(id, input),
    useCharityQuery: (id: RouteId, input: unknown, options: object) =>
      useRouteQuery('test', id, input, () => mockCharityApi(id, input), options),
    useCharityMutation: (id: RouteId, options: object) =>
      useMutation((input: unknown) => mockCharityApi(id, input), options),
  };
});

let answers: Answers;
const clicks = jest.fn<void, [string]>();

beforeAll(() => {
  // A download is an anchor's click: recorded, not followed (jsdom does not navigate).
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks(this.href);
  });
});

beforeEach(() => {
  answers = defaultAnswers();
  mockCharityApi.mockImplementation(async (id, input) => {
    const answer = answers[id];
    if (!answer) throw new Error(`unexpected call ${id}`);
    return answer(input as never);
  });
});

afterEach(() => {
  clearScope('test');
  mockCharityApi.mockReset();
  clicks.mockReset();
});

const callsOf = (id: RouteId) =>
  mockCharityApi.mock.calls.filter(([called]) => called === id).map(([, i]) => i);

async function renderPage() {
  render(
    <MemoryRouter initialEntries={['/charity/donations']}>
      <DonationsPage />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'All donations', level: 2 });
}

const click = (name: string | RegExp) =>
  act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('the donations page: totals and the list', () => {
  it('shows the four totals and each donation with its figures in pence', async () => {
    await renderPage();
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Raised all time').nextSibling?.textContent).toBe('£12,345.50');
    expect(within(totals).getByText('This month').nextSibling?.textContent).toBe('£450');
    expect(within(totals).getByText('Supporters').nextSibling?.textContent).toBe('1,204');
    expect(within(totals).getByText('Gift Aid to claim').nextSibling?.textContent).toBe('£125');

    const table = screen.getByRole('table');
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.querySelector('.money-cell__value')?.textContent ?? cell.textContent);
    expect(cells.slice(0, 10)).toEqual([
      '14 Oct 2026 14:05',
      '£25.00',
      '£0.55',
      '£24.45',
      'Yes',
      'Ada Lovelace',
      'For the owls',
      'ada@example.org',
      'Paid',
      'don_1',
    ]);
    expect(within(table).getByRole('button', { name: /^Refund £25\.00 from Ada Lovelace/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ada@example.org' }).getAttribute('href')).toBe(
      'mailto:ada@example.org',
    );
    expect(screen.queryByText('Donations open soon.')).toBeNull();
  });

  it('says Anonymous, no email and no Refund where the donor chose so or the window has passed', async () => {
    answers['list-donations'] = () => ({
      success: true,
      donations: [
        donation({
          id: 'a',
          donor_name: null,
          email: null,
          message: null,
          gift_aid: false,
          refundable_until: null,
        }),
        donation({ id: 'b', status: 'refunded', refundable_until: null }),
        donation({ id: 'c', status: 'disputed', refundable_until: null }),
      ],
      next_cursor: null,
    });
    await renderPage();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Anonymous');
    expect(rows[0]?.textContent).toContain('Not shared');
    expect(rows[0]?.textContent).toContain('No');
    expect(rows[1]?.textContent).toContain('Refunded');
    expect(rows[2]?.textContent).toContain('Disputed');
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('filters by month, offering the months with donations', async () => {
    await renderPage();
    const select = screen.getByLabelText('Month') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'All months',
      'November 2026',
      'October 2026',
      'September 2026',
    ]);
    await act(async () => fireEvent.change(select, { target: { value: '2026-10' } }));
    await screen.findByRole('heading', { name: 'Donations in October 2026' });
    expect(callsOf('list-donations')).toEqual([{}, { month: '2026-10' }]);
    expect(screen.getByRole('button', { name: /Donations CSV \(October 2026\)/ })).toBeTruthy();
  });

  it('pages through with the server’s cursor: Next, then Previous', async () => {
    answers['list-donations'] = (input: { cursor?: string }) =>
      input.cursor
        ? {
            success: true,
            donations: [donation({ id: 'old', donor_name: 'Grace Hopper' })],
            next_cursor: null,
          }
        : { success: true, donations: [donation()], next_cursor: 'page-2' };
    await renderPage();
    expect(screen.getByText('Donations 1 to 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await click('Next');
    await screen.findByText('Grace Hopper');
    expect(screen.getByText('Donations 26 to 26')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'All donations' }));
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await click('Previous');
    await screen.findByText('Ada Lovelace');
    expect(callsOf('list-donations')).toEqual([{}, { cursor: 'page-2' }, {}]);
  });

  it('has real words when there are no donations, and says calmly when giving is not open', async () => {
    answers['get-donation-summary'] = () => summary({ giving_open: false, months: [], raised_pence: 0 });
    answers['list-donations'] = () => ({ success: true, donations: [], next_cursor: null });
    await renderPage();
    expect(screen.getByText('No donations yet.')).toBeTruthy();
    expect(
      screen.getByText(/their donation appears here as soon as their payment is confirmed/),
    ).toBeTruthy();
    expect(screen.getByText('Donations open soon.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the donations cannot be loaded, and tries again', async () => {
    answers['get-donation-summary'] = () => {
      throw new ApiError({ status: 500, code: 'INTERNAL' as never, message: 'boom' });
    };
    render(
      <MemoryRouter>
        <DonationsPage />
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your donations could not be loaded just now.');
    answers['get-donation-summary'] = () => summary();
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    await screen.findByRole('table');
  });
});

describe('the donations page: downloads', () => {
  it('downloads the donations CSV of the month shown, and says so politely', async () => {
    answers['export-donations'] = () => files('donations-2026-10.csv');
    await renderPage();
    await act(async () => fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } }));
    await click(/Donations CSV \(October 2026\)/);
    expect(callsOf('export-donations')).toEqual([{ month: '2026-10' }]);
    expect(clicks).toHaveBeenCalledWith('https://exports.example/donations-2026-10.csv?sig=0');
    const card = screen.getByRole('region', { name: 'Downloads' });
    const live = card.querySelector('[aria-live="polite"]') as HTMLElement;
    expect(live.textContent).toContain(
      'Your download of the donations CSV (October 2026) has started (10 rows).',
    );
    expect(within(live).getByRole('link', { name: 'donations-2026-10.csv' })).toBeTruthy();
  });

  it('says why an export failed, in the live region', async () => {
    answers['export-gift-aid-declarations'] = () => {
      throw new ApiError({ status: 500, code: 'INTERNAL' as never, message: 'boom' });
    };
    await renderPage();
    await click(/Gift Aid declarations CSV \(all time\)/);
    const live = screen.getByRole('region', { name: 'Downloads' }).querySelector('[aria-live="polite"]');
    expect(live?.textContent).toContain('The file could not be made just now.');
    expect(clicks).not.toHaveBeenCalled();
  });

  it('claims Gift Aid for the period and offers each schedule file as a link', async () => {
    answers['create-gift-aid-claim'] = () => ({
      claim: claim({ id: 'claim_2', files: 2 }),
      ...files('gift-aid-1.ods', 'gift-aid-2.ods'),
    });
    await renderPage();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    await click('Claim Gift Aid');
    expect(callsOf('create-gift-aid-claim')).toEqual([{ from: '2026-09-01', to: '2026-10-31' }]);
    const card = screen.getByRole('region', { name: 'Claim Gift Aid' });
    expect(card.textContent).toContain('is ready as 2 files (21 rows)');
    expect(within(card).getByRole('link', { name: 'gift-aid-1.ods' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'gift-aid-2.ods' })).toBeTruthy();
    expect(clicks).not.toHaveBeenCalled();
    // The totals and the claims load again.
    expect(callsOf('get-donation-summary').length).toBeGreaterThan(1);
    expect(callsOf('list-gift-aid-claims').length).toBeGreaterThan(1);
  });

  it('refuses a period that ends before it starts, by the field, without calling', async () => {
    await renderPage();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-31' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    await click('Claim Gift Aid');
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(callsOf('create-gift-aid-claim')).toEqual([]);
  });

  it('lists past claims and downloads one again', async () => {
    answers['list-gift-aid-claims'] = () => ({ success: true, claims: [claim()] });
    answers['get-gift-aid-claim-files'] = () => ({ ...files('gift-aid-claim.ods'), withdrawn: 1 });
    await renderPage();
    const again = await screen.findByRole('button', {
      name: 'Download again: the schedule for 1 Sept 2026 to 30 Sept 2026',
    });
    await act(async () => fireEvent.click(again));
    expect(callsOf('get-gift-aid-claim-files')).toEqual([{ claimId: 'claim_1' }]);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: 'Claim Gift Aid' }).textContent).toContain(
      '1 donation of this claim was refunded or disputed since and is left out: take its Gift Aid off your next claim.',
    );
    // The next claim starts the day after this one ended.
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-01');
  });

  it('lists payouts with a CSV each, and a failed payout’s reason', async () => {
    answers['list-payouts'] = () => ({
      success: true,
      payouts: [
        payout(),
        payout({
          id: 'po_2',
          status: 'failed',
          arrival_date: '2026-10-27',
          failure_message: 'The bank refused it.',
        }),
      ],
    });
    answers['export-payout'] = () => files('payout-po_1.csv');
    await renderPage();
    const card = screen.getByRole('region', { name: 'Payouts to Your Bank' });
    await within(card).findByText('The bank refused it.');
    expect(within(card).getByText('Failed')).toBeTruthy();
    await act(async () =>
      fireEvent.click(
        within(card).getByRole('button', { name: 'CSV of the payout of £489.00, 20 Oct 2026' }),
      ),
    );
    expect(callsOf('export-payout')).toEqual([{ payoutId: 'po_1' }]);
    expect(clicks).toHaveBeenCalledWith('https://exports.example/payout-po_1.csv?sig=0');
  });
});
