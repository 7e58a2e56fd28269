/** @jest-environment jsdom */
import type { RouteId } from '@shared/api/routes';
import { DonationsMessage } from '@shared/donations';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api';
import { clearScope } from '@/lib/query';
import { type Answers, defaultAnswers, donation, summary } from '../testing/fixtures';
import { DonationsPage } from './donations-page';

/** The refund dialog on the donations page, through the real query layer (the API client is faked). */
const mockCharityApi = jest.fn<Promise<unknown>, [RouteId, unknown]>();
jest.mock('@/features/charity-auth', () => {
  const { useMutation, useRouteQuery } = jest.requireActual('@/lib/query');
  return {
    useCharitySession: () => ({ session: { status: 'signed-in' }, signOut: jest.fn() }),
    useCharityQuery: (id: RouteId, input: unknown, options: object) =>
      useRouteQuery('test', id, input, () => mockCharityApi(id, input), options),
    useCharityMutation: (id: RouteId, options: object) =>
      useMutation((input: unknown) => mockCharityApi(id, input), options),
  };
});

let answers: Answers;
let refunded = false;

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

beforeEach(() => {
  refunded = false;
  answers = {
    ...defaultAnswers(),
    'list-donations': () => ({
      success: true,
      donations: [refunded ? donation({ status: 'refunded', refundable_until: null }) : donation()],
      next_cursor: null,
    }),
    'get-donation-summary': () => summary({ raised_pence: refunded ? 0 : 2500 }),
    'refund-donation': () => {
      refunded = true;
      return {
        success: true,
        message: DonationsMessage.RefundStarted,
        donation: donation({ status: 'refunded' }),
      };
    },
  };
  mockCharityApi.mockImplementation(async (id, input) => {
    const answer = answers[id];
    if (!answer) throw new Error(`unexpected call ${id}`);
    return answer(input as never);
  });
});

afterEach(() => {
  clearScope('test');
  mockCharityApi.mockReset();
});

const refunds = () => mockCharityApi.mock.calls.filter(([id]) => id === 'refund-donation').map(([, i]) => i);

async function openDialog() {
  render(
    <MemoryRouter>
      <DonationsPage />
    </MemoryRouter>,
  );
  const opener = await screen.findByRole('button', { name: /^Refund £25\.00 from Ada Lovelace/ });
  opener.focus();
  await act(async () => fireEvent.click(opener));
  const dialog = screen.getByRole('dialog', { name: 'Refund £25.00?' });
  return { opener, dialog };
}

describe('refunding a donation', () => {
  it('explains the refund, then refunds: the server’s message, the row refunded, the totals reloaded', async () => {
    const { dialog } = await openDialog();
    expect(dialog.textContent).toContain('They get everything they paid back on their card');
    expect(dialog.textContent).toContain('The £24.45 your charity received is taken back');
    expect(dialog.textContent).toContain('Its Gift Aid has not been claimed yet');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep the Donation' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Refund £25.00' })));
    expect(refunds()).toEqual([{ donationId: 'don_1', confirm: true }]);
    await screen.findByText(DonationsMessage.RefundStarted);
    expect(screen.queryByRole('dialog')).toBeNull();
    const status = screen.getByText('Refunded');
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(screen.getByText('Raised all time').nextSibling?.textContent).toBe('£0');
    // Focus lands on the row's new status (the Refund button is gone).
    await waitFor(() => expect(document.activeElement).toBe(status));
  });

  it('warns that claimed Gift Aid must be adjusted with HMRC', async () => {
    answers['list-donations'] = () => ({
      success: true,
      donations: [donation({ claim_id: 'claim_1' })],
      next_cursor: null,
    });
    const { dialog } = await openDialog();
    expect(dialog.textContent).toContain('already been claimed from HMRC');
    expect(dialog.textContent).toContain('take £6.25 off your next claim');
  });

  it('Escape closes it without refunding, and focus returns to Refund', async () => {
    const { opener, dialog } = await openDialog();
    await act(async () => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(refunds()).toEqual([]);
  });

  it('with two-step sign-in on, asks for the password and a code, and places the server’s refusal', async () => {
    answers['get-two-step-status'] = () => ({ success: true, enabled: true });
    answers['refund-donation'] = () => {
      throw new ApiError({
        status: 400,
        code: 'VALIDATION_FAILED' as never,
        field: 'code',
        message: 'That code is not right.',
      });
    };
    const { dialog } = await openDialog();
    const password = await within(dialog).findByLabelText(/^Password/);
    const code = within(dialog).getByLabelText('Code from your authenticator app');
    fireEvent.change(password, { target: { value: 'a long password' } });
    fireEvent.change(code, { target: { value: '123 456' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Refund £25.00' })));
    expect(refunds()).toEqual([
      { donationId: 'don_1', confirm: true, password: 'a long password', code: '123 456' },
    ]);
    expect(within(dialog).getByText('That code is not right.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(screen.getByText('Paid')).toBeTruthy();
  });

  it('says a server failure in the page’s words and keeps the dialog open', async () => {
    answers['refund-donation'] = () => {
      throw new ApiError({ status: 502, code: 'INTERNAL' as never, message: 'upstream' });
    };
    const { dialog } = await openDialog();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Refund £25.00' })));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The refund could not be made just now. Nothing was changed: please try again.',
    );
  });
});
