import { lineIconSet } from '@/components/ui/line-icon';

/** Line icons of the preference pages (decorative: the text beside them carries the meaning). */
const shapes = {
  image: 'M4.5 5.5h15v13h-15zM4.5 15.5l4-4 3.5 3.5 2.5-2.5 5 5M15.5 9.5a1 1 0 1 0 0-.01',
  card: 'M3.5 6.5h17v11h-17zM3.5 10h17M7 14.5h3',
  name: 'M5 7V5.5h14V7M12 5.5v13m-3 0h6',
  mail: 'M3.5 6.5h17v11h-17zm0 0L12 13l8.5-6.5',
  pin: 'M12 21s-6.5-5.6-6.5-11A6.5 6.5 0 0 1 18.5 10c0 5.4-6.5 11-6.5 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  bell: 'M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20.5h4',
  palette:
    'M12 3.5a8.5 8.5 0 1 0 0 17c1.2 0 1.8-.8 1.8-1.7 0-1.3-1-1.6-1-2.6 0-.9.7-1.5 1.6-1.5h2a4.1 4.1 0 0 0 4.1-4.1C20.5 6.8 16.7 3.5 12 3.5zM7.5 12h.01M9.5 8h.01M14.5 8h.01',
  arrow: 'M5 12h14m-6-6.5 6.5 6.5-6.5 6.5',
  back: 'M19 12H5m6-6.5L4.5 12l6.5 6.5',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  lock: 'M6.5 11h11v9h-11zM8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  gift: 'M4.5 11h15v9h-15zM3.5 7.5h17V11h-17zM12 7.5V20M12 7.5C10.5 4.5 7 4 7 6s3.5 1.5 5 1.5zm0 0c1.5-3 5-3.5 5-1.5s-3.5 1.5-5 1.5z',
  upload: 'M12 15.5V4.5m-4.5 4.5L12 4.5 16.5 9M4.5 15v4.5h15V15',
  tag: 'M4.5 4.5h7l8 8-7 7-8-8zM8.5 8.5h.01',
} as const;

export type PrefIconName = keyof typeof shapes;

export const PrefIcon = lineIconSet(shapes, { base: 'pref-icon', size: 24 });
