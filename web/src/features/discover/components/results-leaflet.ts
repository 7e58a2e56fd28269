import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { addMapTiles } from '@/lib/map-tiles';

/**
 * The Leaflet side of the listing's map view (issue 45), loaded only when a donor opens the map (the `import()`
 * of this module is what the map's error panel guards), as the location settings' map is. Vector only: markers
 * are inline SVG and service areas circles, so the charities still draw when no tile loads. Each marker is a
 * focus stop (a button named after its charity) whose popup links to the charity's page and its Donate box.
 */

export interface MapCharity {
  number: string;
  name: string;
  href: string;
  donateHref: string;
  /** Where its marker stands: the centre of its nearest (or first) service area. */
  marker: { lat: number; lng: number };
  circles: readonly { lat: number; lng: number; radius_km: number }[];
}

export interface ResultsMapContent {
  charities: readonly MapCharity[];
  /** The searched place, marked differently; or null. */
  place: { lat: number; lng: number; label: string } | null;
}

export interface ResultsMapOptions {
  tileUrl?: string;
  attribution?: string;
  reducedMotion: boolean;
  /** No tile could be loaded (or there is no tile server). Called at most once. */
  onTilesUnavailable: () => void;
}

export interface ResultsMapHandle {
  update(content: ResultsMapContent): void;
  destroy(): void;
}

/** The UK, when there is nothing to fit. */
const UK_CENTRE: L.LatLngTuple = [54.5, -3];
const CIRCLE = '#0e5a52';

/** Pixels between the pins of charities that stand on the same spot (they share an area's centre). */
const SAME_SPOT_SPREAD = 30;

/** A charity's pin, shifted `shift` pixels sideways when others stand on the same spot. */
function markerIcon(shift: number): L.DivIcon {
  return L.divIcon({
    className: 'discover-pin',
    html: '<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true" focusable="false"><path d="M16 1.5C8.3 1.5 2.5 7.4 2.5 14.8c0 9.6 11.6 22.4 12.6 23.5a1.2 1.2 0 0 0 1.8 0c1-1.1 12.6-13.9 12.6-23.5C29.5 7.4 23.7 1.5 16 1.5z" fill="#0e5a52" stroke="#ffffff" stroke-width="2"/><circle cx="16" cy="14" r="4.2" fill="#ffffff"/></svg>',
    iconSize: [32, 42],
    iconAnchor: [16 - shift, 40],
    popupAnchor: [0, -36],
  });
}

const spotKey = (p: { lat: number; lng: number }) => `${p.lat.toFixed(4)},${p.lng.toFixed(4)}`;

/** The popup's content as DOM (the charity's own words set as text, never as HTML). */
function popupContent(charity: MapCharity): HTMLElement {
  const box = document.createElement('div');
  box.className = 'discover-popup';
  const name = document.createElement('a');
  name.className = 'discover-popup__name';
  name.href = charity.href;
  name.textContent = charity.name;
  const donate = document.createElement('a');
  donate.className = 'discover-popup__donate';
  donate.href = charity.donateHref;
  donate.textContent = 'Donate';
  const hidden = document.createElement('span');
  hidden.className = 'visually-hidden';
  hidden.textContent = ` to ${charity.name}`;
  donate.append(hidden);
  box.append(name, donate);
  return box;
}

export function createResultsMap(element: HTMLElement, options: ResultsMapOptions): ResultsMapHandle {
  const animate = !options.reducedMotion;
  const map = L.map(element, {
    center: UK_CENTRE,
    zoom: 5,
    // The page scrolls past the map; zoom with the buttons, a double click or the keyboard (+ / -).
    scrollWheelZoom: false,
    zoomAnimation: animate,
    fadeAnimation: animate,
    markerZoomAnimation: animate,
    inertia: animate,
  });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  // With reduced motion, no pan glides either (a popup's pan into view, the keyboard's arrows).
  if (!animate) {
    const panBy = map.panBy.bind(map);
    map.panBy = (offset, panOptions) => panBy(offset, { ...panOptions, animate: false });
  }

  addMapTiles(
    L,
    map,
    { tileUrl: options.tileUrl, attribution: options.attribution },
    options.onTilesUnavailable,
  );

  const layer = L.featureGroup().addTo(map);
  // A popup opened from the keyboard takes the focus to its first link; closing it (Escape, its ×) gives the focus
  // back to the marker it came from.
  let opener: HTMLElement | null = null;
  map.on('popupopen', (event: L.PopupEvent) => {
    const popup = event.popup.getElement();
    // Escape closes it wherever the focus is in it (Leaflet's own handler needs the map itself focused).
    popup?.addEventListener('keydown', (key) => {
      if (key.key === 'Escape') map.closePopup();
    });
    const link = popup?.querySelector<HTMLElement>('.discover-popup a');
    if (opener && link) link.focus({ preventScroll: true });
  });
  map.on('popupclose', () => {
    const back = opener;
    opener = null;
    if (back?.isConnected) back.focus({ preventScroll: true });
  });

  return {
    update(content) {
      layer.clearLayers();
      for (const charity of content.charities) {
        for (const circle of charity.circles) {
          L.circle([circle.lat, circle.lng], {
            radius: circle.radius_km * 1000,
            color: CIRCLE,
            weight: 1.5,
            fillColor: CIRCLE,
            fillOpacity: 0.08,
            interactive: false,
            className: 'discover-area',
          }).addTo(layer);
        }
      }
      // The searched place: a ringed dot under the pins (drawn, not a focus stop: the summary names it).
      if (content.place) {
        L.circleMarker([content.place.lat, content.place.lng], {
          radius: 7,
          color: '#a4482a',
          weight: 3,
          fillColor: '#ffffff',
          fillOpacity: 1,
          interactive: false,
          className: 'discover-place',
        }).addTo(layer);
      }
      const onSpot = new Map<string, number>();
      for (const charity of content.charities)
        onSpot.set(spotKey(charity.marker), (onSpot.get(spotKey(charity.marker)) ?? 0) + 1);
      const placed = new Map<string, number>();
      for (const charity of content.charities) {
        const key = spotKey(charity.marker);
        const index = placed.get(key) ?? 0;
        placed.set(key, index + 1);
        const shift = (index - ((onSpot.get(key) ?? 1) - 1) / 2) * SAME_SPOT_SPREAD;
        const marker = L.marker([charity.marker.lat, charity.marker.lng], {
          icon: markerIcon(shift),
          keyboard: true,
          title: charity.name,
          riseOnHover: true,
        })
          .bindPopup(() => popupContent(charity), { closeButton: true, autoPanPadding: [24, 24] })
          .addTo(layer);
        const pin = marker.getElement();
        if (pin) {
          pin.setAttribute('aria-label', charity.name);
          pin.setAttribute('aria-haspopup', 'dialog');
          pin.dataset.charity = charity.number;
          // Leaflet opens a popup on Enter; a button opens on Space too.
          pin.addEventListener('keydown', (event) => {
            if (event.key === 'Enter' || event.key === ' ') opener = pin;
            if (event.key === ' ') {
              event.preventDefault();
              marker.openPopup();
            }
          });
          pin.addEventListener('mousedown', () => {
            opener = null;
          });
        }
      }
      const bounds = layer.getBounds();
      if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 13, animate });
      else map.setView(UK_CENTRE, 5, { animate });
    },
    destroy() {
      map.off();
      map.remove();
    },
  };
}
