import { useRef, useState } from 'react';
import { useSeen } from '@/hooks/use-seen';
import { useCountUp } from '../hooks/use-count-up';
import {
  calculateReinvestment,
  formatPounds,
  formatShare,
  SHARE_OPTIONS,
  type SharePercent,
} from '../utils/reinvestment';
import { LandingSection } from './landing-section';

/**
 * The reinvestment calculator (spec section 9). The headline counts up when it first comes into view and
 * on every change of share; screen readers hear only the final figures, once, through a polite live region.
 */
export function ReinvestmentCalculator() {
  const [share, setShare] = useState<SharePercent>(1);
  const { annualReinvestment, donorContribution, barPercent } = calculateReinvestment(share);
  const resultRef = useRef<HTMLDivElement>(null);
  const seen = useSeen(resultRef);
  const shown = useCountUp(annualReinvestment, seen);

  return (
    <LandingSection
      headingId="reinvestment-heading"
      tone="tint"
      eyebrow="10% of profits, reinvested"
      title="What could we give back?"
      lead={
        <p>
          We reinvest 10% of our profits in small charities. UK donations reached £15.4 billion in 2024:
          choose a share of that giving and see what it could mean, assuming an average tip of 10% and a 50%
          margin.
        </p>
      }
    >
      <div className="calculator">
        <fieldset className="calculator__shares">
          <legend className="calculator__legend">If Kindred carried this share of UK giving</legend>
          <div className="calculator__options">
            {SHARE_OPTIONS.map((option) => (
              <label key={option} className="calculator__option">
                <input
                  type="radio"
                  name="reinvestment-share"
                  value={option}
                  checked={share === option}
                  onChange={() => setShare(option)}
                />
                <span>{formatShare(option)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="calculator__result" ref={resultRef}>
          <p className="calculator__headline">
            <span
              className="calculator__figure"
              aria-hidden="true"
              data-final={formatPounds(annualReinvestment)}
            >
              {formatPounds(shown)}
            </span>
            <span className="calculator__caption">reinvested in small charities every year</span>
          </p>
          <p className="visually-hidden" aria-live="polite" data-testid="calculator-announcement">
            At {formatShare(share)} of UK giving: {formatPounds(annualReinvestment)} reinvested in small
            charities every year, and {formatPounds(donorContribution)} in additional donor contributions.
          </p>
          <div className="calculator__bar" aria-hidden="true">
            <span className="calculator__bar-fill" style={{ width: `${barPercent}%` }} />
          </div>
          <dl className="calculator__figures">
            <div>
              <dt>Annual reinvestment</dt>
              <dd data-testid="annual-reinvestment">{formatPounds(annualReinvestment)}</dd>
            </div>
            <div>
              <dt>Additional donor contribution</dt>
              <dd data-testid="donor-contribution">{formatPounds(donorContribution)}</dd>
            </div>
          </dl>
          <p className="calculator__uses">
            Reinvested through storytelling grants, an innovation fund, impact recognition and skills
            development for small charity teams.
          </p>
        </div>
      </div>
    </LandingSection>
  );
}
