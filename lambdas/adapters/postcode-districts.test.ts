import { distanceMetres } from '@shared/discover';
import { offlinePlaces } from '../wiring/discovery';
import { districtCentre, lookUpPostcode } from './postcode-districts';
import { POSTCODE_DISTRICTS } from './postcode-districts-data';

const km = (a: { latitude: number; longitude: number }, b: { lat: number; lng: number }) =>
  distanceMetres({ lat: a.latitude, lng: a.longitude }, b) / 1000;

describe('postcode districts', () => {
  it.each([
    ['NW1 8NH', 'NW1 8NH'],
    ['nw1 8nh', 'NW1 8NH'],
    ['NW18NH', 'NW1 8NH'],
    ['  nw1   8NH ', 'NW1 8NH'],
    ['NW1', 'NW1 (postcode district)'],
    ['nw1', 'NW1 (postcode district)'],
  ])('reads %p as %p, at the centre of NW1 (Camden)', (text, label) => {
    const found = lookUpPostcode(text);
    if (found.kind !== 'found') throw new Error(`not found: ${JSON.stringify(found)}`);
    expect(found.hit.label).toBe(label);
    // Camden Town is about 1 km from the district's centre.
    expect(km(found.hit, { lat: 51.539, lng: -0.1426 })).toBeLessThan(2);
  });

  it.each([
    ['SW1A 1AA', 'SW1A 1AA', { lat: 51.501, lng: -0.142 }], // Westminster
    ['SW1', 'SW1 (postcode district)', { lat: 51.495, lng: -0.14 }], // all of SW1's sub-districts
    ['EC1A 1BB', 'EC1A 1BB', { lat: 51.52, lng: -0.1 }], // City of London
    ['M1 1AE', 'M1 1AE', { lat: 53.48, lng: -2.236 }], // Manchester
    ['B33 8TH', 'B33 8TH', { lat: 52.48, lng: -1.79 }], // Birmingham
    ['CF10 1EP', 'CF10 1EP', { lat: 51.48, lng: -3.18 }], // Cardiff
    ['EH1 1YZ', 'EH1 1YZ', { lat: 55.953, lng: -3.19 }], // Edinburgh
    ['BT1 5GS', 'BT1 5GS', { lat: 54.6, lng: -5.93 }], // Belfast
    ['ZE1 0AA', 'ZE1 0AA', { lat: 60.155, lng: -1.145 }], // Lerwick
    ['10 Downing Street, London SW1A 2AA', 'SW1A 2AA', { lat: 51.503, lng: -0.128 }],
  ])('places %p as %p, near where it is', (text, label, near) => {
    const found = lookUpPostcode(text);
    if (found.kind !== 'found') throw new Error(`not found: ${JSON.stringify(found)}`);
    expect(found.hit.label).toBe(label);
    expect(km(found.hit, near)).toBeLessThan(5);
  });

  it.each(['BFPO 123', 'bfpo 5', 'BFPO1234', 'GIR 0AA', 'gir0aa'])(
    'refuses %p: a postcode for post only',
    (text) => {
      const found = lookUpPostcode(text);
      expect(found).toEqual({
        kind: 'refused',
        message: expect.stringContaining('postcode for post, not a place'),
      });
    },
  );

  it.each([
    ['QQ1 1AA', 'QQ1'],
    ['ZZ99', 'ZZ99'],
    ['A1', 'A1'],
  ])('refuses %p: no such district', (text, district) => {
    expect(lookUpPostcode(text)).toEqual({
      kind: 'refused',
      message: `We could not find the postcode district ${district}. Check the postcode, or try a town.`,
    });
  });

  it.each(['Camden', 'Leeds', 'Stratford, London E15', '', 'NW1 8N', 'NW1 8NHX', '123', 'Flat 2, 1 High St'])(
    'does not read %p as a postcode',
    (text) => {
      expect(lookUpPostcode(text)).toEqual({ kind: 'not-a-postcode' });
    },
  );

  it('has about 3,000 districts, all in the UK, unique', () => {
    const codes = Object.entries(POSTCODE_DISTRICTS).flatMap(([area, rows]) =>
      rows.split(' ').map((row) => area + row.split(':')[0]),
    );
    expect(codes.length).toBeGreaterThan(2900);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{1,2}\d[A-Z\d]?$/);
      const centre = districtCentre(code)!;
      expect(centre.latitude).toBeGreaterThan(49.8);
      expect(centre.latitude).toBeLessThan(60.9);
      expect(centre.longitude).toBeGreaterThan(-8.2);
      expect(centre.longitude).toBeLessThan(1.8);
    }
  });
});

describe('offline places for discovery', () => {
  const places = offlinePlaces();

  it('places a postcode at its district, a town from the gazetteer', async () => {
    await expect(places.find('nw1 8nh')).resolves.toEqual({
      lat: expect.any(Number),
      lng: expect.any(Number),
      label: 'NW1 8NH',
    });
    await expect(places.find('Leeds')).resolves.toEqual({
      lat: 53.8008,
      lng: -1.5491,
      label: 'Leeds, England',
    });
    await expect(places.find('Atlantis')).resolves.toBeNull();
  });

  it('passes a refusal on with its reason', async () => {
    await expect(places.find('BFPO 123')).resolves.toEqual({ refused: expect.stringContaining('BFPO 123') });
  });
});
