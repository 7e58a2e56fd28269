import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { addMapTiles } from '@/lib/map-tiles';

/**
 * The Leaflet side of the location map, loaded only by the location settings page (the `import()` of this
 * module is what the Map Error panel guards). Everything is vector: pins are inline SVG and areas are
 * circles, so nothing but the tiles needs the network, and places still draw when no tile loads.
 */

export interface MapPoint {
  latitude: number;
  longitude: number;
}

export interface MapPlace extends MapPoint {
  id: string;
  name: string;
  isHeadquarters: boolean;
}

export interface MapArea extends MapPoint {
  id: string;
  name: string;
  /** Kilometres. */
  radius: number;
  color: string;
}

export interface MapContent {
  locations: readonly MapPlace[];
  areas: readonly MapArea[];
  /** Where the new location will go (picked on the map), drawn as a dashed pin. */
  pendingLocation: MapPoint | null;
  /** The new service area as it stands (centre, radius, colour), drawn dashed. */
  pendingArea: (MapPoint & { radius: number; color: string }) | null;
}

export interface MapOptions {
  center: MapPoint;
  zoom: number;
  /** Leaflet URL template of the tile server; none means a blank background. */
  tileUrl?: string;
  attribution?: string;
  reducedMotion: boolean;
  /** A click (or tap) on the map. */
  onPick: (point: MapPoint) => void;
  /** The map moved (pan, zoom, search). */
  onMove: (center: MapPoint) => void;
  /** No tile could be loaded (or there is no tile server). Called at most once. */
  onTilesUnavailable: () => void;
}

export interface MapHandle {
  update(content: MapContent): void;
  setView(point: MapPoint, zoom: number): void;
  getCenter(): MapPoint;
  destroy(): void;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A map pin as inline SVG: filled for a location, a star inside for the headquarters, dashed for a new one. */
function pinIcon(kind: 'location' | 'headquarters' | 'pending'): L.DivIcon {
  const fill = kind === 'pending' ? '#ffffff' : kind === 'headquarters' ? '#a4482a' : '#0e5a52';
  const stroke = kind === 'pending' ? '#1f2a28' : '#ffffff';
  const dash = kind === 'pending' ? ' stroke-dasharray="3 2"' : '';
  const inner =
    kind === 'headquarters'
      ? '<path d="M16 8.2l1.9 3.9 4.3.6-3.1 3 .7 4.3-3.8-2-3.8 2 .7-4.3-3.1-3 4.3-.6z" fill="#ffffff"/>'
      : `<circle cx="16" cy="14" r="4.2" fill="${kind === 'pending' ? '#1f2a28' : '#ffffff'}"/>`;
  return L.divIcon({
    className: 'loc-pin',
    html: `<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true" focusable="false"><path d="M16 1.5C8.3 1.5 2.5 7.4 2.5 14.8c0 9.6 11.6 22.4 12.6 23.5a1.2 1.2 0 0 0 1.8 0c1-1.1 12.6-13.9 12.6-23.5C29.5 7.4 23.7 1.5 16 1.5z" fill="${fill}" stroke="${stroke}" stroke-width="2"${dash}/>${inner}</svg>`,
    iconSize: [32, 42],
    iconAnchor: [16, 40],
    tooltipAnchor: [0, -36],
  });
}

export function createMap(element: HTMLElement, options: MapOptions): MapHandle {
  const animate = !options.reducedMotion;
  const map = L.map(element, {
    center: [options.center.latitude, options.center.longitude],
    zoom: options.zoom,
    // The page scrolls past the map; zoom with the buttons, a double click or the keyboard (+ / -).
    scrollWheelZoom: false,
    zoomAnimation: animate,
    fadeAnimation: animate,
    markerZoomAnimation: animate,
    inertia: animate,
    attributionControl: true,
  });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');

  addMapTiles(
    L,
    map,
    { tileUrl: options.tileUrl, attribution: options.attribution, crossOrigin: false },
    options.onTilesUnavailable,
  );

  const layer = L.layerGroup().addTo(map);
  map.on('click', (event: L.LeafletMouseEvent) => {
    options.onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng });
  });
  map.on('moveend', () => {
    const c = map.getCenter();
    options.onMove({ latitude: c.lat, longitude: c.lng });
  });

  // Lists beside the map are the accessible way to these places; the drawings are not focus stops.
  const markerOptions = { keyboard: false } as const;

  return {
    update(content) {
      layer.clearLayers();
      for (const area of content.areas) {
        L.circle([area.latitude, area.longitude], {
          radius: area.radius * 1000,
          color: area.color,
          weight: 2,
          fillColor: area.color,
          fillOpacity: 0.14,
          className: 'loc-area',
        })
          .bindTooltip(`${escapeHtml(area.name)} (${area.radius} km)`)
          .addTo(layer);
      }
      if (content.pendingArea) {
        const a = content.pendingArea;
        L.circle([a.latitude, a.longitude], {
          radius: a.radius * 1000,
          color: a.color,
          weight: 2,
          dashArray: '6 6',
          fillColor: a.color,
          fillOpacity: 0.06,
          interactive: false,
          className: 'loc-area-pending',
        }).addTo(layer);
        L.circleMarker([a.latitude, a.longitude], {
          radius: 5,
          color: '#ffffff',
          weight: 2,
          fillColor: a.color,
          fillOpacity: 1,
          interactive: false,
          className: 'loc-area-centre',
        }).addTo(layer);
      }
      for (const place of content.locations) {
        L.marker([place.latitude, place.longitude], {
          ...markerOptions,
          icon: pinIcon(place.isHeadquarters ? 'headquarters' : 'location'),
          zIndexOffset: place.isHeadquarters ? 1000 : 0,
        })
          .bindTooltip(
            place.isHeadquarters ? `${escapeHtml(place.name)} (headquarters)` : escapeHtml(place.name),
          )
          .addTo(layer);
      }
      if (content.pendingLocation) {
        const p = content.pendingLocation;
        L.marker([p.latitude, p.longitude], {
          ...markerOptions,
          icon: pinIcon('pending'),
          interactive: false,
          zIndexOffset: 2000,
        }).addTo(layer);
      }
    },
    setView(point, zoom) {
      map.setView([point.latitude, point.longitude], zoom, { animate });
    },
    getCenter() {
      const c = map.getCenter();
      return { latitude: c.lat, longitude: c.lng };
    },
    destroy() {
      map.off();
      map.remove();
    },
  };
}
