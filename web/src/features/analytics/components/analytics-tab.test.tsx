/** @jest-environment jsdom */
import type { RouteId } from '@shared/api/routes';
import type { AnalyticsResponse } from '@shared/api/schemas/analytics';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { clearScope } from '@/lib/query';
import { AnalyticsTab } from './analytics-tab';

/** The tab through its API module and the real query layer; the charity API client is faked. */
const mockCharityApi = jest.fn<Promise<unknown>, [RouteId, unknown]>();
jest.mock('@/features/charity-auth', () => {
  const { useRouteQuery } = jest.requireActual('@/lib/query');
  return {
    useCharityQuery: (id: RouteId, input: unknown, options: object) =>
      useRouteQuery('test', id, input, () => mockCharityApi(id, input), options),
  };
});

const months = (range: '6m' | '12m') =>
  Array.from({ length: range === '6m' ? 6 : 12 }, (_, i) => ({
    month: `2025-${String(i + 1).padStart(2, '0')}`,
    profile_views: i === 5 ? 40 : 0,
    donations_paid: i === 5 ? 1 : 0,
    donated_pence: i === 5 ? 2550 : 0,
  }));

const answer = (range: '6m' | '12m', open = true): AnalyticsResponse => ({
  success: true,
  updates_open: open,
  range,
  months: months(range),
  profile_views: 40,
  new_followers: 3,
  unfollows: 1,
  donations_paid: 1,
  donated_pence: 2550,
  donation_rate_tenths: 25,
  posts_published: 2,
  post_views: 31,
  mail_clicks: 1,
  recent: [
    { kind: 'gift', at: '2025-06-10T09:30:00Z', amount_pence: 2550, donor_name: 'Ada Lovelace' },
    { kind: 'follows', day: '2025-06-09', count: 3 },
    { kind: 'post', at: '2025-06-08T12:00:00Z', title: 'Winter coats', post_type: 'story' },
  ],
});

afterEach(() => {
  clearScope('test');
  mockCharityApi.mockReset();
});

describe('AnalyticsTab', () => {
  it('keeps the preview while updates are closed', async () => {
    mockCharityApi.mockResolvedValue(answer('6m', false));
    render(<AnalyticsTab closed={<p>The preview</p>} />);
    await screen.findByText('The preview');
    expect(screen.queryByRole('group', { name: 'Period shown' })).toBeNull();
  });

  it('shows the figures, the charts as tables, recent activity, and switches to the last year', async () => {
    mockCharityApi.mockImplementation(async (_id, input) => answer((input as { range: '6m' | '12m' }).range));
    render(<AnalyticsTab closed={<p>The preview</p>} />);
    const rate = (await screen.findByText('Donation Rate')).closest('li') as HTMLElement;
    expect(within(rate).getByText('2.5')).toBeTruthy();
    const engagement = screen.getByText('Post Engagement').closest('li') as HTMLElement;
    expect(within(engagement).getByText('31')).toBeTruthy();
    expect(
      within(engagement).getByText(
        'Views of your posts in the last 6 months (1 open from update mails, 2 posts published)',
      ),
    ).toBeTruthy();
    const followers = screen.getByText('New Followers').closest('li') as HTMLElement;
    expect(within(followers).getByText('3')).toBeTruthy();

    const donations = screen.getByRole('region', { name: 'Monthly Donations' });
    const table = within(donations).getByRole('table', { name: 'Donations paid by month, last 6 months' });
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(within(table).getByRole('row', { name: 'June 2025 £25.50' })).toBeTruthy();
    const toggle = within(donations).getByRole('button', { name: 'Show as a table' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(activity).getByText('Ada Lovelace gave £25.50')).toBeTruthy();
    expect(within(activity).getByText('3 new followers')).toBeTruthy();
    expect(within(activity).getByText('Story published: Winter coats')).toBeTruthy();

    const year = screen.getByRole('button', { name: 'Last year' });
    expect(year.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(year);
    expect(year.getAttribute('aria-pressed')).toBe('true');
    await screen.findByRole('table', { name: 'Donations paid by month, last year' });
    expect(mockCharityApi).toHaveBeenCalledWith('get-analytics', { range: '12m' });
  });
});
