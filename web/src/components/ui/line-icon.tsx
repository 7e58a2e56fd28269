/**
 * A decorative 24x24 line icon drawn from one SVG path (nearby text or the control's name carries the
 * meaning, so it is hidden from assistive technology). Each feature keeps its own small set of paths, so a
 * page only ships the icons it uses.
 */
function LineIcon({
  d,
  size,
  className,
  strokeWidth = 2,
}: {
  d: string;
  size: number;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** `base extra` class names, or `base` alone. */
const iconClass = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

/**
 * The icon component of one set of paths: `<Icon name="…" />` with the set's class (`base`, then the caller's)
 * and default size; `strokeWidth` per icon when the set needs it.
 */
export function lineIconSet<Name extends string>(
  shapes: Readonly<Record<Name, string>>,
  set: { base?: string; size: number; strokeWidth?: (name: Name) => number },
) {
  return function SetIcon({
    name,
    size = set.size,
    className,
  }: {
    name: Name;
    size?: number;
    className?: string;
  }) {
    return (
      <LineIcon
        d={shapes[name]}
        size={size}
        className={set.base ? iconClass(set.base, className) : className}
        strokeWidth={set.strokeWidth?.(name)}
      />
    );
  };
}
