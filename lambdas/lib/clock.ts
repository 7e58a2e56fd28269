/** Time as a dependency, so time-based rules are tested with a fake clock instead of sleeps. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
