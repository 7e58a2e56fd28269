import { useEffect, useState } from 'react';
import { countUpFrames } from '../utils/reinvestment';

const DURATION_MS = 1000;
const STEPS = 60;

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * A number that counts up from 0 to `target` over about a second in 60 steps, each time the target changes
 * while `active`. With reduced motion asked for, or before `active`, it is the target at once.
 */
export function useCountUp(target: number, active: boolean): number {
  const [value, setValue] = useState(target);
  useEffect(() => {
    if (!active || reducedMotion()) {
      setValue(target);
      return;
    }
    const frames = countUpFrames(target, STEPS);
    let step = 0;
    setValue(0);
    const timer = window.setInterval(() => {
      setValue(frames[step] ?? target);
      step += 1;
      if (step >= frames.length) window.clearInterval(timer);
    }, DURATION_MS / STEPS);
    return () => window.clearInterval(timer);
  }, [target, active]);
  return value;
}
