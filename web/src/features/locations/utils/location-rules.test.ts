import { ErrorCode } from '@shared/api/error-body';
import { LocationMessage, MAX_LOCATIONS, MAX_SERVICE_AREAS } from '@shared/locations';
import { ApiError, ClientErrorCode, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import {
  addLocation,
  formatPoint,
  lookupFailureMessage,
  makeHeadquarters,
  newAreaError,
  newId,
  newLocationError,
  removeLocation,
  sameSettings,
  saveFailureMessage,
  settingsError,
  zoomToFit,
} from './location-rules';

const place = (id: string, isHeadquarters = false) => ({
  id,
  name: id,
  address: `${id} Street`,
  latitude: 53.8,
  longitude: -1.55,
  isHeadquarters,
});

describe('new location and area forms', () => {
  it('needs a name and an address, in the spec words', () => {
    expect(newLocationError({ name: ' ', address: 'Leeds' }, 0)).toEqual({
      field: 'name',
      message: 'Please fill in all location fields',
    });
    expect(newLocationError({ name: 'Larder', address: '' }, 0)).toEqual({
      field: 'address',
      message: 'Please fill in all location fields',
    });
    expect(newLocationError({ name: 'Larder', address: 'Leeds' }, 0)).toBeNull();
    expect(newLocationError({ name: 'Larder', address: 'Leeds' }, MAX_LOCATIONS)?.message).toBe(
      LocationMessage.TooManyLocations,
    );
  });

  it('needs an area name, in the spec words', () => {
    expect(newAreaError({ name: '' }, 0)).toEqual({
      field: 'name',
      message: 'Please enter a name for the service area',
    });
    expect(newAreaError({ name: 'North Leeds' }, 0)).toBeNull();
    expect(newAreaError({ name: 'North Leeds' }, MAX_SERVICE_AREAS)?.message).toBe(
      LocationMessage.TooManyAreas,
    );
  });

  it('makes ids the server accepts, each new', () => {
    const ids = new Set([newId('loc'), newId('loc'), newId('area')]);
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^(loc|area)-[A-Za-z0-9_-]{1,59}$/);
  });
});

describe('one headquarters, always', () => {
  it('makes the first location the headquarters', () => {
    const one = addLocation([], place('a'));
    expect(one.map((l) => l.isHeadquarters)).toEqual([true]);
    expect(addLocation(one, place('b')).map((l) => l.isHeadquarters)).toEqual([true, false]);
  });

  it('moves the headquarters', () => {
    expect(makeHeadquarters([place('a', true), place('b')], 'b').map((l) => l.isHeadquarters)).toEqual([
      false,
      true,
    ]);
  });

  it('hands the headquarters on when it is removed', () => {
    expect(removeLocation([place('a', true), place('b'), place('c')], 'a')).toEqual([
      { ...place('b'), isHeadquarters: true },
      place('c'),
    ]);
    expect(removeLocation([place('a', true), place('b')], 'b')).toEqual([place('a', true)]);
    expect(removeLocation([place('a', true)], 'a')).toEqual([]);
  });

  it('checks the whole settings with the server rules before saving', () => {
    expect(settingsError([place('a', true)], [])).toBeNull();
    expect(settingsError([place('a'), place('b')], [])).toBe(LocationMessage.Headquarters);
    expect(
      settingsError([], [{ id: 'x', name: 'X', latitude: 1, longitude: 1, radius: 60, color: '#0e5a52' }]),
    ).toBe(LocationMessage.Radius);
  });
});

describe('failure messages', () => {
  const apiError = (status: number, code: ApiError['code'], message: string) =>
    new ApiError({ status, code, message });

  it('shows the spec message for a failed save, the rule for refused input, the sign-in message for 401', () => {
    expect(saveFailureMessage(apiError(500, ErrorCode.Internal, 'boom'))).toBe(
      'Failed to save location settings. Please try again.',
    );
    expect(saveFailureMessage(apiError(0, ClientErrorCode.Network, 'offline'))).toBe(
      LocationMessage.SaveFailed,
    );
    expect(saveFailureMessage(new Error('?'))).toBe(LocationMessage.SaveFailed);
    expect(saveFailureMessage(apiError(400, ErrorCode.ValidationFailed, LocationMessage.Radius))).toBe(
      LocationMessage.Radius,
    );
    expect(saveFailureMessage(apiError(401, ErrorCode.Unauthorized, 'Unauthorized'))).toBe(
      'User not authenticated',
    );
  });

  it("shows the server's lookup message, the network message, or the purpose's not-found message", () => {
    expect(
      lookupFailureMessage(apiError(404, 'LOCATION_NOT_FOUND', LocationMessage.AddressNotFound), 'x'),
    ).toBe(LocationMessage.AddressNotFound);
    expect(
      lookupFailureMessage(apiError(429, ErrorCode.RateLimited, LocationMessage.TooManySearches), 'x'),
    ).toBe(LocationMessage.TooManySearches);
    expect(lookupFailureMessage(apiError(0, ClientErrorCode.Network, ''), 'x')).toBe(NETWORK_ERROR_MESSAGE);
    expect(lookupFailureMessage(new Error('?'), LocationMessage.SearchNotFound)).toBe(
      LocationMessage.SearchNotFound,
    );
  });
});

describe('map helpers', () => {
  it('formats points to five decimals', () => {
    expect(formatPoint({ latitude: 51.5074, longitude: -0.1278 })).toBe('51.50740, -0.12780');
  });

  it('zooms out for larger areas, within 5 to 15', () => {
    expect(zoomToFit(1, 51.5)).toBe(13);
    expect(zoomToFit(5, 51.5)).toBe(11);
    expect(zoomToFit(50, 51.5)).toBe(8);
    expect(zoomToFit(1, 0)).toBeLessThanOrEqual(15);
    expect(zoomToFit(50, 60)).toBeGreaterThanOrEqual(5);
  });

  it('compares settings, a blank description being none', () => {
    const area = { id: 'x', name: 'X', latitude: 1, longitude: 1, radius: 5, color: '#0e5a52' as const };
    expect(
      sameSettings(
        { locations: [], areas: [area] },
        { locations: [], areas: [{ ...area, description: '' }] },
      ),
    ).toBe(true);
    expect(
      sameSettings({ locations: [], areas: [area] }, { locations: [], areas: [{ ...area, radius: 6 }] }),
    ).toBe(false);
  });
});
