import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Location, ServiceArea } from '../../../../../shared/src/api/schemas/locations';
import { brand } from '../../../../../shared/src/brand';
import {
  AREA_COLOURS,
  AREA_DESCRIPTION_MAX,
  AREA_NAME_MAX,
  type AreaColour,
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_ZOOM,
  GEOCODE_QUERY_MAX,
  LOCATION_ADDRESS_MAX,
  LOCATION_NAME_MAX,
  LocationMessage,
  MAX_LOCATIONS,
  MAX_SERVICE_AREAS,
  nextAreaColour,
  RADIUS_DEFAULT_KM,
  RADIUS_MAX_KM,
  RADIUS_MIN_KM,
  SAVE_MESSAGE_MS,
  SEARCH_MAP_ZOOM,
} from '../../../../../shared/src/locations';
import { describedBy, FieldFrame, TextField } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { callApi } from '../../../lib/api';
import { AuthIcon } from '../../charity-auth/components/auth-icon';
import { Notice } from '../../charity-auth/components/auth-page';
import { AreaCard, SignedInPage } from '../../charity-auth/components/signed-in-page';
import { useCharitySession } from '../../charity-auth/hooks/use-charity-session';
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
} from '../utils/location-rules';
import type { MapContent, MapPoint } from './leaflet-map';
import { LocationMap, type MapView } from './location-map';
import '../../../components/form/form-field.css';
import './locations.css';

type GetToken = () => Promise<string | null>;
type Placing = 'location' | 'area';
type Settings = { locations: Location[]; areas: ServiceArea[] };

class NotSignedInError extends Error {}

async function tokenOrThrow(getToken: GetToken): Promise<string> {
  const token = await getToken();
  if (!token) throw new NotSignedInError(LocationMessage.NotAuthenticated);
  return token;
}

/** Looks a place up through the geocoding route; the purpose picks the spec's not-found message. */
async function lookUp(getToken: GetToken, query: string, purpose: 'search' | 'address') {
  return callApi('geocode-location', { query, purpose }, { token: await tokenOrThrow(getToken) });
}

const emptyLocationForm = { name: '', address: '' };

