import { lineIconSet } from '@/components/ui/line-icon';

/** Small line icons for the finder (decorative: text beside them carries the meaning). */
const paths = {
  search: 'M10.5 17a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13zm4.7-1.8L20 20',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  minus: 'M6 12h12',
  back: 'M19 12H5m6-6.5L4.5 12l6.5 6.5',
  external: 'M14 4.5h5.5V10M19.5 4.5 11 13m-2-7H5.5v12.5H18V15',
  alert: 'M12 8v5m0 3.2v.3M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0z',
  compass: 'M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18zm3.5-12.5-2 5-5 2 2-5z',
  hash: 'M9 4 7 20M17 4l-2 16M4.5 9h16M3.5 15h16',
  text: 'M5 6h14M5 12h14M5 18h9',
} as const;

export type FinderIconName = keyof typeof paths;

export const FinderIcon = lineIconSet<FinderIconName>(paths, { base: 'finder-icon', size: 20 });
