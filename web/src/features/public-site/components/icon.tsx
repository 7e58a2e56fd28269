/** Small line icons for the landing cards (decorative: the card's heading carries the meaning). */
const icons = {
  heart: 'M12 20s-7-4.3-7-9.3A3.9 3.9 0 0 1 12 8a3.9 3.9 0 0 1 7 2.7c0 5-7 9.3-7 9.3z',
  search: 'M10.5 17a6.5 6.5 0 1 1 0-13 6.5 6.5 0 0 1 0 13zm4.7-1.8L20 20',
  sprout: 'M12 20v-8m0 0c0-4 3-6 7-6 0 4-3 6-7 6zm0 2c0-3-2.5-5-6-5 0 3 2.5 5 6 5z',
  pound: 'M16 6.5A3.5 3.5 0 0 0 9.5 8v4.5c0 2.5-1 4.5-2.5 5.5H17M7.5 12.5h6',
  home: 'M4 11l8-6.5 8 6.5M6.5 9.5V19h11V9.5',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zm9.5 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  bolt: 'M13 3 5 13.5h6L10 21l8-10.5h-6z',
  gift: 'M4 10h16v10H4zm-1-3.5h18V10H3zM12 6.5V20m0-13.5c-1.5-3-5-3-5-1s3 1 5 1zm0 0c1.5-3 5-3 5-1s-3 1-5 1z',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm0-11v2.5m0 11V20m8-8h-2.5m-11 0H4m13.7-5.7-1.8 1.8m-7.8 7.8-1.8 1.8m11.4 0-1.8-1.8M8.1 8.1 6.3 6.3',
  people:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm-6 8.5c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5m1-14a3 3 0 0 1 0 6m2.5 2.8c1.6.8 2.5 2.4 2.5 4.7',
  shield: 'M12 3.5 5 6v5.5c0 4.3 3 7.7 7 9 4-1.3 7-4.7 7-9V6z',
  spark: 'M12 3v4m0 10v4M3 12h4m10 0h4M6 6l2.5 2.5m7 7L18 18m0-12-2.5 2.5m-7 7L6 18',
  chart: 'M4 20V4m0 16h16M8 16v-4m4 4V8m4 8v-6',
  access: 'M12 6.5a1.75 1.75 0 1 0 0-3.5 1.75 1.75 0 0 0 0 3.5zM5 8.5l7 1.5 7-1.5M12 10v4.5m0 0-3 6m3-6 3 6',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
} as const;

export type IconName = keyof typeof icons;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={icons[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
