/** @jest-environment jsdom */
import '../testing/jsdom-router';

import { ErrorCode } from '@shared/api/error-body';
import type { DonationStatusResponse } from '@shared/api/schemas/giving';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api';
import { clearScope } from '@/lib/query';
import { getDonationStatus } from '../api/get-donation-status';
import { ThankYouPage } from './thank-you-page';

// Jest runs no CSS: the stylesheets the components import are empty here.
jest.mock('@/components/ui/button.css', () => ({}));
jest.mock('./thank-you.css', () => ({}));
jest.mock('../api/get-donation-status');
const status = jest.mocked(getDonationStatus);

const ID = 'don_0123456789abcdef';

function answer(change: Partial<DonationStatusResponse['donation']>): DonationStatusResponse {
  return {
    success: true,
    donation: {
      status: 'pending',
      registration_number: '1123456',
      charity_name: 'Brambleford Owl Rescue',
      donation_pence: 2500,
      tip_pence: 0,
      total_pence: 2500,
      gift_aid: true,
      ...change,
    },
  };
}

function renderPage(search = `?donation=${ID}`) {
  return render(
    <MemoryRouter initialEntries={[`/charities/1123456/thank-you${search}`]}>
      <ThankYouPage registrationNumber="1123456" />
    </MemoryRouter>,
  );
}

/**
 * Lets `ms` of the page's clock pass, a second at a time: each poll's answer re-renders the page (in its own
 * `act`), which sets the next poll's timer.
 */
async function pass(ms: number) {
  for (let left = ms; left > 0 || left === ms; left -= 1000)
    await act(() => jest.advanceTimersByTimeAsync(Math.min(left, 1000)));
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  status.mockReset();
  sessionStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
  clearScope('public');
});

describe('the thank-you page', () => {
  it('says it is confirming while the payment is pending, then thanks the donor with the figures', async () => {
    sessionStorage.setItem('kindred:giving:1123456', '{"amount":"2500"}');
    status
      .mockResolvedValueOnce(answer({ status: 'pending' }))
      .mockResolvedValueOnce(answer({ status: 'pending' }))
      .mockResolvedValue(answer({ status: 'paid', tip_pence: 250, total_pence: 2750 }));
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirming your payment…');
    await pass(0);
    expect(screen.getByRole('status').textContent).toContain('This usually takes a few seconds');
    expect(status).toHaveBeenCalledTimes(1);
    await pass(1000);
    expect(status).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirming your payment…');
    await pass(1000);
    expect(status).toHaveBeenCalledWith(ID);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Thank you!');
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/Your donation of £25.00 to Brambleford Owl Rescue is confirmed/)).toBeTruthy();
    const rows = [...document.querySelectorAll('.thanks-summary > div')].map((row) => row.textContent);
    expect(rows).toEqual([
      'Your donation to Brambleford Owl Rescue£25.00',
      'Tip to Kindred£2.50',
      'Gift AidYes',
      'Total charged£27.50',
    ]);
    expect(screen.getByRole('link', { name: 'Back to Brambleford Owl Rescue' }).getAttribute('href')).toBe(
      '/charities/1123456',
    );
    // Paid: the box's kept choices are no longer needed.
    expect(sessionStorage.getItem('kindred:giving:1123456')).toBeNull();
    // No more polls once paid.
    await pass(10_000);
    expect(status).toHaveBeenCalledTimes(3);
  });

  it('after about a minute still pending, says calmly that the receipt will come by email', async () => {
    status.mockResolvedValue(answer({ status: 'pending' }));
    renderPage();
    await pass(0);
    await pass(10 * 1000);
    expect(screen.getByRole('status').textContent).toContain('This usually takes a few seconds');
    await pass(50 * 1000);
    expect(screen.getByRole('status').textContent).toContain('your receipt will arrive by email');
    const polls = status.mock.calls.length;
    expect(polls).toBe(36);
    await pass(15_000);
    expect(status.mock.calls.length).toBe(polls + 1);
  });

  it('says a failed or expired payment did not go through, and leads back to the charity', async () => {
    status.mockResolvedValue(answer({ status: 'expired' }));
    renderPage();
    await pass(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Your payment didn't go through");
    expect(screen.getByText(/Nothing was taken from your card/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Brambleford Owl Rescue' }).getAttribute('href')).toBe(
      '/charities/1123456',
    );
  });

  it('without a donation id, or for an unknown one, says it cannot find the donation', async () => {
    const { unmount } = renderPage('');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We couldn't find this donation");
    expect(status).not.toHaveBeenCalled();
    unmount();
    status.mockRejectedValue(
      new ApiError({ status: 404, code: ErrorCode.NotFound, message: 'Donation not found' }),
    );
    renderPage();
    await pass(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("We couldn't find this donation");
    expect(screen.getByRole('link', { name: "Back to the charity's page" }).getAttribute('href')).toBe(
      '/charities/1123456',
    );
  });
});
