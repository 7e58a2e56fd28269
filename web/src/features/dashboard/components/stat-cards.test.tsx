/** @jest-environment jsdom */
import type { DonationSummaryResponse } from '@shared/api/schemas/donations';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { clearScope, useRouteQuery } from '@/lib/query';
import { StatCards } from './stat-cards';

/** The overview's stat cards on the real query layer; the summary route is faked. */
const mockSummary = jest.fn<Promise<DonationSummaryResponse>, []>();
jest.mock('../api/dashboard-api', () => ({
  useDonationSummaryQuery: () => useRouteQuery('test', 'get-donation-summary', {}, () => mockSummary()),
}));

const summary = (giving_open: boolean): DonationSummaryResponse => ({
  success: true,
  giving_open,
  raised_pence: 1_248_000,
  this_month_pence: 135_050,
  supporters: 248,
  gift_aid_to_claim_pence: 0,
  months: [],
});

afterEach(() => {
  clearScope('test');
  mockSummary.mockReset();
});

const renderCards = () =>
  render(
    <MemoryRouter>
      <StatCards />
    </MemoryRouter>,
  );

describe('the overview stat cards', () => {
  it('where giving is open: three real figures without the overlay, Lives Impacted still coming soon', async () => {
    mockSummary.mockResolvedValue(summary(true));
    renderCards();
    const region = await screen.findByRole('region', { name: 'Your donations at a glance' });
    const value = (label: string) =>
      within(region).getByText(label).parentElement?.querySelector('.stat-card__value')?.textContent;
    expect(value('Total Supporters')).toBe('248');
    expect(value('Total Raised')).toBe('£12,480');
    expect(value('This Month')).toBe('£1,350.50');
    expect(within(region).getByText('Lives Impacted').parentElement?.textContent).toContain('Coming Soon');
    expect(screen.queryByText('Analytics Coming Soon')).toBeNull();
    expect(screen.queryByText('Sample')).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
    expect(within(region).getByRole('link', { name: 'See every donation' }).getAttribute('href')).toBe(
      '/charity/donations',
    );
  });

  it('where giving is not open: the spec’s sample cards under the overlay', async () => {
    mockSummary.mockResolvedValue(summary(false));
    renderCards();
    await screen.findByRole('heading', { name: 'Analytics Coming Soon' });
    expect(screen.getAllByText('Sample')).toHaveLength(4);
    expect(screen.getByText('Total Raised').closest('[inert]')).toBeTruthy();
  });

  it('says it is loading (no sample flashing past), and shows the samples if the totals cannot be read', async () => {
    mockSummary.mockRejectedValue(new Error('down'));
    renderCards();
    expect(screen.getByRole('status').textContent).toBe('Loading your figures...');
    await screen.findByRole('heading', { name: 'Analytics Coming Soon' });
  });
});
