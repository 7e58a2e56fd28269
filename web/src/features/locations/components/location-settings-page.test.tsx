/** @jest-environment jsdom */
import { ErrorCode } from '@shared/api/error-codes';
import type { LocationSettingsResponse } from '@shared/api/schemas/locations';
import { LocationMessage } from '@shared/locations';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api';
import { clearScope, useRouteQuery } from '@/lib/query';
import { saveLocationSettings, useLocationSettingsQuery } from '../api/locations-api';
import { LocationSettingsPage } from './location-settings-page';

// Leaflet is not what these tests are about: the map is a placeholder.
jest.mock('./location-map', () => ({ LocationMap: () => <div>map</div> }));
jest.mock('@/config/runtime-config-context', () => ({ useRuntimeConfig: () => ({}) }));
let mockSession = 'signed-in';
jest.mock('@/features/charity-auth', () => ({
  useCharitySession: () => ({ session: { status: mockSession }, signOut: jest.fn() }),
}));
// The page's calls, faked: the read goes through the real query layer with a fake loader.
jest.mock('../api/locations-api', () => ({
  useLocationSettingsQuery: jest.fn(),
  saveLocationSettings: jest.fn(),
  lookUp: jest.fn(),
}));

const STORED: LocationSettingsResponse = {
  success: true,
  locations: [
    {
      id: 'loc-1',
      name: 'Main Office',
      address: '1 High Street, London',
      latitude: 51.5,
      longitude: -0.12,
      isHeadquarters: true,
    },
    {
      id: 'loc-2',
      name: 'Community Larder',
      address: '2 Mill Lane, London',
      latitude: 51.51,
      longitude: -0.1,
      isHeadquarters: false,
    },
  ],
  service_areas: [],
  updated_at: '2025-01-01T00:00:00.000Z',
};

let load: jest.Mock<Promise<LocationSettingsResponse>, []>;

beforeEach(() => {
  mockSession = 'signed-in';
  load = jest.fn();
  jest
    .mocked(useLocationSettingsQuery)
    .mockImplementation((enabled) => useRouteQuery('test', 'get-locations', {}, load, { enabled }));
});
afterEach(() => {
  clearScope('test');
  jest.restoreAllMocks();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <LocationSettingsPage />
    </MemoryRouter>,
  );

describe('the location settings page', () => {
  it('says it is loading, then lists the saved locations', async () => {
    load.mockResolvedValue(STORED);
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading preferences...');
    const list = await screen.findByRole('list', { name: 'Your locations' });
    expect(within(list).getByText('Community Larder')).toBeTruthy();
    expect(screen.getByText('All changes saved.')).toBeTruthy();
  });

  it('without a session says User not authenticated, offers Sign in and loads nothing', () => {
    mockSession = 'signed-out';
    renderPage();
    expect(screen.getByRole('alert').textContent).toContain(LocationMessage.NotAuthenticated);
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('a failed load is logged and offers the way back to the dashboard', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValue(new ApiError({ status: 503, code: ErrorCode.Internal, message: 'down' }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load preferences. Please try again.');
    expect(within(alert).getByRole('link', { name: 'Back to Dashboard' })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Location settings could not be loaded', expect.any(ApiError));
  });

  it('saves a change: what the API stored is shown as saved, without loading again', async () => {
    load.mockResolvedValue(STORED);
    const afterSave = {
      ...STORED,
      locations: STORED.locations.slice(0, 1),
      updated_at: '2025-02-01T00:00:00Z',
    };
    jest.mocked(saveLocationSettings).mockResolvedValue(afterSave);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Community Larder' }));
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Location Settings' })));
    expect(saveLocationSettings).toHaveBeenCalledWith({
      locations: STORED.locations.slice(0, 1),
      service_areas: [],
    });
    expect(screen.getByText(LocationMessage.Saved)).toBeTruthy();
    expect(screen.getByText('All changes saved.')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed save says so and keeps the change unsaved', async () => {
    load.mockResolvedValue(STORED);
    jest.mocked(saveLocationSettings).mockRejectedValue(new Error('network'));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Community Larder' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Location Settings' })));
    expect(screen.getByRole('alert').textContent).toBe(LocationMessage.SaveFailed);
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
  });
});
