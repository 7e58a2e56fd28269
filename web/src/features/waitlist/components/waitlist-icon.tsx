import { lineIconSet } from '@/components/ui/line-icon';

/** Line icons for the waitlist pages (decorative: the text beside each carries the meaning). */
const shapes = {
  bell: 'M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0',
  home: 'M4 11l8-6.5 8 6.5M6.5 9.5V19h11V9.5M10 19v-5h4v5',
  key: 'M14.5 9.5a4 4 0 1 0-3.9 4L4 20v0h3v-2h2v-2h2l1.6-1.6a4 4 0 0 0 1.9-4.9z',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  heart: 'M12 20s-7-4.3-7-9.3A3.9 3.9 0 0 1 12 8a3.9 3.9 0 0 1 7 2.7c0 5-7 9.3-7 9.3z',
  mail: 'M3.5 6.5h17v11h-17zm0 0L12 13l8.5-6.5',
  phone:
    'M8 3.5h8a1.5 1.5 0 0 1 1.5 1.5v14a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 19V5A1.5 1.5 0 0 1 8 3.5zM11 17.5h2',
  camera:
    'M4 8.5A2.5 2.5 0 0 1 6.5 6h11A2.5 2.5 0 0 1 20 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5zM12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16.5 8.8v.2',
  external: 'M14 4.5h5.5V10M19.5 4.5 11 13M17 14v5.5H4.5V7H10',
  back: 'M19 12H5m6-6.5L4.5 12l6.5 6.5',
  alert: 'M12 8v5m0 3.2v.3M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0z',
} as const;

export type WaitlistIconName = keyof typeof shapes;

export const WaitlistIcon = lineIconSet(shapes, { size: 24, strokeWidth: () => 1.75 });
