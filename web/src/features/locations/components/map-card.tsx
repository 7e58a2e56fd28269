import type { Location, ServiceArea } from '@shared/api/schemas/locations';
import { GEOCODE_QUERY_MAX, LocationMessage } from '@shared/locations';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { PrefCard } from '@/components/charity-area/preferences-layout';
import { describedBy, FieldFrame } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { lookUp } from '../api/locations-api';
import { lookupFailureMessage } from '../utils/location-rules';
import type { MapContent, MapPoint } from './leaflet-map';
import { LocationMap, type MapView } from './location-map';
import type { Placing } from './locations-card';

/** What a click on the map places, as the radio choices above it. */
const PLACING_OPTIONS: readonly { value: Placing; label: string }[] = [
  { value: 'location', label: 'the new location' },
  { value: 'area', label: 'the new service area' },
];

export interface Settings {
  locations: Location[];
  areas: ServiceArea[];
}

/** The map with its search box and the choice of what a click places. */
export function MapCard({
  settings,
  pendingLocation,
  pendingArea,
  view,
  placing,
  setPlacing,
  onPick,
  onMove,
  onFound,
}: {
  settings: Settings;
  pendingLocation: MapPoint | null;
  pendingArea: MapContent['pendingArea'];
  view: MapView;
  placing: Placing;
  setPlacing: (placing: Placing) => void;
  onPick: (point: MapPoint) => void;
  onMove: (point: MapPoint) => void;
  onFound: (point: MapPoint) => void;
}) {
  const { mapTileUrl, mapAttribution } = useRuntimeConfig();
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const [result, setResult] = useState<{ tone: 'error' | 'found'; message: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const content = useMemo<MapContent>(
    () => ({ locations: settings.locations, areas: settings.areas, pendingLocation, pendingArea }),
    [settings, pendingLocation, pendingArea],
  );

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (searching) return;
    const text = query.trim();
    if (!text) {
      setResult({ tone: 'error', message: LocationMessage.QueryRequired });
      inputRef.current?.focus();
      return;
    }
    setSearching(true);
    setResult(null);
    try {
      const found = await lookUp(text, 'search');
      onFound({ latitude: found.latitude, longitude: found.longitude });
      setResult({ tone: 'found', message: `Showing ${found.label}.` });
    } catch (failure) {
      setResult({
        tone: 'error',
        message: lookupFailureMessage(failure, LocationMessage.SearchNotFound),
      });
      inputRef.current?.focus();
    } finally {
      setSearching(false);
    }
  };

  return (
    <PrefCard id="map-title" title="Map">
      <form className="loc-search" noValidate onSubmit={search} aria-busy={searching}>
        <FieldFrame
          id="map-search"
          label="Search the map"
          error={result?.tone === 'error' ? result.message : undefined}
        >
          <div className="loc-search__row">
            <input
              ref={inputRef}
              id="map-search"
              className="form-field__input"
              type="search"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                if (result?.tone === 'error') setResult(null);
              }}
              aria-invalid={result?.tone === 'error' ? true : undefined}
              aria-describedby={describedBy('map-search', undefined, result?.tone === 'error')}
              maxLength={GEOCODE_QUERY_MAX}
              placeholder="Town or address"
              autoComplete="off"
            />
            <Button type="submit" variant="secondary" disabled={searching}>
              {searching ? 'Searching...' : 'Search'}
            </Button>
          </div>
        </FieldFrame>
        <p className="loc-search__found" role="status">
          {result?.tone === 'found' ? result.message : ''}
        </p>
      </form>
      <LocationMap
        content={content}
        view={view}
        tileUrl={mapTileUrl}
        attribution={mapAttribution}
        hintId="map-hint"
        controls={
          <fieldset className="loc-placing">
            <legend>Clicking the map places</legend>
            {PLACING_OPTIONS.map((option) => (
              <label key={option.value} className="loc-placing__option">
                <input
                  type="radio"
                  name="placing"
                  value={option.value}
                  checked={placing === option.value}
                  onChange={() => setPlacing(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        }
        hint={
          <p className="loc-map-hint" id="map-hint">
            Drag or use the arrow keys to move the map, and + or − to zoom. Pins are your locations (the star
            is your headquarters); circles are your service areas.
          </p>
        }
        onPick={onPick}
        onMove={onMove}
      />
    </PrefCard>
  );
}
