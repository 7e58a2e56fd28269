import { lineIconSet } from '@/components/ui/line-icon';

/** The few line icons form fields use (decorative: the text beside them carries the meaning). */
const shapes = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  cross: 'M7 7l10 10M17 7 7 17',
  alert: 'M12 8v5m0 3.2v.3M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0z',
} as const;

export const FormIcon = lineIconSet(shapes, { size: 16 });
