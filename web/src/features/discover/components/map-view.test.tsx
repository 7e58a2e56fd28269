/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { clearScope } from '@/lib/query';
import { type DiscoverPageData, PreloadedListingContext } from '../preloaded';
import { testAnswer, testCharity } from '../testing';
import { DiscoverPage } from './discover-page';
import type { ResultsMapContent } from './results-leaflet';
import { mapContent } from './results-map';

// Leaflet itself is the browser journeys' business: here, what the page hands it.
const drawn: ResultsMapContent[] = [];
jest.mock('./results-leaflet', () => ({
  createResultsMap: jest.fn(() => ({
    update: (content: ResultsMapContent) => drawn.push(content),
    destroy: jest.fn(),
  })),
}));
jest.mock('@/config/runtime-config-context', () => ({
  useRuntimeConfig: () => ({ mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png', mapAttribution: 'OSM' }),
}));

afterEach(() => {
  clearScope('public');
  drawn.length = 0;
});

function Listing() {
  const { search } = useLocation();
  return <DiscoverPage search={search} />;
}

const owls = testCharity({
  circles: [
    { lat: 53.8, lng: -1.55, radius_km: 8 },
    { lat: 51.54, lng: -0.14, radius_km: 3 },
  ],
});
const wrens = testCharity({ registration_number: '1200002', display_name: 'Wren Larder', circles: [] });

function renderAt(url: string, data: DiscoverPageData) {
  return render(
    <PreloadedListingContext.Provider value={(query) => (query === data.query ? data : null)}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/charities" element={<Listing />} />
        </Routes>
      </MemoryRouter>
    </PreloadedListingContext.Provider>,
  );
}

describe('the map view of /charities', () => {
  it('switches between List and Map with links that keep the filters (the view in the address)', () => {
    const answer = testAnswer({ filters: { cause: 'animals', place: null, size: null }, charities: [owls] });
    renderAt('/charities?cause=animals', { query: 'cause=animals', answer, problem: null });
    const views = screen.getByRole('navigation', { name: 'Show the results as' });
    const list = within(views).getByRole('link', { name: 'List' });
    const map = within(views).getByRole('link', { name: 'Map' });
    expect(list.getAttribute('aria-current')).toBe('true');
    expect(map.getAttribute('aria-current')).toBeNull();
    expect(map.getAttribute('href')).toBe('/charities?cause=animals&view=map');
    expect(screen.queryByRole('region', { name: 'Map of the charities on this page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Not sure? Get a recommendation' }).getAttribute('href')).toBe(
      '/charities/recommend',
    );
  });

  it('shows the map with its label, instructions and a skip link to the same charities as a list', async () => {
    const answer = testAnswer({
      filters: { cause: null, place: 'Camden', size: null },
      place_label: 'Camden, London',
      place_point: { lat: 51.539, lng: -0.1426 },
      charities: [owls, wrens],
    });
    renderAt('/charities?place=Camden&view=map', { query: 'place=Camden', answer, problem: null });
    // The map is a chunk of its own, fetched when the map is opened.
    expect(screen.getByText('Loading the map…')).toBeTruthy();
    const region = await screen.findByRole('region', { name: 'Map of the charities on this page' });
    const hint = document.getElementById(region.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Tab moves between them and Enter shows its name and links');
    expect(hint?.textContent).toContain('the ringed dot is the place you searched');
    const skip = screen.getByRole('link', { name: 'Skip the map: the same charities as a list' });
    expect(skip.getAttribute('href')).toBe('#discover-list');
    const list = screen.getByRole('list', { name: 'The charities on the map, as a list' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    act(() => skip.click());
    expect(document.activeElement).toBe(list);
    expect(screen.getByText(/1 charity on this page has not said where it works/)).toBeTruthy();
    // The filters' form keeps the map open for a new search, and the view switch says which is shown.
    expect((document.querySelector('input[name="view"]') as HTMLInputElement).value).toBe('map');
    expect(screen.getByRole('link', { name: 'Map' }).getAttribute('aria-current')).toBe('true');

    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]?.charities.map((c) => c.name)).toEqual(['Brambleford Owl Rescue']);
    expect(drawn[0]?.place?.label).toBe('Camden, London');
  });

  it("puts a charity's marker at its area nearest the searched place, linking to its page and Donate box", () => {
    const content = mapContent(
      testAnswer({
        place_point: { lat: 51.539, lng: -0.1426 },
        place_label: 'Camden, London',
        charities: [owls],
      }),
    );
    expect(content.charities).toEqual([
      {
        number: '1123456',
        name: 'Brambleford Owl Rescue',
        href: '/charities/1123456',
        donateHref: '/charities/1123456#give',
        marker: { lat: 51.54, lng: -0.14 },
        circles: owls.circles,
      },
    ]);
    expect(mapContent(testAnswer({ charities: [owls] })).charities[0]?.marker).toEqual({
      lat: 53.8,
      lng: -1.55,
    });
  });
});
