import { WaitlistIcon, type WaitlistIconName } from './waitlist-icon';

export interface WaitlistPointItem {
  icon: WaitlistIconName;
  title: string;
  text: string;
}

/** One point of a list on the waitlist pages (a reason to join, a next step): icon, short title, a sentence. */
export function WaitlistPoint({ point, className }: { point: WaitlistPointItem; className: string }) {
  return (
    <li className={className}>
      <span className="icon-circle waitlist-benefit__icon">
        <WaitlistIcon name={point.icon} />
      </span>
      <div>
        <h3 className="waitlist-benefit__title">{point.title}</h3>
        <p className="waitlist-benefit__text">{point.text}</p>
      </div>
    </li>
  );
}