function LocationsCard({
  locations,
  onChange,
  picked,
  onClearPicked,
  placing,
  getToken,
  onAdded,
}: {
  locations: Location[];
  onChange: (next: Location[], announcement: string) => void;
  picked: MapPoint | null;
  onClearPicked: () => void;
  placing: Placing;
  getToken: GetToken;
  onAdded: (point: MapPoint) => void;
}) {
  const [form, setForm] = useState(emptyLocationForm);
  const [error, setError] = useState<{ field: 'name' | 'address' | 'form'; message: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const full = locations.length >= MAX_LOCATIONS;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (adding) return;
    const invalid = newLocationError(form, locations.length);
    if (invalid) {
      setError(invalid);
      if (invalid.field === 'name') nameRef.current?.focus();
      if (invalid.field === 'address') addressRef.current?.focus();
      return;
    }
    setAdding(true);
    setError(null);
    try {
      let point: MapPoint;
      let where: string;
      if (picked && placing === 'location') {
        point = picked;
        where = 'the point you picked on the map';
      } else {
        const found = await lookUp(getToken, form.address.trim(), 'address');
        point = { latitude: found.latitude, longitude: found.longitude };
        where = found.label;
      }
      const name = form.name.trim();
      onChange(
        addLocation(locations, { id: newId('loc'), name, address: form.address.trim(), ...point }),
        `Added ${name} at ${where}. Save to keep it.`,
      );
      onAdded(point);
      setForm(emptyLocationForm);
      onClearPicked();
      nameRef.current?.focus();
    } catch (failure) {
      setError({
        field: 'address',
        message:
          failure instanceof NotSignedInError
            ? failure.message
            : lookupFailureMessage(failure, LocationMessage.AddressNotFound),
      });
      addressRef.current?.focus();
    } finally {
      setAdding(false);
    }
  };

  const usesPick = picked !== null && placing === 'location';

  return (
    <AreaCard id="locations-title" title="Locations">
      <p>Your offices, shops and venues. Donors see where you are based; one of them is your headquarters.</p>
      {locations.length ? (
        <ul className="loc-list" aria-label="Your locations">
          {locations.map((location) => (
            <li key={location.id} className="loc-item">
              <span
                className={`loc-item__mark${location.isHeadquarters ? ' loc-item__mark--hq' : ''}`}
                aria-hidden="true"
              />
              <div className="loc-item__body">
                <p className="loc-item__name">
                  {location.name}
                  {location.isHeadquarters ? <span className="loc-badge">Headquarters</span> : null}
                </p>
                <p className="loc-item__detail">{location.address}</p>
              </div>
              <div className="loc-item__actions">
                {location.isHeadquarters ? null : (
                  <button
                    type="button"
                    className="loc-link-button"
                    onClick={() =>
                      onChange(
                        makeHeadquarters(locations, location.id),
                        `${location.name} is now your headquarters. Save to keep it.`,
                      )
                    }
                    aria-label={`Make ${location.name} the headquarters`}
                  >
                    Make headquarters
                  </button>
                )}
                <button
                  type="button"
                  className="loc-link-button loc-link-button--danger"
                  onClick={() =>
                    onChange(
                      removeLocation(locations, location.id),
                      `Removed ${location.name}. Save to keep the change.`,
                    )
                  }
                  aria-label={`Remove ${location.name}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="loc-empty">No locations yet. Add your main office below.</p>
      )}

      <form
        className="loc-form"
        noValidate
        onSubmit={submit}
        aria-labelledby="new-location-title"
        aria-busy={adding}
      >
        <h3 id="new-location-title" className="loc-form__title">
          New Location
        </h3>
        <TextField
          id="location-name"
          label="Location name"
          inputRef={nameRef}
          value={form.name}
          onValueChange={(name) => {
            setForm((f) => ({ ...f, name }));
            setError(null);
          }}
          error={error?.field === 'name' ? error.message : undefined}
          maxLength={LOCATION_NAME_MAX}
          placeholder="For example: Community Larder"
          autoComplete="off"
          disabled={full}
        />
        <TextField
          id="location-address"
          label="Address"
          inputRef={addressRef}
          value={form.address}
          onValueChange={(address) => {
            setForm((f) => ({ ...f, address }));
            setError(null);
          }}
          error={error?.field === 'address' ? error.message : undefined}
          hint={
            usesPick ? (
              <>
                The pin goes where you clicked the map ({formatPoint(picked)}).{' '}
                <button type="button" className="loc-link-button" onClick={onClearPicked}>
                  Find the address instead
                </button>
              </>
            ) : (
              'We find the address on the map when you add it, or click the map to place the pin yourself.'
            )
          }
          maxLength={LOCATION_ADDRESS_MAX}
          placeholder="Street, town and postcode"
          autoComplete="street-address"
          disabled={full}
        />
        {error?.field === 'form' || full ? (
          <Notice tone="info">
            <p>{error?.field === 'form' ? error.message : LocationMessage.TooManyLocations}</p>
          </Notice>
        ) : null}
        <div>
          <Button type="submit" variant="secondary" disabled={adding || full}>
            <span aria-hidden="true">+</span> {adding ? 'Finding address...' : 'Add Location'}
          </Button>
        </div>
      </form>
    </AreaCard>
  );
}

interface AreaForm {
  name: string;
  radius: number;
  color: AreaColour;
  description: string;
  /** `map` (the middle of the map), `picked` (a click on the map) or `loc:<id>` (a location). */
  centre: string;
}

function ServiceAreasCard({
  areas,
  locations,
  onChange,
  picked,
  placing,
  mapCentre,
  form,
  setForm,
  onAdded,
}: {
  areas: ServiceArea[];
  locations: Location[];
  onChange: (next: ServiceArea[], announcement: string) => void;
  picked: MapPoint | null;
  placing: Placing;
  mapCentre: () => MapPoint;
  form: AreaForm;
  setForm: (update: (form: AreaForm) => AreaForm) => void;
  onAdded: (area: ServiceArea) => void;
}) {
  const [error, setError] = useState<{ field: 'name' | 'form'; message: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const full = areas.length >= MAX_SERVICE_AREAS;
  const canUsePick = picked !== null && placing === 'area';

  const centreOf = (choice: string): MapPoint => {
    if (choice === 'picked' && picked) return picked;
    const location = choice.startsWith('loc:') ? locations.find((l) => `loc:${l.id}` === choice) : undefined;
    if (location) return { latitude: location.latitude, longitude: location.longitude };
    return mapCentre();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = newAreaError(form, areas.length);
    if (invalid) {
      setError(invalid);
      if (invalid.field === 'name') nameRef.current?.focus();
      return;
    }
    const name = form.name.trim();
    const description = form.description.trim();
    const area: ServiceArea = {
      id: newId('area'),
      name,
      ...centreOf(form.centre),
      radius: form.radius,
      color: form.color,
      ...(description ? { description } : {}),
    };
    const next = [...areas, area];
    onChange(next, `Added the service area ${name} (${form.radius} km). Save to keep it.`);
    onAdded(area);
    setError(null);
    setForm((f) => ({
      name: '',
      radius: RADIUS_DEFAULT_KM,
      color: nextAreaColour(next.length),
      description: '',
      centre: f.centre === 'picked' ? defaultCentre(locations) : f.centre,
    }));
    nameRef.current?.focus();
  };

  return (
    <AreaCard id="areas-title" title="Service Areas">
      <p>The places you help, as circles on the map: a town, a borough, or the streets around your larder.</p>
      {areas.length ? (
        <ul className="loc-list" aria-label="Your service areas">
          {areas.map((area) => (
            <li key={area.id} className="loc-item">
              <span className="loc-item__swatch" style={{ background: area.color }} aria-hidden="true" />
              <div className="loc-item__body">
                <p className="loc-item__name">{area.name}</p>
                <p className="loc-item__detail">
                  {area.radius} km radius ·{' '}
                  {AREA_COLOURS.find((c) => c.value === area.color)?.name ?? 'Custom'}
                </p>
                {area.description ? <p className="loc-item__description">{area.description}</p> : null}
              </div>
              <div className="loc-item__actions">
                <button
                  type="button"
                  className="loc-link-button loc-link-button--danger"
                  onClick={() =>
                    onChange(
                      areas.filter((a) => a.id !== area.id),
                      `Removed the service area ${area.name}. Save to keep the change.`,
                    )
                  }
                  aria-label={`Remove ${area.name}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="loc-empty">No service areas yet. Add the first area you serve below.</p>
      )}

      <form className="loc-form" noValidate onSubmit={submit} aria-labelledby="new-area-title">
        <h3 id="new-area-title" className="loc-form__title">
          New Service Area
        </h3>
        <TextField
          id="area-name"
          label="Area name"
          inputRef={nameRef}
          value={form.name}
          onValueChange={(name) => {
            setForm((f) => ({ ...f, name }));
            setError(null);
          }}
          error={error?.field === 'name' ? error.message : undefined}
          maxLength={AREA_NAME_MAX}
          placeholder="For example: North Leeds"
          autoComplete="off"
          disabled={full}
        />
        <div className="form-field">
          <label className="form-field__label" htmlFor="area-centre">
            Centre of the area
          </label>
          <p className="form-field__hint" id="area-centre-hint">
            Choose a location, or click the map (with “New service area” selected above the map).
          </p>
          <select
            id="area-centre"
            className="form-field__input form-field__select"
            value={form.centre === 'picked' && !canUsePick ? 'map' : form.centre}
            onChange={(event) => setForm((f) => ({ ...f, centre: event.target.value }))}
            aria-describedby="area-centre-hint"
            disabled={full}
          >
            {canUsePick && picked ? <option value="picked">The point you clicked on the map</option> : null}
            {locations.map((l) => (
              <option key={l.id} value={`loc:${l.id}`}>
                {l.name}
                {l.isHeadquarters ? ' (headquarters)' : ''}
              </option>
            ))}
            <option value="map">The middle of the map (search or move the map first)</option>
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor="area-radius">
            Radius: <output htmlFor="area-radius">{form.radius} km</output>
          </label>
          <input
            id="area-radius"
            className="loc-range"
            type="range"
            min={RADIUS_MIN_KM}
            max={RADIUS_MAX_KM}
            step={1}
            value={form.radius}
            aria-valuetext={`${form.radius} km`}
            onChange={(event) => setForm((f) => ({ ...f, radius: Number(event.target.value) }))}
            disabled={full}
          />
          <p className="loc-range__scale" aria-hidden="true">
            <span>{RADIUS_MIN_KM} km</span>
            <span>{RADIUS_MAX_KM} km</span>
          </p>
        </div>
        <fieldset className="loc-colours" disabled={full}>
          <legend className="form-field__label">Colour on the map</legend>
          <div className="loc-colours__options">
            {AREA_COLOURS.map((colour) => (
              <label key={colour.value} className="loc-colour">
                <input
                  type="radio"
                  name="area-colour"
                  value={colour.value}
                  checked={form.color === colour.value}
                  onChange={() => setForm((f) => ({ ...f, color: colour.value }))}
                />
                <span
                  className="loc-colour__swatch"
                  style={{ background: colour.value }}
                  aria-hidden="true"
                />
                {colour.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="form-field">
          <label className="form-field__label" htmlFor="area-description">
            Description <span className="loc-optional">(optional)</span>
          </label>
          <textarea
            id="area-description"
            className="form-field__input loc-textarea"
            rows={3}
            maxLength={AREA_DESCRIPTION_MAX}
            value={form.description}
            onChange={(event) => setForm((f) => ({ ...f, description: event.target.value }))}
            placeholder="Who you help here, and how"
            disabled={full}
          />
        </div>
        {error?.field === 'form' || full ? (
          <Notice tone="info">
            <p>{error?.field === 'form' ? error.message : LocationMessage.TooManyAreas}</p>
          </Notice>
        ) : null}
        <div>
          <Button type="submit" variant="secondary" disabled={full}>
            <span aria-hidden="true">+</span> Add Service Area
          </Button>
        </div>
      </form>
    </AreaCard>
  );
}

function defaultCentre(locations: readonly Location[]): string {
  const hq = locations.find((l) => l.isHeadquarters) ?? locations[0];
  return hq ? `loc:${hq.id}` : 'map';
}

function startView(locations: readonly Location[]): MapView {
  const hq = locations.find((l) => l.isHeadquarters) ?? locations[0];
  return {
    center: hq ? { latitude: hq.latitude, longitude: hq.longitude } : { ...DEFAULT_MAP_CENTER },
    zoom: DEFAULT_MAP_ZOOM,
    seq: 0,
  };
}

function MapCard({
  settings,
  pendingLocation,
  pendingArea,
  view,
  placing,
  setPlacing,
  onPick,
  onMove,
  onFound,
  getToken,
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
  getToken: GetToken;
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
      const found = await lookUp(getToken, text, 'search');
      onFound({ latitude: found.latitude, longitude: found.longitude });
      setResult({ tone: 'found', message: `Showing ${found.label}.` });
    } catch (failure) {
      setResult({
        tone: 'error',
        message:
          failure instanceof NotSignedInError
            ? failure.message
            : lookupFailureMessage(failure, LocationMessage.SearchNotFound),
      });
      inputRef.current?.focus();
    } finally {
      setSearching(false);
    }
  };

  return (
    <AreaCard id="map-title" title="Map">
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
              placeholder="Town, area or address"
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
            <label className="loc-placing__option">
              <input
                type="radio"
                name="placing"
                value="location"
                checked={placing === 'location'}
                onChange={() => setPlacing('location')}
              />
              the new location
            </label>
            <label className="loc-placing__option">
              <input
                type="radio"
                name="placing"
                value="area"
                checked={placing === 'area'}
                onChange={() => setPlacing('area')}
              />
              the new service area
            </label>
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
    </AreaCard>
  );
}

/** `/charity/preferences/location`: locations, service areas and the map, saved for the signed-in charity. */
export function LocationSettingsPage() {
  const { session, getToken, signOut } = useCharitySession();
  const [load, setLoad] = useState<
    { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' }
  >({ status: 'loading' });
  const [settings, setSettings] = useState<Settings>({ locations: [], areas: [] });
  const [saved, setSaved] = useState<Settings>({ locations: [], areas: [] });
  const [view, setView] = useState<MapView>(startView([]));
  const [placing, setPlacing] = useState<Placing>('location');
  const [picked, setPicked] = useState<MapPoint | null>(null);
  const [areaForm, setAreaForm] = useState<AreaForm>({
    name: '',
    radius: RADIUS_DEFAULT_KM,
    color: nextAreaColour(0),
    description: '',
    centre: 'map',
  });
  const [announcement, setAnnouncement] = useState('');
  const [saving, setSaving] = useState(false);
  const [saveResult, setSaveResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const mapCentre = useRef<MapPoint>({ ...DEFAULT_MAP_CENTER });
  const attempt = useRef(0);

  const signedIn = session.status === 'signed-in';
  const loadSettings = useCallback(async () => {
    const run = ++attempt.current;
    setLoad({ status: 'loading' });
    try {
      const token = await tokenOrThrow(getToken);
      const answer = await callApi('get-locations', {}, { token });
      if (run !== attempt.current) return;
      const loaded = { locations: answer.locations, areas: answer.service_areas };
      setSettings(loaded);
      setSaved(loaded);
      setView(startView(loaded.locations));
      mapCentre.current = startView(loaded.locations).center;
      setAreaForm((f) => ({
        ...f,
        color: nextAreaColour(loaded.areas.length),
        centre: defaultCentre(loaded.locations),
      }));
      setLoad({ status: 'ready' });
    } catch (failure) {
      if (run !== attempt.current) return;
      console.error('Location settings could not be loaded', failure);
      setLoad({
        status: 'error',
        message:
          failure instanceof NotSignedInError || (failure as { status?: number })?.status === 401
            ? LocationMessage.NotAuthenticated
            : 'Your location settings could not be loaded. Please try again.',
      });
    }
  }, [getToken]);

  useEffect(() => {
    if (signedIn) void loadSettings();
  }, [signedIn, loadSettings]);

  // The success message vanishes after 3 seconds (spec section 4).
  useEffect(() => {
    if (saveResult?.tone !== 'success') return;
    const timer = window.setTimeout(() => setSaveResult(null), SAVE_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [saveResult]);

  const changeLocations = useCallback((locations: Location[], message: string) => {
    setSettings((s) => ({ ...s, locations }));
    setAreaForm((f) =>
      f.centre.startsWith('loc:') && !locations.some((l) => `loc:${l.id}` === f.centre)
        ? { ...f, centre: defaultCentre(locations) }
        : f.centre === 'map' && locations.length === 1
          ? { ...f, centre: defaultCentre(locations) }
          : f,
    );
    setAnnouncement(message);
    setSaveResult(null);
  }, []);
  const changeAreas = useCallback((areas: ServiceArea[], message: string) => {
    setSettings((s) => ({ ...s, areas }));
    setAnnouncement(message);
    setSaveResult(null);
  }, []);

  const onPick = useCallback(
    (point: MapPoint) => {
      setPicked(point);
      if (placing === 'area') setAreaForm((f) => ({ ...f, centre: 'picked' }));
      setAnnouncement(
        placing === 'area'
          ? `Service area centre set to ${formatPoint(point)}.`
          : `New location pin set to ${formatPoint(point)}.`,
      );
    },
    [placing],
  );
  const onMove = useCallback((point: MapPoint) => {
    mapCentre.current = point;
  }, []);
  const onFound = useCallback((point: MapPoint) => {
    mapCentre.current = point;
    setView((v) => ({ center: point, zoom: SEARCH_MAP_ZOOM, seq: v.seq + 1 }));
  }, []);
  const onAreaAdded = useCallback((area: ServiceArea) => {
    setView((v) => ({
      center: { latitude: area.latitude, longitude: area.longitude },
      zoom: zoomToFit(area.radius, area.latitude),
      seq: v.seq + 1,
    }));
  }, []);
  const onLocationAdded = useCallback((point: MapPoint) => {
    setView((v) => ({ center: point, zoom: Math.max(DEFAULT_MAP_ZOOM, 12), seq: v.seq + 1 }));
  }, []);

  const pendingLocation = placing === 'location' ? picked : null;
  const areaCentre = useMemo<MapPoint | null>(() => {
    if (areaForm.centre === 'picked') return placing === 'area' ? picked : null;
    if (areaForm.centre.startsWith('loc:')) {
      const l = settings.locations.find((x) => `loc:${x.id}` === areaForm.centre);
      return l ? { latitude: l.latitude, longitude: l.longitude } : null;
    }
    return null;
  }, [areaForm.centre, placing, picked, settings.locations]);
  // The new area is drawn (dashed) once it has a centre and the charity has started on it.
  const startedArea = areaForm.name.trim() !== '' || areaForm.centre === 'picked';
  const pendingArea = useMemo(
    () =>
      areaCentre && startedArea ? { ...areaCentre, radius: areaForm.radius, color: areaForm.color } : null,
    [areaCentre, startedArea, areaForm.radius, areaForm.color],
  );

  const dirty = !sameSettings(settings, saved);

  const save = async () => {
    if (saving) return;
    const invalid = settingsError(settings.locations, settings.areas);
    if (invalid) {
      setSaveResult({ tone: 'error', message: invalid });
      return;
    }
    setSaving(true);
    setSaveResult(null);
    try {
      const token = await tokenOrThrow(getToken);
      const answer = await callApi(
        'save-locations',
        { locations: settings.locations, service_areas: settings.areas },
        { token },
      );
      const stored = { locations: answer.locations, areas: answer.service_areas };
      setSettings(stored);
      setSaved(stored);
      setSaveResult({ tone: 'success', message: LocationMessage.Saved });
    } catch (failure) {
      setSaveResult({
        tone: 'error',
        message: failure instanceof NotSignedInError ? failure.message : saveFailureMessage(failure),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SignedInPage
      title="Location Settings"
      description={`Where your charity works, for donors on ${brand.productName}.`}
      eyebrow="Account Preferences"
      heading="Location Settings"
      lead={
        <>
          <p>Show donors where you are based and the areas you serve.</p>
          <p className="loc-back">
            <Link to={paths.charity.accountPreferences.getHref()} className="loc-back__link">
              <AuthIcon name="back" size={18} />
              Back to Account Preferences
            </Link>
          </p>
        </>
      }
      onSignOut={() => void signOut()}
    >
      {!signedIn || load.status === 'loading' ? (
        <p className="page-loading-text" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading preferences...
        </p>
      ) : load.status === 'error' ? (
        <div className="loc-load-error">
          <Notice tone="error" role="alert">
            <p>{load.message}</p>
          </Notice>
          <div className="area-card__actions">
            <Button onClick={() => void loadSettings()}>Try Again</Button>
            <Link to={paths.charity.accountPreferences.getHref()} className="loc-back__link">
              Back to Account Preferences
            </Link>
          </div>
        </div>
      ) : (
        <div className="loc-page">
          <MapCard
            settings={settings}
            pendingLocation={pendingLocation}
            pendingArea={pendingArea}
            view={view}
            placing={placing}
            setPlacing={setPlacing}
            onPick={onPick}
            onMove={onMove}
            onFound={onFound}
            getToken={getToken}
          />
          <div className="loc-columns">
            <LocationsCard
              locations={settings.locations}
              onChange={changeLocations}
              picked={picked}
              onClearPicked={() => setPicked(null)}
              placing={placing}
              getToken={getToken}
              onAdded={onLocationAdded}
            />
            <ServiceAreasCard
              areas={settings.areas}
              locations={settings.locations}
              onChange={changeAreas}
              picked={picked}
              placing={placing}
              mapCentre={() => mapCentre.current}
              form={areaForm}
              setForm={setAreaForm}
              onAdded={onAreaAdded}
            />
          </div>
          <p className="visually-hidden" role="status" aria-live="polite">
            {announcement}
          </p>
          <section className="loc-save" aria-label="Save location settings">
            <div className="loc-save__text">
              <p className="loc-save__state">{dirty ? 'You have unsaved changes.' : 'All changes saved.'}</p>
            </div>
            <Button onClick={() => void save()} disabled={saving} aria-describedby="loc-save-result">
              {saving ? 'Saving...' : 'Save Location Settings'}
            </Button>
            <div id="loc-save-result" className="loc-save__result" aria-live="polite">
              {saveResult ? (
                <Notice tone={saveResult.tone} role={saveResult.tone === 'error' ? 'alert' : 'status'}>
                  <p>{saveResult.message}</p>
                </Notice>
              ) : null}
            </div>
          </section>
        </div>
      )}
    </SignedInPage>
  );
}
