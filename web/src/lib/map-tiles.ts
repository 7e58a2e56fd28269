import type * as Leaflet from 'leaflet';

/**
 * The base map's tiles for a Leaflet map (the location settings' and the `/charities` map): the runtime
 * config's tile URL and attribution, and `onUnavailable` called once when no tile could be loaded (a blocked or
 * offline tile server) or when there is no tile URL at all, so the page can say the map is drawn without them.
 */
export function addMapTiles(
  L: typeof Leaflet,
  map: Leaflet.Map,
  options: { tileUrl?: string; attribution?: string; crossOrigin?: boolean },
  onUnavailable: () => void,
): void {
  let reported = false;
  const report = () => {
    if (reported) return;
    reported = true;
    onUnavailable();
  };
  if (!options.tileUrl) {
    queueMicrotask(report);
    return;
  }
  let loaded = false;
  const tiles = L.tileLayer(options.tileUrl, {
    attribution: options.attribution,
    maxZoom: 19,
    ...(options.crossOrigin === undefined ? {} : { crossOrigin: options.crossOrigin }),
  });
  tiles.on('tileload', () => {
    loaded = true;
  });
  tiles.on('tileerror', () => {
    if (!loaded) report();
  });
  tiles.addTo(map);
}
