import type { Location, LocationSettingsResponse, ServiceArea } from '@shared/api/schemas/locations';
import { brand } from '@shared/brand';
import {
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_ZOOM,
  LocationMessage,
  nextAreaColour,
  RADIUS_DEFAULT_KM,
  SAVE_MESSAGE_MS,
  SEARCH_MAP_ZOOM,
} from '@shared/locations';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PreferencesLayout, usePageLoad } from '@/components/charity-area/preferences-layout';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useCharitySession } from '@/features/charity-auth';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import { saveLocationSettings, useLocationSettingsQuery } from '../api/locations-api';
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
import '@/components/form/form-field.css';
import './locations.css';

function startView(locations: readonly Location[]): MapView {
  const hq = locations.find((l) => l.isHeadquarters) ?? locations[0];
  return {
    center: hq ? { latitude: hq.latitude, longitude: hq.longitude } : { ...DEFAULT_MAP_CENTER },
    zoom: DEFAULT_MAP_ZOOM,
    seq: 0,
  };
}

const LOAD_WORDS = {
  context: 'Location settings could not be loaded',
  notAuthenticated: LocationMessage.NotAuthenticated,
};

const settingsOf = (stored: LocationSettingsResponse): Settings => ({
  locations: stored.locations,
  areas: stored.service_areas,
});

/** `/charity/preferences/location`: locations, service areas and the map, saved for the signed-in charity. */
export function LocationSettingsPage() {
  const { session, signOut } = useCharitySession({ required: false });
  const query = useLocationSettingsQuery(session.status === 'signed-in');
  // Without a session the page says 'User not authenticated' (spec section 6), as the other preference pages do.
  const load = usePageLoad(session.status === 'signed-out', query, LOAD_WORDS);
  return (
    <PreferencesLayout
      title="Location Settings"
      description={`Where your charity works, for donors on ${brand.productName}.`}
      heading="Location Settings"
      lead={<p>Show donors where you are based and the areas you serve.</p>}
      onSignOut={() => void signOut()}
      load={load}
    >
      {query.data ? (
        <LocationEditor stored={query.data} onSaved={(answer) => query.setData(() => answer)} />
      ) : null}
    </PreferencesLayout>
  );
}

/** The map, the locations and the service areas, edited here until saved; `stored` is what is saved. */
function LocationEditor({
  stored,
  onSaved,
}: {
  stored: LocationSettingsResponse;
  onSaved: (answer: LocationSettingsResponse) => void;
}) {
  const [settings, setSettings] = useState<Settings>(() => settingsOf(stored));
  const saved = useMemo(() => settingsOf(stored), [stored]);
  const [view, setView] = useState<MapView>(() => startView(stored.locations));
  const [placing, setPlacing] = useState<Placing>('location');
  const [picked, setPicked] = useState<MapPoint | null>(null);
  const [areaForm, setAreaForm] = useState<AreaForm>(() => ({
    name: '',
    radius: RADIUS_DEFAULT_KM,
    color: nextAreaColour(stored.service_areas.length),
    description: '',
    centre: defaultCentre(stored.locations),
  }));
  const [announcement, setAnnouncement] = useState('');
  const [saving, setSaving] = useState(false);
  const [saveResult, setSaveResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const mapCentre = useRef<MapPoint>(startView(stored.locations).center);

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
  useUnsavedChanges(dirty);

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
      const answer = await saveLocationSettings({
        locations: settings.locations,
        service_areas: settings.areas,
      });
      setSettings(settingsOf(answer));
      onSaved(answer);
      setSaveResult({ tone: 'success', message: LocationMessage.Saved });
    } catch (failure) {
      setSaveResult({
        tone: 'error',
        message: saveFailureMessage(failure),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
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
      />
      <div className="loc-columns">
        <LocationsCard
          locations={settings.locations}
          onChange={changeLocations}
          picked={picked}
          onClearPicked={() => setPicked(null)}
          placing={placing}
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
      <section className="card loc-save" aria-label="Save location settings">
        <div className="loc-save__bar">
          <p className="loc-save__state">
            {dirty
              ? 'You have unsaved changes.'
              : stored.updated_at
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
  );
}
