/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError, callApi } from '@/lib/api';
import { clearScope } from '@/lib/query';
import { type DiscoverPageData, PreloadedListingContext } from '../preloaded';
import { testAnswer, testCharity } from '../testing';
import { DiscoverPage } from './discover-page';

jest.mock('@/lib/api', () => ({ ...jest.requireActual('@/lib/api'), callApi: jest.fn() }));
const api = callApi as jest.MockedFunction<typeof callApi>;

afterEach(() => {
  clearScope('public');
  api.mockReset();
});

function Listing() {
  const { search } = useLocation();
  return <DiscoverPage search={search} />;
}

/** The page at `url`, rendered as the server does: from the data it was given (none: fetched). */
function renderAt(url: string, data?: DiscoverPageData) {
  return render(
    <PreloadedListingContext.Provider value={(query) => (data && query === data.query ? data : null)}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/charities" element={<Listing />} />
          <Route path="/charities/:number" element={<p>A charity page</p>} />
        </Routes>
      </MemoryRouter>
    </PreloadedListingContext.Provider>,
  );
}

describe('the /charities page', () => {
  it('shows each charity as a card: its own words escaped, its register facts, causes, places, Donate', () => {
    const charity = testCharity({ display_name: '<script>alert(1)</script> Owls' });
    renderAt('/charities', { query: '', answer: testAnswer({ charities: [charity] }), problem: null });

    expect(screen.getByRole('heading', { level: 1, name: 'Find a charity' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '1 charity across the UK' })).toBeTruthy();
    const card = screen.getByRole('article', { name: '<script>alert(1)</script> Owls' });
    expect(card.querySelector('script')).toBeNull();
    expect(
      within(card).getByRole('link', { name: '<script>alert(1)</script> Owls' }).getAttribute('href'),
    ).toBe('/charities/1123456');
    expect(card.textContent).toContain('Registered charity 1123456: The Brambleford Owl Rescue Trust');
    expect(card.textContent).toContain('We rescue injured owls');
    const causes = within(card).getByRole('list', { name: 'Causes' });
    expect(
      within(causes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Animals', 'Environment/conservation/heritage']);
    const facts = card.querySelector('dl');
    expect([...(facts?.querySelectorAll('dt, dd') ?? [])].map((e) => e.textContent)).toEqual([
      'Works in',
      'Leeds',
      'Size',
      'Small (under £100,000 a year)',
    ]);
    expect(card.querySelector('img')?.getAttribute('alt')).toBe('');
    const donate = within(card).getByRole('link', { name: 'Donate to <script>alert(1)</script> Owls' });
    expect(donate.getAttribute('href')).toBe('/charities/1123456#give');
    expect(api).not.toHaveBeenCalled();
  });

  it('is a plain GET form to /charities, causes grouped What, Who and How, with the place hint', () => {
    renderAt('/charities?cause=animals&size=small', {
      query: 'cause=animals&size=small',
      answer: testAnswer({ filters: { cause: 'animals', place: null, size: 'small' } }),
      problem: null,
    });
    // A <search> landmark (jsdom's roles do not know the element yet) around a plain GET form.
    expect(document.querySelector('search')?.getAttribute('aria-label')).toBe('Find a charity');
    const form = document.querySelector('search form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/charities');
    const cause = screen.getByLabelText('Cause') as HTMLSelectElement;
    expect(cause.value).toBe('animals');
    expect([...cause.querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'What the charity does',
      'Who the charity helps',
      'How the charity works',
    ]);
    const place = screen.getByLabelText('Place');
    expect(place.getAttribute('name')).toBe('place');
    expect(document.getElementById(place.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A town or a full UK postcode',
    );
    const size = screen.getByLabelText('Size') as HTMLSelectElement;
    expect(size.value).toBe('small');
    expect(size.options[0]?.textContent).toBe('Any size');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      '1 small charity for animals across the UK',
    );
    expect(screen.getByRole('link', { name: 'Clear all filters' }).getAttribute('href')).toBe('/charities');
  });

  it('pages with the filters kept, and says which page this is', () => {
    const charities = Array.from({ length: 24 }, (_, i) =>
      testCharity({ registration_number: String(2000000 + i) }),
    );
    renderAt('/charities?place=Camden&page=2', {
      query: 'place=Camden&page=2',
      answer: testAnswer({
        filters: { cause: null, place: 'Camden', size: null },
        place_label: 'Camden, London',
        charities,
        total: 60,
        page: 2,
        pages: 3,
      }),
      problem: null,
    });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('60 charities near Camden, London');
    const pages = screen.getByRole('navigation', { name: 'Pages of results' });
    expect(pages.textContent).toContain('Page 2 of 3');
    expect(
      within(pages)
        .getByRole('link', { name: /Previous/ })
        .getAttribute('href'),
    ).toBe('/charities?place=Camden#results');
    expect(within(pages).getByRole('link', { name: /Next/ }).getAttribute('href')).toBe(
      '/charities?place=Camden&page=3#results',
    );
    expect(screen.getByRole('link', { name: 'Anywhere in the UK' }).getAttribute('href')).toBe('/charities');
    expect(screen.getAllByRole('article')).toHaveLength(24);
  });

  it('says why nothing matched and offers the nearest wider search with its count', () => {
    renderAt('/charities?cause=animals&place=Leeds', {
      query: 'cause=animals&place=Leeds',
      answer: testAnswer({
        filters: { cause: 'animals', place: 'Leeds', size: null },
        place_label: 'Leeds',
        charities: [],
        empty: {
          message: 'No live charity matches all of these choices yet.',
          wider: { label: 'Anywhere in the UK', path: '/charities?cause=animals', total: 3 },
        },
      }),
      problem: null,
    });
    expect(screen.getByText('No live charity matches all of these choices yet.')).toBeTruthy();
    const wider = screen.getByRole('link', { name: 'Anywhere in the UK (3 charities)' });
    expect(wider.getAttribute('href')).toBe('/charities?cause=animals');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says why a refused filter was refused', () => {
    renderAt('/charities?cause=nope', {
      query: 'cause=nope',
      answer: null,
      problem: 'Choose a cause from the list.',
    });
    expect(screen.getByRole('alert').textContent).toContain('Choose a cause from the list.');
    expect(screen.getByRole('link', { name: 'See every charity' }).getAttribute('href')).toBe('/charities');
  });

  it('searches in place with the app: the filters in the address, the answer fetched', async () => {
    api.mockResolvedValue(testAnswer({ filters: { cause: 'animals', place: null, size: null } }) as never);
    renderAt('/charities', { query: '', answer: testAnswer(), problem: null });
    fireEvent.change(screen.getByLabelText('Cause'), { target: { value: 'animals' } });
    fireEvent.change(screen.getByLabelText('Place'), { target: { value: '  ' } });
    await act(async () => {
      fireEvent.submit(document.querySelector('search form') as HTMLFormElement);
    });
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
        '1 charity for animals across the UK',
      ),
    );
    expect(api).toHaveBeenCalledWith('discover-charities', { cause: 'animals' });
  });

  it('fetches when the server did not render it; a 400 is the refused filter, anything else a failure', async () => {
    api.mockRejectedValueOnce(
      new ApiError({ status: 400, code: 'VALIDATION' as never, message: 'Choose a size from the list.' }),
    );
    renderAt('/charities?size=huge');
    expect(screen.getByRole('status').textContent).toBe('Finding charities…');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Choose a size from the list.'),
    );
    expect(api).toHaveBeenCalledWith('discover-charities', { size: 'huge' });

    api.mockRejectedValueOnce(new ApiError({ status: 0, code: 'NETWORK', message: 'offline' }));
    renderAt('/charities?size=small');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').at(-1)?.textContent).toContain("We couldn't load the charities"),
    );
  });
});
