import { lineIconSet } from './line-icon';

/** Line icons for the charity access screens (decorative: nearby text carries the meaning). */
const shapes = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  cross: 'M7 7l10 10M17 7 7 17',
  shield: 'M12 3.5 5 6v5.5c0 4.3 3 7.7 7 9 4-1.3 7-4.7 7-9V6z',
  mail: 'M3.5 6.5h17v11h-17zm0 0L12 13l8.5-6.5',
  key: 'M14.5 9.5a4 4 0 1 0-3.9 4L4 20v0h3v-2h2v-2h2l1.6-1.6a4 4 0 0 0 1.9-4.9z',
  alert: 'M12 8v5m0 3.2v.3M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0z',
  clock: 'M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18zm0-13.5V12l3 2',
  heart: 'M12 20s-7-4.3-7-9.3A3.9 3.9 0 0 1 12 8a3.9 3.9 0 0 1 7 2.7c0 5-7 9.3-7 9.3z',
  back: 'M19 12H5m6-6.5L4.5 12l6.5 6.5',
  trash: 'M4.5 7h15M10 11v6m4-6v6M6.5 7l1 13h9l1-13M9.5 7V4.5h5V7',
  sprout: 'M12 20v-8m0 0c0-4 3-6 7-6 0 4-3 6-7 6zm0 2c0-3-2.5-5-6-5 0 3 2.5 5 6 5z',
  people:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm-6 8.5c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5m1-14a3 3 0 0 1 0 6m2.5 2.8c1.6.8 2.5 2.4 2.5 4.7',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm0-11v2.5m0 11V20m8-8h-2.5m-11 0H4m13.7-5.7-1.8 1.8m-7.8 7.8-1.8 1.8m11.4 0-1.8-1.8M8.1 8.1 6.3 6.3',
  out: 'M14 4.5h5.5v15H14M10 8l-4 4 4 4m-4-4h10',
  pound: 'M16.5 7a3.7 3.7 0 0 0-7 1.6V19M6.5 12.5H14M6 19h12',
  download: 'M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19.5h14',
} as const;

export type AuthIconName = keyof typeof shapes;

export const AuthIcon = lineIconSet(shapes, { base: 'auth-icon', size: 20 });
