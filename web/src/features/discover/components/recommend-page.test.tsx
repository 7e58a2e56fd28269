/** @jest-environment jsdom */
import type { RecommendResponse } from '@shared/api/schemas/discover';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { callApi } from '@/lib/api';
import { clearScope } from '@/lib/query';
import { testCharity } from '../testing';
import { RecommendPage } from './recommend-page';

jest.mock('@/lib/api', () => ({ ...jest.requireActual('@/lib/api'), callApi: jest.fn() }));
const api = callApi as jest.MockedFunction<typeof callApi>;

afterEach(() => {
  clearScope('public');
  api.mockReset();
});

let where = '';
function Page() {
  const { search } = useLocation();
  where = search;
  return <RecommendPage search={search} />;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/charities/recommend" element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

const shortlist = (change: Partial<RecommendResponse> = {}): RecommendResponse => ({
  success: true,
  answers: { cause: 'animals', place: 'Leeds', way: 'follow' },
  place_label: 'Leeds',
  place_problem: null,
  charities: [
    {
      ...testCharity(),
      reasons: ['Works on Animals', 'Serves Leeds, 0.3 km from Leeds', 'Small: under £100,000 a year'],
      misses: [],
    },
    {
      ...testCharity({ registration_number: '1200002', display_name: 'Wren Larder' }),
      reasons: ['Works on Animals'],
      misses: ['Has not posted an update recently'],
    },
  ],
  ...change,
});

describe('Get a recommendation', () => {
  it('asks three questions, one fieldset at a time, the answers in the address', async () => {
    renderAt('/charities/recommend');
    expect(screen.getByRole('heading', { level: 1, name: 'Get a recommendation' })).toBeTruthy();
    const first = screen.getByRole('group', { name: /Question 1 of 3\s*What do you care about most\?/ });
    fireEvent.change(within(first).getByLabelText('Cause'), { target: { value: 'animals' } });
    expect(screen.getByRole('link', { name: 'Back to all charities' }).getAttribute('href')).toBe(
      '/charities',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(where).toBe('?cause=animals&step=2');

    const second = screen.getByRole('group', { name: /Where should the charity work\?/ });
    expect(document.activeElement?.textContent).toBe('Where should the charity work?');
    fireEvent.change(within(second).getByLabelText('Town or postcode'), { target: { value: ' Leeds ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(where).toBe('?cause=animals&place=Leeds&step=3');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/charities/recommend?cause=animals&place=Leeds&step=2',
    );

    // The last question needs an answer.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show my shortlist' })));
    expect(screen.getByText('Choose a one-off gift or following their work.')).toBeTruthy();
    expect(where).toBe('?cause=animals&place=Leeds&step=3');

    api.mockResolvedValue(shortlist() as never);
    fireEvent.click(screen.getByRole('radio', { name: /Give and follow their work/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show my shortlist' })));
    expect(where).toBe('?cause=animals&place=Leeds&way=follow');
    await screen.findByRole('heading', { level: 1, name: 'Your shortlist' });
    expect(api).toHaveBeenCalledWith('recommend-charities', {
      cause: 'animals',
      place: 'Leeds',
      way: 'follow',
    });
  });

  it('keeps an answer when going back to its question (a shared or reloaded address too)', () => {
    renderAt('/charities/recommend?cause=animals&place=Leeds&way=follow&step=2');
    expect((screen.getByLabelText('Town or postcode') as HTMLInputElement).value).toBe('Leeds');
    renderAt('/charities/recommend?cause=animals&way=once&step=3');
    expect(
      (screen.getAllByRole('radio', { name: /A one-off gift/ }).at(-1) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('shows the shortlist with why each was chosen, what it misses, and Donate at its giving box', async () => {
    api.mockResolvedValue(shortlist() as never);
    renderAt('/charities/recommend?cause=animals&place=Leeds&way=follow');
    expect(screen.getByRole('status').textContent).toBe('Choosing charities…');
    const first = await screen.findByRole('article', { name: 'Brambleford Owl Rescue' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'For animals, near Leeds, to give and follow their work',
    );
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Works on Animals', 'Serves Leeds, 0.3 km from Leeds', 'Small: under £100,000 a year']);
    expect(
      within(first).getByRole('link', { name: 'Donate to Brambleford Owl Rescue' }).getAttribute('href'),
    ).toBe('/charities/1123456#give');
    expect(within(first).getByRole('link', { name: 'Brambleford Owl Rescue' }).getAttribute('href')).toBe(
      '/charities/1123456',
    );
    const second = screen.getByRole('article', { name: 'Wren Larder' });
    expect(within(second).getByRole('heading', { name: 'Not a full match' })).toBeTruthy();
    expect(second.textContent).toContain('Has not posted an update recently');
    expect(screen.getByRole('link', { name: 'Change your answers' }).getAttribute('href')).toBe(
      '/charities/recommend?cause=animals&place=Leeds&way=follow&step=1',
    );
  });

  it('says when the place was not used, and when the answers were refused', async () => {
    api.mockResolvedValueOnce(
      shortlist({
        place_label: null,
        place_problem: 'We could not find "Atlantis". Try a town or a full UK postcode.',
      }) as never,
    );
    renderAt('/charities/recommend?place=Atlantis&way=once');
    await waitFor(() =>
      expect(screen.getByText(/So these charities are from anywhere in the UK\./).textContent).toContain(
        'We could not find "Atlantis".',
      ),
    );
  });
});
