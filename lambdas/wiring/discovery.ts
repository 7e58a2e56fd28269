import { createGazetteerGeocoder } from '../adapters/geocoder';
import { lookUpPostcode } from '../adapters/postcode-districts';
import { createRegister, RegisterEnv } from '../adapters/register/create-register';
import { charityData } from '../data/charities';
import { discoveryData } from '../data/discovery';
import { exploreData } from '../data/explore';
import { locationData } from '../data/locations';
import { pageData } from '../data/pages';
import { postData } from '../data/posts';
import type { CardDeps } from '../domain/discovery/card';
import { createDirectory } from '../domain/discovery/directory';
import type { DiscoverDeps, PlaceHit, PlaceRefusal } from '../domain/discovery/discover';
import type { RecommendDeps } from '../domain/discovery/recommend';
import { systemClock } from '../lib/clock';
import { BaseEnv, readEnv, rule } from '../lib/env';
import { readEnvAndTable } from './compose';

/** refresh-discovery-card: the charity's items, the register's facts, and the cards. */
export function cardDeps(): CardDeps {
  const { table } = readEnvAndTable(BaseEnv);
  return {
    charities: charityData(table),
    locations: locationData(table),
    explore: exploreData(table),
    pages: pageData(table),
    posts: postData(table),
    discovery: discoveryData(table),
    register: createRegister(readEnv(RegisterEnv)),
    clock: systemClock,
  };
}

const DiscoverEnv = BaseEnv.extend({
  MEDIA_BASE_URL: rule.text(),
  /** The oldest the directory held in memory may be (seconds). */
  DISCOVER_MAX_AGE_SECONDS: rule.int({ min: 1, max: 300, fallback: 45 }),
});

/**
 * Places for discovery, offline in every stage (a donor's typed place is never sent to a third party, answers
 * in microseconds and has no rate limit to share): a UK postcode or outward code at its district's centre
 * when the text is one, else the gazetteer of UK towns and London areas (decision 21.3).
 */
export function offlinePlaces(): DiscoverDeps['places'] {
  const gazetteer = createGazetteerGeocoder();
  return {
    async find(text): Promise<PlaceHit | PlaceRefusal | null> {
      const postcode = lookUpPostcode(text);
      if (postcode.kind === 'found') {
        const { latitude, longitude, label } = postcode.hit;
        return { lat: latitude, lng: longitude, label };
      }
      if (postcode.kind === 'refused') return { refused: postcode.message };
      const hit = await gazetteer.geocode(text);
      return hit ? { lat: hit.latitude, lng: hit.longitude, label: hit.label } : null;
    },
  };
}

/** discover-charities and the `/charities` page: the directory (held per container), the live check, places. */
export function discoverDeps(): DiscoverDeps {
  const { env, table } = readEnvAndTable(DiscoverEnv);
  const discovery = discoveryData(table);
  return {
    directory: createDirectory({
      discovery,
      clock: systemClock,
      maxAgeSeconds: env.DISCOVER_MAX_AGE_SECONDS,
    }),
    discovery,
    places: offlinePlaces(),
    mediaBaseUrl: env.MEDIA_BASE_URL,
  };
}

/** recommend-charities: the listing's own deps (its directory and live check, places) and the clock. */
export function recommendDeps(): RecommendDeps {
  return { ...discoverDeps(), clock: systemClock };
}
