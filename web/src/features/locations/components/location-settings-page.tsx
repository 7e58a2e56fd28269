import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Location, ServiceArea } from '../../../../../shared/src/api/schemas/locations';
import { brand } from '../../../../../shared/src/brand';
import {
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_ZOOM,
  LocationMessage,
  nextAreaColour,
  RADIUS_DEFAULT_KM,
  SAVE_MESSAGE_MS,
  SEARCH_MAP_ZOOM,
} from '../../../../../shared/src/locations';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { AuthIcon } from '../../charity-auth/components/auth-icon';
import { Notice } from '../../charity-auth/components/auth-page';
import { SignedInPage } from '../../charity-auth/components/signed-in-page';
import { useCharitySession } from '../../charity-auth/hooks/use-charity-session';
import { loadLocationSettings, NotSignedInError, saveLocationSettings } from '../api/locations-api';
import {
  formatPoint,
  sameSettings,
  saveFailureMessage,
  settingsError,
  zoomToFit,
} from '../utils/location-rules';
import type { MapPoint } from './leaflet-map';
import type { MapView } from './location-map';
import { LocationsCard, type Placing } from './locations-card';
import { MapCard, type Settings } from './map-card';
import { type AreaForm, defaultCentre, ServiceAreasCard } from './service-areas-card';
import '../../../components/form/form-field.css';
import './locations.css';

function startView(locations: readonly Location[]): MapView {
  const hq = locations.find((l) => l.isHeadquarters) ?? locations[0];
  return {
    center: hq ? { latitude: hq.latitude, longitude: hq.longitude } : { ...DEFAULT_MAP_CENTER },
    zoom: DEFAULT_MAP_ZOOM,
    seq: 0,
  };
}

/** `/charity/preferences/location`: locations, service areas and the map, saved for the signed-in charity. */
export function LocationSettingsPage() {
  const { session, getToken, signOut } = useCharitySession();
  const [load, setLoad] = useState<
    { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' }
  >({ status: 'loading' });
  const [settings, setSettings] = useState<Settings>({ locations: [], areas: [] });
  const [saved, setSaved] = useState<Settings>({ locations: [], areas: [] });
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
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
      const answer = await loadLocationSettings(getToken);
      if (run !== attempt.current) return;
      const loaded = { locations: answer.locations, areas: answer.service_areas };
      setSettings(loaded);
      setSaved(loaded);
      setUpdatedAt(answer.updated_at);
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
    setView((v) => ({ center: point, zoom: DEFAULT_MAP_ZOOM, seq: v.seq + 1 }));
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
      const answer = await saveLocationSettings(getToken, {
        locations: settings.locations,
        service_areas: settings.areas,
      });
      const stored = { locations: answer.locations, areas: answer.service_areas };
      setSettings(stored);
      setSaved(stored);
      setUpdatedAt(answer.updated_at);
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
            <div className="loc-save__bar">
              <p className="loc-save__state">
                {dirty
                  ? 'You have unsaved changes.'
                  : updatedAt
                    ? 'All changes saved.'
                    : 'Nothing saved yet: the Main Office in London is a starting point to change.'}
              </p>
              <Button onClick={() => void save()} disabled={saving}>
                {saving ? 'Saving...' : 'Save Location Settings'}
              </Button>
            </div>
            <div className="loc-save__result" aria-live="polite">
              {saveResult ? (
                <Notice tone={saveResult.tone} role={saveResult.tone === 'error' ? 'alert' : undefined}>
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
