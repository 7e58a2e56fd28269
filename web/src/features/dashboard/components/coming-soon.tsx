import type { ReactNode } from 'react';
import { AuthIcon } from '@/components/ui/auth-icon';

/**
 * A preview under a 'Coming Soon' overlay: the note is what people read and hear; the sample content behind
 * it is `inert` (no focus, no clicks, out of the accessibility tree) and dimmed, so nobody mistakes it for data.
 */
export function ComingSoon({
  id,
  title,
  children,
  size = 'md',
}: {
  id: string;
  title: string;
  children: ReactNode;
  size?: 'sm' | 'md';
}) {
  return (
    <section className={`coming-soon coming-soon--${size}`} aria-labelledby={`${id}-title`}>
      <div className="coming-soon__sample" inert>
        {children}
      </div>
      <div className="coming-soon__overlay">
        <div className="card card--raised coming-soon__note">
          <span className="icon-circle icon-circle--warm coming-soon__icon" aria-hidden="true">
            <AuthIcon name="clock" size={22} />
          </span>
          <h3 id={`${id}-title`} className="coming-soon__title">
            {title}
          </h3>
          <p className="coming-soon__text">
            Available Autumn 2025. Until then, what you see here is sample content, not your charity&rsquo;s
            figures.
          </p>
        </div>
      </div>
    </section>
  );
}

/** The small 'Sample' tag on every sample figure. */
export function SampleTag() {
  return <span className="sample-tag">Sample</span>;
}
