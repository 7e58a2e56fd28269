import type { Location, ServiceArea } from '@shared/api/schemas/locations';
import {
  AREA_COLOURS,
  AREA_DESCRIPTION_MAX,
  AREA_NAME_MAX,
  type AreaColour,
  LocationMessage,
  MAX_SERVICE_AREAS,
  nextAreaColour,
  RADIUS_DEFAULT_KM,
  RADIUS_MAX_KM,
  RADIUS_MIN_KM,
} from '@shared/locations';
import { type FormEvent, useRef, useState } from 'react';
import { PrefCard } from '@/components/charity-area/preferences-layout';
import { TextField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { fieldSetter } from '../utils/form-edit';
import { newAreaError, newId } from '../utils/location-rules';
import type { MapPoint } from './leaflet-map';
import type { Placing } from './locations-card';

export interface AreaForm {
  name: string;
  radius: number;
  color: AreaColour;
  description: string;
  /** `map` (the middle of the map), `picked` (a click on the map) or `loc:<id>` (a location). */
  centre: string;
}

/** The service areas list and the New Service Area form (name, centre, radius 1-50 km, colour, description). */
export function ServiceAreasCard({
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
  const setField = fieldSetter(setForm, () => setError(null));
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
    <PrefCard id="areas-title" title="Service Areas">
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
          onValueChange={setField('name')}
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
    </PrefCard>
  );
}

/** The centre a new area starts from: the headquarters, else the middle of the map. */
export function defaultCentre(locations: readonly Location[]): string {
  const hq = locations.find((l) => l.isHeadquarters) ?? locations[0];
  return hq ? `loc:${hq.id}` : 'map';
}
