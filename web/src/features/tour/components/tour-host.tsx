import { paths } from '@shared/site/paths';
import {
  type CSSProperties,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { requestDashboardTab } from '@/lib/dashboard-tabs';
import { TOUR_STEPS, type TourStep } from '../data/tour-steps';
import { useTour } from '../hooks/use-tour';
import { inertOthers } from '../lib/inert-others';
import { goToStepPage, goWithTour } from '../lib/tour-navigation';
import { isTourRoute, normalisePath } from '../lib/tour-routes';
import type { TourState } from '../lib/tour-state';
import type { TourStore } from '../lib/tour-store';
import { scrollToTarget, visibleBand } from '../lib/viewport';
import { TourSidebar } from './tour-sidebar';
import './tour.css';

/** Embedded tour controls (the account preferences page's TourToggle) stay usable while the page is inert. */
export const TOUR_CONTROL_ATTRIBUTE = 'data-tour-control';
const HIGHLIGHT_ATTRIBUTE = 'data-tour-highlight';
const OPEN_CLASS = 'tour-open';
/** The dashboard's tab buttons (dashboard-tabs.tsx `tabId`). */
const dashboardTabElement = (tab: string) => document.getElementById(`dashboard-tab-${tab}`);

/** The last `moves` count the host acted on (module scope: the host may mount after the tour started). */
let handledMoves = 0;

/**
 * Keeps the step's dashboard tab selected once the page has loaded it (the dashboard mounts, then loads the
 * profile, then renders its tabs), and finds the element to highlight: `[data-tour="<step id>"]`, or for a
 * dashboard step without one its tab. Watches the page until the step changes.
 */
function useStepTarget(step: TourStep, onStepPage: boolean): Element | null {
  const [target, setTarget] = useState<Element | null>(null);
  useEffect(() => {
    if (!onStepPage) {
      setTarget(null);
      return;
    }
    let current: Element | null = null;
    const sync = () => {
      let tabReady = true;
      if (step.tab) {
        const tab = dashboardTabElement(step.tab);
        tabReady = tab?.getAttribute('aria-selected') === 'true';
        if (tab && !tabReady) requestDashboardTab(step.tab);
      }
      const found =
        document.querySelector(`[data-tour="${CSS.escape(step.highlight ?? step.id)}"]`) ??
        (step.tab && tabReady ? dashboardTabElement(step.tab) : null);
      if (found === current) return;
      current?.removeAttribute(HIGHLIGHT_ATTRIBUTE);
      current = found;
      setTarget(found);
      if (found) {
        found.setAttribute(HIGHLIGHT_ATTRIBUTE, '');
        scrollToTarget(found);
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-selected', 'data-tour'],
    });
    return () => {
      observer.disconnect();
      current?.removeAttribute(HIGHLIGHT_ATTRIBUTE);
    };
  }, [step, onStepPage]);
  return target;
}

/** The target's box in the viewport, followed through scrolling, resizing and layout changes. */
function useBox(target: Element | null): DOMRect | null {
  const [box, setBox] = useState<DOMRect | null>(null);
  useEffect(() => {
    if (!target) {
      setBox(null);
      return;
    }
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rect = target.getBoundingClientRect();
      setBox((old) =>
        old &&
        old.top === rect.top &&
        old.left === rect.left &&
        old.width === rect.width &&
        old.height === rect.height
          ? old
          : rect,
      );
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    const resize = new ResizeObserver(schedule);
    resize.observe(target);
    resize.observe(document.body);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      resize.disconnect();
    };
  }, [target]);
  return box;
}

const isTourElement = (element: Element, container: HTMLElement) =>
  container.contains(element) || element.closest(`[${TOUR_CONTROL_ATTRIBUTE}]`) !== null;

/**
 * While the tour is open, everything but the tour and its embedded controls is inert, kept so as the page
 * changes. The page's main heading stays perceivable (not interactive), so the page keeps its main
 * landmark and its title for assistive technology while the rest is out of reach.
 */
function useInertPage(container: HTMLElement) {
  useEffect(() => {
    let release = () => {};
    const apply = () => {
      release();
      release = inertOthers([
        container,
        ...document.querySelectorAll(`[${TOUR_CONTROL_ATTRIBUTE}]`),
        ...document.querySelectorAll('main h1'),
      ]);
    };
    apply();
    // Only new or removed elements matter; the attributes this sets do not trigger it again.
    const observer = new MutationObserver(apply);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      release();
    };
  }, [container]);
}

