/** @jest-environment jsdom */
import type { CharityProfileResponse } from '@shared/api/schemas/charity-account';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { RuntimeConfigProvider } from '@/config/runtime-config-context';
import { ApiError, callApi } from '@/lib/api';
import { clearScope } from '@/lib/query';
import { AccountSetupPage } from './account-setup-page';

/**
 * The page setup view on the web data layer: the real query cache and charity API client, with the API
 * faked at `callApi` (no network, no Amplify: the session is a fake token).
 */
jest.mock('@/lib/api', () => ({ ...jest.requireActual('@/lib/api'), callApi: jest.fn() }));
jest.mock('@/features/charity-auth/lib/charity-auth', () => ({
  CHARITY_SCOPE: 'charity',
  getIdToken: () => Promise.resolve('id-token'),
}));
jest.mock('@/features/charity-auth/hooks/use-charity-session', () => ({
  useCharitySession: () => ({ session: { status: 'signed-in' }, signOut: jest.fn() }),
}));
// Styles are no module to jest.

const api = callApi as jest.MockedFunction<typeof callApi>;

function profile(live: boolean): CharityProfileResponse {
  return {
    success: true,
    charity: {
      id: 'c1',
      charity_name: 'Helping Hands',
      display_name: null,
      email: 'team@example.org',
      profile_image_name: null,
      registration_number: '1234567',
      created_at: '2024-01-01T00:00:00.000Z',
      live_page_id: null,
      stripe_account_id: null,
    },
    verification: {
      verified: true,
      finished_setting_up_account: true,
      valid_main_page: true,
      valid_explore_page: true,
      page_is_liveable: true,
      page_is_live: live,
      locked: false,
      needs_manual_verification: false,
    },
  };
}

const config = {
  environment: 'test',
  siteUrl: 'https://example.org',
  apiBaseUrl: '',
  mediaBaseUrl: '/media',
  region: 'eu-west-2',
  userPoolId: 'pool',
  charityClientId: 'client',
  donorClientId: 'donor',
};

function renderPage() {
  return render(
    <RuntimeConfigProvider initial={config} renderError={() => null}>
      <MemoryRouter>
        <AccountSetupPage />
      </MemoryRouter>
    </RuntimeConfigProvider>,
  );
}

/** Answers each route from a table (a function is called with the input; an error is thrown). */
function answer(routes: Record<string, unknown>) {
  api.mockImplementation(async (id, input) => {
    const found = routes[id];
    if (found instanceof Error) throw found;
    return (typeof found === 'function' ? found(input) : found) as never;
  });
}

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  clearScope('charity');
  api.mockReset();
});

describe('the page setup view', () => {
  it('shows loading, then the page status read with the session token', async () => {
    answer({ 'get-charity-profile': profile(false) });
    renderPage();
    expect(screen.getByRole('status').textContent).toContain('Loading your page status...');
    await screen.findByText('Not Live', { exact: true });
    expect(api).toHaveBeenCalledWith('get-charity-profile', {}, { token: 'id-token' });
  });

  it('says the charity was not found on a 404, and Try again loads it', async () => {
    answer({
      'get-charity-profile': new ApiError({ status: 404, code: 'NOT_FOUND' as never, message: 'Not found' }),
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Charity data not found.');

    answer({ 'get-charity-profile': profile(false) });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status').textContent).toContain('Loading your page status...');
    await screen.findByText('Not Live', { exact: true });
  });

  it('Set Live changes the status, then reloads the profile quietly (the page stays on screen)', async () => {
    let live = false;
    answer({
      'get-charity-profile': () => profile(live),
      'set-charity-live': (input: { live: boolean }) => {
        live = input.live;
        return { success: true, live };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Set Live' }));
    const confirm = screen.getByRole('dialog', { name: 'Set your page live?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Set Live' })));

    await screen.findByRole('dialog', { name: 'Page is Now Live!' });
    expect(screen.getByText('Live', { exact: true })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    const reads = api.mock.calls.filter(([id]) => id === 'get-charity-profile');
    expect(reads).toHaveLength(2);
    expect(api).toHaveBeenCalledWith('set-charity-live', { live: true }, { token: 'id-token' });
  });
});
