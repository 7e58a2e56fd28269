/** @jest-environment jsdom */
import { ErrorCode } from '@shared/api/error-codes';
import type { AccountPreferencesResponse } from '@shared/api/schemas/preferences';
import { PreferenceMessage, PreferenceSuccess } from '@shared/preferences';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api';
import { NoSessionError } from '@/lib/no-session';
import { clearScope, useRouteQuery } from '@/lib/query';
import { saveDisplayName, usePreferencesQuery } from '../api/preferences-api';
import { preferencesFixture } from '../testing/preferences-fixture';
import { DisplayNamePage } from './display-name-page';

jest.mock('@/features/charity-auth', () => ({
  useCharitySession: () => ({ session: { status: 'signed-in' }, signOut: jest.fn() }),
}));
// The page's calls, faked: the read goes through the real query layer with a fake loader.
jest.mock('../api/preferences-api', () => ({ usePreferencesQuery: jest.fn(), saveDisplayName: jest.fn() }));

const PREFS = preferencesFixture();

let load: jest.Mock<Promise<AccountPreferencesResponse>, []>;

beforeEach(() => {
  load = jest.fn();
  jest
    .mocked(usePreferencesQuery)
    .mockImplementation((enabled) => useRouteQuery('test', 'get-account-preferences', {}, load, { enabled }));
});
afterEach(() => {
  clearScope('test');
  jest.restoreAllMocks();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <DisplayNamePage />
    </MemoryRouter>,
  );

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => {
    resolve = ok;
  });
  return { promise, resolve };
}

describe('the display name page', () => {
  it('says it is loading, then shows the form with the name donors see', async () => {
    const answer = deferred<AccountPreferencesResponse>();
    load.mockReturnValue(answer.promise);
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading preferences...');
    await act(async () => answer.resolve(PREFS));
    expect((screen.getByLabelText('Display name') as HTMLInputElement).value).toBe(
      'Hollowmere Riverside Trust',
    );
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load is logged and says so, with the way back to the dashboard', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValue(new ApiError({ status: 500, code: ErrorCode.Internal, message: 'boom' }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load preferences. Please try again.');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(logged).toHaveBeenCalledWith('Failed to load preferences', expect.any(ApiError));
  });

  it('a refused session (401) says User not authenticated and offers Sign in, without logging', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValue(new ApiError({ status: 401, code: ErrorCode.Unauthorized, message: 'no' }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(PreferenceMessage.NotAuthenticated);
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(logged).not.toHaveBeenCalled();
  });

  it('saves the name: the success message, and the stored name is what the page now holds', async () => {
    load.mockResolvedValue(PREFS);
    jest.mocked(saveDisplayName).mockResolvedValue({ success: true, display_name: 'Hollowmere Trust' });
    renderPage();
    const input = (await screen.findByLabelText('Display name')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  Hollowmere   Trust ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Display Name' })));
    expect(saveDisplayName).toHaveBeenCalledWith('  Hollowmere   Trust ');
    expect(screen.getByText(PreferenceSuccess.DisplayName)).toBeTruthy();
    expect(input.value).toBe('Hollowmere Trust');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a save without a session says User not authenticated', async () => {
    load.mockResolvedValue(PREFS);
    jest.mocked(saveDisplayName).mockRejectedValue(new NoSessionError(PreferenceMessage.NotAuthenticated));
    renderPage();
    await screen.findByLabelText('Display name');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Display Name' })));
    expect(screen.getByRole('alert').textContent).toBe(PreferenceMessage.NotAuthenticated);
    expect(screen.queryByText(PreferenceSuccess.DisplayName)).toBeNull();
  });
});