/**
 * Keeps keyboard focus with the tour: when the page moves focus elsewhere (the site frame focuses <main>
 * after a navigation), it goes back to where it was in the sidebar.
 */
function useFocusGuard(container: HTMLElement) {
  useEffect(() => {
    let last: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      if (isTourElement(target, container)) {
        last = target;
        return;
      }
      const back =
        last?.isConnected && !(last as HTMLButtonElement).disabled
          ? last
          : container.querySelector<HTMLElement>('.tour-sidebar__title');
      back?.focus({ preventScroll: true });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [container]);
}

/** Marks <html> while the tour is open (layout room for the sidebar) and publishes the bottom sheet's height. */
function usePageRoom(sidebarRef: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.add(OPEN_CLASS);
    const sidebar = sidebarRef.current;
    const resize = new ResizeObserver(() => {
      if (sidebar) root.style.setProperty('--tour-sheet-height', `${sidebar.offsetHeight}px`);
    });
    if (sidebar) resize.observe(sidebar);
    return () => {
      resize.disconnect();
      root.classList.remove(OPEN_CLASS);
      root.style.removeProperty('--tour-sheet-height');
    };
  }, [sidebarRef]);
}

function ActiveTour({ store, state, moves }: { store: TourStore; state: TourState; moves: number }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const step = TOUR_STEPS[state.currentStep] ?? TOUR_STEPS[0];
  const sidebarRef = useRef<HTMLElement>(null);
  const [container] = useState(() => {
    const element = document.createElement('div');
    element.className = 'tour-layer';
    return element;
  });
  const onStepPage = step !== undefined && normalisePath(pathname) === step.path;

  useLayoutEffect(() => {
    document.body.append(container);
    return () => container.remove();
  }, [container]);
  useInertPage(container);
  useFocusGuard(container);
  usePageRoom(sidebarRef);

  // A step chosen by an action (start, Next, Previous, Show tour guide) takes the visitor to its page.
  useEffect(() => {
    if (!step || moves === handledMoves) return;
    handledMoves = moves;
    if (normalisePath(pathname) !== step.path) goToStepPage(store, () => navigate(step.path));
  }, [moves, step, pathname, navigate, store]);

  const target = useStepTarget(step as TourStep, onStepPage);
  const box = useBox(target);

  const close = useCallback(() => store.close(), [store]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        close();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);

  const finish = () => {
    const dashboard = paths.charity.dashboard.getHref();
    if (normalisePath(pathname) === dashboard) requestDashboardTab('overview');
    else goWithTour(() => navigate(dashboard), { aside: () => store.finish() });
    store.finish();
  };

  if (!step) return null;
  return createPortal(
    <>
      <Spotlight box={box} />
      <TourSidebar
        state={state}
        step={step}
        sidebarRef={sidebarRef}
        onPrevious={store.previous}
        onNext={store.next}
        onFinish={finish}
        onClose={close}
      />
    </>,
    container,
  );
}

/**
 * The dim over the page with the target cut out and ringed; clipped to the band below the sticky header,
 * and a plain dim when the target is out of view or there is none.
 */
function Spotlight({ box }: { box: DOMRect | null }) {
  const pad = 8;
  let style: CSSProperties | null = null;
  if (box) {
    const band = visibleBand();
    const top = Math.max(box.top - pad, band.top);
    const bottom = Math.min(box.bottom + pad, band.bottom);
    if (bottom - top > pad * 2) {
      style = { top, left: box.left - pad, width: box.width + pad * 2, height: bottom - top };
    }
  }
  return style ? (
    <div className="tour-spotlight" style={style} aria-hidden="true" />
  ) : (
    <div className="tour-dim" aria-hidden="true" />
  );
}

/**
 * The guided tour on the charity pages (lazily loaded by the root route on /charity/*): the sidebar, the
 * dimmed and inert page with the step's element highlighted, and the moves between pages and tabs.
 */
export default function TourHost() {
  const { pathname } = useLocation();
  const { state, moves, store } = useTour();
  if (!state.isActive || !isTourRoute(pathname)) return null;
  return <ActiveTour store={store} state={state} moves={moves} />;
}
