import type { DiscoverResponse } from '@shared/api/schemas/discover';
import { distanceMetres } from '@shared/discover';
import { charityDonatePath, charityPagePath } from '@shared/public-pages';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { LIST_ID } from '../utils/listing';
import {
  createResultsMap,
  type MapCharity,
  type ResultsMapContent,
  type ResultsMapHandle,
} from './results-leaflet';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The page's charities as the map draws them: a marker at the area nearest the place (or the first), and every circle. */
export function mapContent(answer: DiscoverResponse): ResultsMapContent {
  const place = answer.place_point;
  const charities: MapCharity[] = [];
  for (const charity of answer.charities) {
    const [first, ...rest] = charity.circles;
    if (!first) continue;
    const marker = place
      ? rest.reduce((best, c) => (distanceMetres(place, c) < distanceMetres(place, best) ? c : best), first)
      : first;
    charities.push({
      number: charity.registration_number,
      name: charity.display_name,
      href: charityPagePath(charity.registration_number),
      donateHref: charityDonatePath(charity.registration_number),
      marker: { lat: marker.lat, lng: marker.lng },
      circles: charity.circles,
    });
  }
  return {
    charities,
    place: place ? { ...place, label: answer.place_label ?? answer.filters.place ?? '' } : null,
  };
}

/**
 * The listing's map view (issue 45), a chunk of its own with Leaflet (loaded, with retries, only when a donor
 * opens the map: `listing-results.tsx`): the page's charities as markers (each a focus stop named after its
 * charity, its popup linking to its page and Donate box) over their service areas, and the searched place.
 * Without tiles the markers and circles still draw, on a plain background, with a note.
 */
export function ResultsMap({ answer }: { answer: DiscoverResponse }) {
  const { mapTileUrl, mapAttribution } = useRuntimeConfig();
  const element = useRef<HTMLElement>(null);
  const handle = useRef<ResultsMapHandle | null>(null);
  const [ready, setReady] = useState(false);
  const [tilesUnavailable, setTilesUnavailable] = useState(false);
  const content = useMemo(() => mapContent(answer), [answer]);
  const missing = answer.charities.length - content.charities.length;

  useEffect(() => {
    if (!element.current) return;
    let cancelled = false;
    handle.current = createResultsMap(element.current, {
      tileUrl: mapTileUrl,
      attribution: mapAttribution,
      reducedMotion: prefersReducedMotion(),
      onTilesUnavailable: () => {
        if (!cancelled) setTilesUnavailable(true);
      },
    });
    setReady(true);
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
      setReady(false);
    };
  }, [mapTileUrl, mapAttribution]);

  useEffect(() => {
    if (ready) handle.current?.update(content);
  }, [ready, content]);

  const skipToList = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const list = document.getElementById(LIST_ID);
    if (!list) return;
    // Focus (which scrolls it into view, under the sticky header's margin) without changing the address.
    event.preventDefault();
    list.focus();
  };

  return (
    <div className="discover-map">
      <h3 className="visually-hidden">Map of the charities on this page</h3>
      <a className="discover-map__skip" href={`#${LIST_ID}`} onClick={skipToList}>
        Skip the map: the same charities as a list
      </a>
      <div className="discover-map__frame">
        <section
          ref={element}
          className="discover-map__canvas"
          aria-label="Map of the charities on this page"
          aria-describedby="discover-map-hint"
        />
      </div>
      <p className="discover-map__hint" id="discover-map-hint">
        Each marker is a charity: Tab moves between them and Enter shows its name and links. Drag or use the
        arrow keys to move the map, and + or − to zoom. Circles are where each charity works
        {content.place ? '; the ringed dot is the place you searched' : ''}.
      </p>
      {missing > 0 ? (
        <p className="discover-map__note">
          {missing === 1
            ? '1 charity on this page has not said where it works, so it is only in the list.'
            : `${missing} charities on this page have not said where they work, so they are only in the list.`}
        </p>
      ) : null}
      {tilesUnavailable ? (
        <p className="discover-map__note">
          The map's background could not be loaded: the charities and their areas are drawn without it.
        </p>
      ) : null}
    </div>
  );
}
