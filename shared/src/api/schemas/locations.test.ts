import {
  AREA_COLOURS,
  DEFAULT_LOCATIONS,
  LocationMessage,
  MAX_LOCATIONS,
  MAX_SERVICE_AREAS,
  nextAreaColour,
} from '../../locations';
import { GeocodeRequest, LocationSettings } from './locations';

const office = {
  id: 'office',
  name: 'Main Office',
  address: '1 High Street, Leeds',
  latitude: 53.8,
  longitude: -1.55,
  isHeadquarters: true,
};
const area = { id: 'area', name: 'Leeds', latitude: 53.8, longitude: -1.55, radius: 5, color: '#0e5a52' };

/** The first problem as the API would report it: [field, message]. */
function firstProblem(input: unknown): [string, string] | null {
  const result = LocationSettings.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return [issue.path.join('.'), issue.message];
}

describe('location settings rules', () => {
  it('accepts settings within every rule and stores text trimmed, a blank description as absent', () => {
    const parsed = LocationSettings.parse({
      locations: [{ ...office, name: '  Main Office ' }],
      service_areas: [
        { ...area, color: '#0E5A52', description: '   ' },
        { ...area, id: 'b', description: ' Food ' },
      ],
    });
    expect(parsed.locations[0]!.name).toBe('Main Office');
    expect(parsed.service_areas[0]).toEqual({ ...area });
    expect(parsed.service_areas[0]!.description).toBeUndefined();
    expect(parsed.service_areas[1]!.description).toBe('Food');
  });

  it('accepts no locations and no areas at all', () => {
    expect(firstProblem({ locations: [], service_areas: [] })).toBeNull();
  });

  it.each([
    [
      'a blank name',
      { locations: [{ ...office, name: ' ' }], service_areas: [] },
      ['locations.0.name', LocationMessage.LocationFieldsRequired],
    ],
    [
      'no address',
      { locations: [{ ...office, address: undefined }], service_areas: [] },
      ['locations.0.address', LocationMessage.LocationFieldsRequired],
    ],
    [
      'a blank area name',
      { locations: [], service_areas: [{ ...area, name: '' }] },
      ['service_areas.0.name', LocationMessage.AreaNameRequired],
    ],
    [
      'radius 0',
      { locations: [], service_areas: [{ ...area, radius: 0 }] },
      ['service_areas.0.radius', LocationMessage.Radius],
    ],
    [
      'radius 51',
      { locations: [], service_areas: [{ ...area, radius: 51 }] },
      ['service_areas.0.radius', LocationMessage.Radius],
    ],
    [
      'radius 2.5',
      { locations: [], service_areas: [{ ...area, radius: 2.5 }] },
      ['service_areas.0.radius', LocationMessage.Radius],
    ],
    [
      'radius as text',
      { locations: [], service_areas: [{ ...area, radius: '5' }] },
      ['service_areas.0.radius', LocationMessage.Radius],
    ],
    [
      'another colour',
      { locations: [], service_areas: [{ ...area, color: '#ff0000' }] },
      ['service_areas.0.color', LocationMessage.Colour],
    ],
    [
      'latitude 91',
      { locations: [{ ...office, latitude: 91 }], service_areas: [] },
      ['locations.0.latitude', LocationMessage.Latitude],
    ],
    [
      'longitude -181',
      { locations: [], service_areas: [{ ...area, longitude: -181 }] },
      ['service_areas.0.longitude', LocationMessage.Longitude],
    ],
    [
      'no headquarters',
      { locations: [{ ...office, isHeadquarters: false }], service_areas: [] },
      ['locations', LocationMessage.Headquarters],
    ],
    [
      'two headquarters',
      { locations: [office, { ...office, id: 'b' }], service_areas: [] },
      ['locations', LocationMessage.Headquarters],
    ],
    [
      'a long name',
      { locations: [{ ...office, name: 'x'.repeat(101) }], service_areas: [] },
      ['locations.0.name', LocationMessage.NameTooLong],
    ],
    [
      'a long address',
      { locations: [{ ...office, address: 'x'.repeat(201) }], service_areas: [] },
      ['locations.0.address', LocationMessage.AddressTooLong],
    ],
    [
      'a long description',
      { locations: [], service_areas: [{ ...area, description: 'x'.repeat(501) }] },
      ['service_areas.0.description', LocationMessage.DescriptionTooLong],
    ],
    [
      'a bad id',
      { locations: [{ ...office, id: 'a b' }], service_areas: [] },
      ['locations.0.id', LocationMessage.BadId],
    ],
    [
      'a shared id',
      { locations: [office], service_areas: [{ ...area, id: 'office' }] },
      ['service_areas.0.id', LocationMessage.DuplicateId],
    ],
    [
      'too many locations',
      {
        locations: Array.from({ length: MAX_LOCATIONS + 1 }, (_, i) => ({
          ...office,
          id: `l${i}`,
          isHeadquarters: i === 0,
        })),
        service_areas: [],
      },
      ['locations', LocationMessage.TooManyLocations],
    ],
    [
      'too many areas',
      {
        locations: [],
        service_areas: Array.from({ length: MAX_SERVICE_AREAS + 1 }, (_, i) => ({ ...area, id: `a${i}` })),
      },
      ['service_areas', LocationMessage.TooManyAreas],
    ],
  ])('refuses %s', (_, input, expected) => {
    expect(firstProblem(input)).toEqual(expected);
  });

  it('refuses unknown fields', () => {
    expect(
      LocationSettings.safeParse({ locations: [{ ...office, city: 'Leeds' }], service_areas: [] }).success,
    ).toBe(false);
    expect(LocationSettings.safeParse({ locations: [], service_areas: [], owner: 'x' }).success).toBe(false);
  });

  it('keeps the spec words for the two form messages', () => {
    expect(LocationMessage.LocationFieldsRequired).toBe('Please fill in all location fields');
    expect(LocationMessage.AreaNameRequired).toBe('Please enter a name for the service area');
    expect(LocationMessage.SearchNotFound).toBe(
      'Could not find location. Please try a different search term.',
    );
    expect(LocationMessage.AddressNotFound).toBe(
      'Could not geocode address. Please check the address and try again.',
    );
    expect(LocationMessage.SaveFailed).toBe('Failed to save location settings. Please try again.');
  });
});

