import { LocationMessage } from '@shared/locations';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { MAP_RETRY_DELAYS_MS, withRetries } from '@/lib/retry';
import type { MapContent, MapHandle, MapPoint } from './leaflet-map';

export interface MapView {
  center: MapPoint;
  zoom: number;
  /** Bumped for every move the page asks for (a search), so the same place twice still moves the map. */
  seq: number;
}

interface LocationMapProps {
  content: MapContent;
  view: MapView;
  tileUrl?: string;
  attribution?: string;
  hintId: string;
  /** Shown above and below the map while it works (how clicks place things; how to move the map). */
  controls?: ReactNode;
  hint?: ReactNode;
  onPick: (point: MapPoint) => void;
  onMove: (center: MapPoint) => void;
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The map of locations and service areas. Leaflet is fetched with this page only; when it cannot load after
 * three retries with growing delays, the Map Error panel takes the map's place and the rest of the page keeps working. Without tiles (no tile
 * server, or none reachable) the places are drawn on a blank background with a quiet note.
 */
export function LocationMap({
  content,
  view,
  tileUrl,
  attribution,
  hintId,
  controls,
  hint,
  onPick,
  onMove,
}: LocationMapProps) {
  const element = useRef<HTMLElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [tilesUnavailable, setTilesUnavailable] = useState(false);
  const callbacks = useRef({ onPick, onMove });
  callbacks.current = { onPick, onMove };
  const initialView = useRef(view);

  useEffect(() => {
    let cancelled = false;
    // A dropped connection gets three more tries, each after a longer wait, before the Map Error panel.
    withRetries(() => import('./leaflet-map'), MAP_RETRY_DELAYS_MS, {
      cancelled: () => cancelled,
      onRetry: (retry, error) => console.warn(`The map could not be loaded; retry ${retry}`, error),
    })
      .then(({ createMap }) => {
        if (cancelled || !element.current) return;
        handle.current = createMap(element.current, {
          center: initialView.current.center,
          zoom: initialView.current.zoom,
          tileUrl,
          attribution,
          reducedMotion: prefersReducedMotion(),
          onPick: (point) => callbacks.current.onPick(point),
          onMove: (center) => callbacks.current.onMove(center),
          onTilesUnavailable: () => {
            if (!cancelled) setTilesUnavailable(true);
          },
        });
        setState('ready');
      })
      .catch((error: unknown) => {
        console.error('The map could not be loaded', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    if (state === 'ready') handle.current?.update(content);
  }, [state, content]);

  const lastSeq = useRef(view.seq);
  useEffect(() => {
    if (state !== 'ready' || view.seq === lastSeq.current) return;
    lastSeq.current = view.seq;
    handle.current?.setView(view.center, view.zoom);
  }, [state, view]);

  if (state === 'failed') {
    return (
      <div className="loc-map-error" role="alert" aria-labelledby="loc-map-error-title">
        <h3 id="loc-map-error-title" className="loc-map-error__title">
          {LocationMessage.MapErrorTitle}
        </h3>
        <p>{LocationMessage.MapLoadFailed}</p>
        <ul className="loc-map-error__steps">
          <li>You can still add locations by their address and save your settings below.</li>
          <li>Check that you are online, then reload the page to try the map again.</li>
        </ul>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    );
  }

  return (
    <div className="loc-map">
      {controls}
      <div className="loc-map__frame">
        <section
          ref={element}
          className="loc-map__canvas"
          aria-label="Map of your locations and service areas"
          aria-describedby={hintId}
          aria-busy={state === 'loading'}
        />
        {state === 'loading' ? (
          <p className="loc-map__loading">
            <span className="spinner" aria-hidden="true" />
            Loading the map...
          </p>
        ) : null}
      </div>
      {tilesUnavailable ? <p className="loc-map__note">{LocationMessage.TilesUnavailable}</p> : null}
      {hint}
    </div>
  );
}
