import { brand } from '@shared/brand';
import { FinderIcon } from './finder-icon';

/** "On Kindred" / "Not on Kindred": said in words and with an icon, never by colour alone. */
export function PlatformBadge({ isOnPlatform }: { isOnPlatform: boolean }) {
  return (
    <span className={`status-pill finder-badge ${isOnPlatform ? 'finder-badge--on' : 'finder-badge--off'}`}>
      <FinderIcon name={isOnPlatform ? 'check' : 'minus'} size={16} />
      {isOnPlatform ? `On ${brand.productName}` : `Not on ${brand.productName}`}
    </span>
  );
}
