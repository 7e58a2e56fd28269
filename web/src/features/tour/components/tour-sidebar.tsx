import { type RefObject, useEffect, useRef, useState } from 'react';
import { buttonClassName } from '@/components/ui/button';
import { lineIconSet } from '@/components/ui/line-icon';
import type { TourStep } from '../data/tour-steps';
import { isFirstStep, isLastStep, type TourState, tourProgress } from '../lib/tour-state';

const TourIcon = lineIconSet(
  {
    compass: 'M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18zm3.5-12.5-2 5-5 2 2-5z',
    close: 'M6.5 6.5l11 11m0-11-11 11',
    next: 'M5 12h14m-6-6.5 6.5 6.5-6.5 6.5',
    previous: 'M19 12H5m6-6.5L4.5 12l6.5 6.5',
    flag: 'M5.5 21V4m0 1h11l-2.5 4 2.5 4h-11',
  },
  { base: 'tour-icon', size: 20 },
);

export const TOUR_SIDEBAR_LABEL_ID = 'tour-sidebar-label';

/**
 * The sidebar: the step's title and text, "Step n of N" with its percentage and a progress bar, Previous,
 * Next (Finish Tour on the last step) and Close. Focus moves to the step's title when the sidebar opens;
 * later step changes keep focus on the button pressed and are announced politely.
 */
export function TourSidebar({
  state,
  step,
  sidebarRef,
  onPrevious,
  onNext,
  onFinish,
  onClose,
}: {
  state: TourState;
  step: TourStep;
  sidebarRef: RefObject<HTMLElement | null>;
  onPrevious: () => void;
  onNext: () => void;
  onFinish: () => void;
  onClose: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const { label, percent } = tourProgress(state);
  const first = isFirstStep(state);
  const last = isLastStep(state);
  const shownStep = useRef(step.id);

  // Opening: focus the step's title, so a screen reader starts at the tour.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  // A new step: announced politely; focus stays on the pressed button unless it became disabled.
  useEffect(() => {
    if (shownStep.current === step.id) return;
    shownStep.current = step.id;
    setAnnouncement(`${label}: ${step.title}`);
    const sidebar = sidebarRef.current;
    const active = document.activeElement;
    if (!sidebar || !active || !sidebar.contains(active) || (active as HTMLButtonElement).disabled) {
      nextRef.current?.focus({ preventScroll: true });
    }
  }, [step.id, step.title, label, sidebarRef]);

  return (
    <aside ref={sidebarRef} className="tour-sidebar" aria-labelledby={TOUR_SIDEBAR_LABEL_ID}>
      <div className="tour-sidebar__head">
        <p id={TOUR_SIDEBAR_LABEL_ID} className="eyebrow tour-sidebar__eyebrow">
          <TourIcon name="compass" />
          Guided tour
        </p>
        <button type="button" className="tour-sidebar__close" aria-label="Close tour" onClick={onClose}>
          <TourIcon name="close" />
        </button>
      </div>

      <div className="tour-sidebar__progress">
        <p className="tour-sidebar__count">
          <span>{label}</span>
          <span>{percent}%</span>
        </p>
        <div
          className="tour-sidebar__bar"
          role="progressbar"
          aria-label="Tour progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${label}, ${percent}% complete`}
        >
          <span className="tour-sidebar__fill" style={{ width: `${percent}%` }} />
        </div>
      </div>

      <div className="card tour-sidebar__body">
        <p className="tour-sidebar__place">
          <span className="visually-hidden">Where: </span>
          {step.place}
        </p>
        <h2 ref={headingRef} className="tour-sidebar__title" tabIndex={-1}>
          {step.title}
        </h2>
        <p className="tour-sidebar__text">{step.text}</p>
      </div>

      <div className="tour-sidebar__nav">
        <button
          type="button"
          className={buttonClassName({ variant: 'secondary', className: 'tour-sidebar__button' })}
          disabled={first}
          onClick={onPrevious}
        >
          <TourIcon name="previous" />
          Previous
        </button>
        <button
          ref={nextRef}
          type="button"
          className={buttonClassName({ variant: 'primary', className: 'tour-sidebar__button' })}
          onClick={last ? onFinish : onNext}
        >
          {last ? 'Finish Tour' : 'Next'}
          <TourIcon name={last ? 'flag' : 'next'} />
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </aside>
  );
}
