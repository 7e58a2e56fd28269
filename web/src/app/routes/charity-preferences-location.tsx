import { LocationSettingsPage } from '@/features/locations/components/location-settings-page';

/** Lazy route module (charity area): exports `Component`. Leaflet loads later, with the map itself. */
export function Component() {
  return <LocationSettingsPage />;
}
