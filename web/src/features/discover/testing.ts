import type { DiscoverCharity, DiscoverResponse } from '@shared/api/schemas/discover';

/** Tests only: a card as the API answers it. */
export function testCharity(change: Partial<DiscoverCharity> = {}): DiscoverCharity {
  return {
    registration_number: '1123456',
    display_name: 'Brambleford Owl Rescue',
    registered_name: 'The Brambleford Owl Rescue Trust',
    mission: 'We rescue injured owls and return them to the wild.',
    image_url: 'https://media.example/owls.jpg',
    causes: [
      { slug: 'animals', label: 'Animals' },
      { slug: 'environment', label: 'Environment/conservation/heritage' },
    ],
    areas: ['Leeds'],
    size: 'Small (under £100,000 a year)',
    distance_m: null,
    circles: [],
    ...change,
  };
}

/** Tests only: an answer of the listing. */
export function testAnswer(change: Partial<DiscoverResponse> = {}): DiscoverResponse {
  const charities = change.charities ?? [testCharity()];
  return {
    success: true,
    filters: { cause: null, place: null, size: null },
    place_label: null,
    place_point: null,
    total: charities.length,
    page: 1,
    pages: charities.length ? 1 : 0,
    charities,
    empty: null,
    ...change,
  };
}
