/** @jest-environment jsdom */
import type { CharitySearchResult } from '@shared/api/schemas/register';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CharityDetailView } from './charity-detail';
import { ResultCard } from './result-card';

const charity = (over: Partial<CharitySearchResult> = {}): CharitySearchResult => ({
  registrationNumber: '5100012',
  name: 'Friends of Hollowmere Park',
  isActive: true,
  registrationDate: '2004-01-10',
  activities: 'Keeps the park green.',
  website: null,
  isOnKindred: true,
  isLive: true,
  ...over,
});

const inRouter = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe("the finder's marks of live charities (issue 45)", () => {
  it('marks a live charity and links its page; a vetted one still setting up gets no link', () => {
    const { unmount } = inRouter(<ResultCard charity={charity()} onOpen={() => undefined} />);
    expect(screen.getByText('Live on Kindred')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Kindred page of Friends of Hollowmere Park' }).getAttribute('href'),
    ).toBe('/charities/5100012');
    unmount();
    inRouter(<ResultCard charity={charity({ isLive: false })} onOpen={() => undefined} />);
    expect(screen.getByText('On Kindred')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Kindred page/ })).toBeNull();
  });

  it("links a live charity's detail view to its page and its Donate box", () => {
    inRouter(
      <CharityDetailView
        detail={{ status: 'loading', id: 1, charity: charity() }}
        headingRef={{ current: null }}
        onBack={() => undefined}
      />,
    );
    const article = screen.getByRole('article');
    expect(within(article).getByText('Live on Kindred')).toBeTruthy();
    expect(
      within(article)
        .getByRole('link', { name: /Donate/ })
        .getAttribute('href'),
    ).toBe('/charities/5100012#give');
    expect(
      within(article)
        .getByRole('link', { name: /Kindred page/ })
        .getAttribute('href'),
    ).toBe('/charities/5100012');
  });

  it('gives a charity that is not live no page or Donate link in its detail view', () => {
    inRouter(
      <CharityDetailView
        detail={{ status: 'loading', id: 1, charity: charity({ isOnKindred: false, isLive: false }) }}
        headingRef={{ current: null }}
        onBack={() => undefined}
      />,
    );
    expect(screen.getByText('Not on Kindred')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Donate/ })).toBeNull();
  });
});
