import type { Location } from '@shared/api/schemas/locations';
import { LOCATION_ADDRESS_MAX, LOCATION_NAME_MAX, LocationMessage, MAX_LOCATIONS } from '@shared/locations';
import { type FormEvent, useRef, useState } from 'react';
import { PrefCard } from '@/components/charity-area/preferences-layout';
import { TextField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { lookUp } from '../api/locations-api';
import { fieldSetter } from '../utils/form-edit';
import {
  addLocation,
  formatPoint,
  lookupFailureMessage,
  makeHeadquarters,
  newId,
  newLocationError,
  removeLocation,
} from '../utils/location-rules';
import type { MapPoint } from './leaflet-map';

/** What a click on the map places. */
export type Placing = 'location' | 'area';

const emptyLocationForm = { name: '', address: '' };

/** The locations list (set headquarters, remove) and the New Location form (found by address, or a map click). */
export function LocationsCard({
  locations,
  onChange,
  picked,
  onClearPicked,
  placing,
  onAdded,
}: {
  locations: Location[];
  onChange: (next: Location[], announcement: string) => void;
  picked: MapPoint | null;
  onClearPicked: () => void;
  placing: Placing;
  onAdded: (point: MapPoint) => void;
}) {
  const [form, setForm] = useState(emptyLocationForm);
  const [error, setError] = useState<{ field: 'name' | 'address' | 'form'; message: string } | null>(null);
  const setField = fieldSetter(setForm, () => setError(null));
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
        const found = await lookUp(form.address.trim(), 'address');
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
        message: lookupFailureMessage(failure, LocationMessage.AddressNotFound),
      });
      addressRef.current?.focus();
    } finally {
      setAdding(false);
    }
  };

  const usesPick = picked !== null && placing === 'location';

  return (
    <PrefCard id="locations-title" title="Locations">
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
                    aria-label={`Make headquarters: ${location.name}`}
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
          onValueChange={setField('name')}
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
          onValueChange={setField('address')}
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
    </PrefCard>
  );
}
