import { lineIconSet } from '@/components/ui/line-icon';

/** Line icons of the explore tab (decorative: nearby text or the control's name carries the meaning). */
const shapes = {
  up: 'M12 19V5m-6 6 6-6 6 6',
  down: 'M12 5v14m6-6-6 6-6-6',
  left: 'M15 5l-7 7 7 7',
  right: 'M9 5l7 7-7 7',
  grid: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  feed: 'M5 4h14v10H5zm0 13h14M5 20h9',
  large: 'M4 4h16v12H4zm0 15h16',
  image: 'M4 5h16v14H4zm0 10 4.5-4.5L13 15m-1-1.5 2.5-2.5L20 16.5M15.5 8.5h.01',
  video: 'M4 6h11v12H4zm11 4.5 5-3v9l-5-3',
  plus: 'M12 5v14M5 12h14',
  drag: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  close: 'M7 7l10 10M17 7 7 17',
  undo: 'M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
  heart: 'M12 20s-7-4.3-7-9.3A3.9 3.9 0 0 1 12 8a3.9 3.9 0 0 1 7 2.7c0 5-7 9.3-7 9.3z',
} as const;

export type ExploreIconName = keyof typeof shapes;

export const ExploreIcon = lineIconSet(shapes, {
  base: 'explore-icon',
  size: 20,
  strokeWidth: (name) => (name === 'drag' ? 3 : 2),
});