describe('defaults and colours', () => {
  it('starts with a Main Office in London as headquarters, valid under the rules', () => {
    expect(DEFAULT_LOCATIONS).toEqual([
      expect.objectContaining({ name: 'Main Office', isHeadquarters: true }),
    ]);
    expect(firstProblem({ locations: DEFAULT_LOCATIONS, service_areas: [] })).toBeNull();
  });

  it('cycles through the five colours', () => {
    expect(AREA_COLOURS).toHaveLength(5);
    expect([0, 1, 2, 3, 4, 5, 6].map(nextAreaColour)).toEqual([
      ...AREA_COLOURS.map((c) => c.value),
      AREA_COLOURS[0].value,
      AREA_COLOURS[1].value,
    ]);
  });

  it('gives each colour at least 4.5:1 against white', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const { value } of AREA_COLOURS)
      expect(1.05 / (luminance(value) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('geocode request', () => {
  it('defaults the purpose to the map search and trims the query', () => {
    expect(GeocodeRequest.parse({ query: ' Leeds ' })).toEqual({ query: 'Leeds', purpose: 'search' });
  });

  it('refuses a blank query, a long one and an unknown purpose', () => {
    expect(GeocodeRequest.safeParse({ query: '  ' }).error?.issues[0]?.message).toBe(
      LocationMessage.QueryRequired,
    );
    expect(GeocodeRequest.safeParse({ query: 'x'.repeat(201) }).error?.issues[0]?.message).toBe(
      LocationMessage.QueryTooLong,
    );
    expect(GeocodeRequest.safeParse({ query: 'Leeds', purpose: 'other' }).success).toBe(false);
  });
});
