import { brand } from '@shared/brand';
import { FinderIcon } from './finder-icon';

/**
 * "Live on Kindred" (donors can give through its page) / "On Kindred" / "Not on Kindred": said in words and
 * with an icon, never by colour alone.
 */
export function PlatformBadge({ isOnPlatform, isLive = false }: { isOnPlatform: boolean; isLive?: boolean }) {
  const on = isOnPlatform || isLive;
  return (
    <span className={`status-pill finder-badge ${on ? 'finder-badge--on' : 'finder-badge--off'}`}>
      <FinderIcon name={on ? 'check' : 'minus'} size={16} />
      {isLive
        ? `Live on ${brand.productName}`
        : on
          ? `On ${brand.productName}`
          : `Not on ${brand.productName}`}
    </span>
  );
}
