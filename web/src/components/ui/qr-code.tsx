import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code as inline SVG (one path, no script, no image request), from the `uqr` encoder: a quiet zone of
 * four modules as the standard asks, fixed ink on white (the same in high-contrast mode, so it scans).
 * `label` is what a screen reader hears instead of the picture.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, modules: qr.size };
  }, [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="var(--color-white)" />
      <path d={path} fill="var(--color-ink)" />
    </svg>
  );
}
