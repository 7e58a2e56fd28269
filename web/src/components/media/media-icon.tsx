import { lineIconSet } from '@/components/ui/line-icon';

/** Line icons of the media lists (decorative: the control's name carries the meaning). */
const shapes = {
  up: 'M12 19V5m-6 6 6-6 6 6',
  down: 'M12 5v14m6-6-6 6-6-6',
  drag: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  video: 'M4 6h11v12H4zm11 4.5 5-3v9l-5-3',
  trash: 'M4.5 7h15M10 11v6m4-6v6M6.5 7l1 13h9l1-13M9.5 7V4.5h5V7',
} as const;

export const MediaIcon = lineIconSet(shapes, {
  base: 'media-icon',
  size: 18,
  strokeWidth: (name) => (name === 'drag' ? 3 : 2),
});
