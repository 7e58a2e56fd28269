/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { CookiePolicyPage } from './cookie-policy';
import { PrivacyPolicyPage } from './privacy-policy';

/** What the policies say of giving (issue 33): what is stored, why, for how long, and by whom. */
const textOf = (page: ReactElement) => {
  render(<MemoryRouter>{page}</MemoryRouter>);
  return document.body.textContent?.replace(/\s+/g, ' ') ?? '';
};

describe('the privacy and cookie policies on giving', () => {
  it('the privacy policy says what giving stores, why, for how long and who processes it', () => {
    const text = textOf(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { name: '4. Donations and Gift Aid' })).toBeTruthy();
    expect(text).toContain('your name, house name or number and postcode');
    expect(text).toContain('we never see or store them');
    expect(text).toContain('let the charity claim Gift Aid from HMRC');
    expect(text).toContain('make a refund');
    expect(text).toContain('answer a dispute');
    expect(text).toContain('six years after the end of the tax year they fall in');
    expect(text).toContain('even if the charity closes its Kindred account');
    expect(text).toContain('no way to sign in');
    expect(text).toContain(
      'never paid (you left the checkout, or the card was declined) is deleted, with your details, after 90 days',
    );
    expect(text).toContain('Stripe, our card payment provider');
  });

  it('the cookie policy says giving adds no cookies to our pages, and Stripe’s are on its own site', () => {
    const text = textOf(<CookiePolicyPage />);
    expect(text).toContain('Giving adds no cookies to Kindred’s pages');
    expect(text).toContain('Stripe Checkout, which is Stripe’s own site');
  });
});
