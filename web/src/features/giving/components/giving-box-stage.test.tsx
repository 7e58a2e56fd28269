/** @jest-environment jsdom */
import '../testing/jsdom-router';

import { GivingMessage, giftAidDeclaration } from '@shared/giving';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createDonation } from '../api/create-donation';
import type { GivingCharity } from '../hooks/use-giving-form';
import { goToCheckout } from '../utils/go-to-checkout';
import GivingBox from './giving-box';

/**
 * The giving box with a stage's own settings: the card fee the charity's page answers (not the built-in one),
 * the £10,000.00 ceiling on the total charged, and anonymity winning over "may email me".
 */
jest.mock('@/components/ui/button.css', () => ({}));
jest.mock('@/components/form/form-field.css', () => ({}));
jest.mock('./giving.css', () => ({}));
jest.mock('../api/create-donation');
jest.mock('../utils/go-to-checkout');
const create = jest.mocked(createDonation);

/** A stage configured with 1.5% + 20p (`giving.cardFee`), as the public charity page answers it. */
const CHARITY: GivingCharity = {
  registration_number: '1123456',
  display_name: 'Brambleford Owl Rescue',
  registered_name: 'The Brambleford Owl Rescue Trust',
  giving: { open: true, gift_aid: true, card_fee: { basis_points: 150, fixed_pence: 20 } },
};

function renderBox(charity: GivingCharity = CHARITY) {
  return render(
    <MemoryRouter initialEntries={['/charities/1123456']}>
      <GivingBox charity={charity} />
    </MemoryRouter>,
  );
}

const radio = (name: string, group = 'Your donation') =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name }) as HTMLInputElement;
const box = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const breakdownRows = () =>
  [...screen.getByRole('region', { name: 'Your payment' }).querySelectorAll('dl > div')].map((row) =>
    [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent].join(' '),
  );
const donate = () => screen.getByRole('button', { name: /^Donate/ });

beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});

beforeEach(() => {
  sessionStorage.clear();
  create.mockReset();
  jest.mocked(goToCheckout).mockReset();
});

describe('the giving box on a stage with its own card fee', () => {
  it("shows, declares and sends the figures of the stage's fee, not the built-in one", async () => {
    create.mockResolvedValue({ donationId: 'don_1234567890', checkoutUrl: 'https://checkout.example/c/1' });
    renderBox();
    fireEvent.click(radio('£25'));
    // 1.5% of £25.58 is 38.37p → 38p, + 20p: £25.58 is the smallest donation that leaves £25.00.
    fireEvent.click(box('Add £0.58 so Brambleford Owl Rescue receives the full £25'));
    expect(breakdownRows()).toEqual([
      'Your donation £25.58',
      'Card fee (1.5% + 20p) −£0.58',
      'Brambleford Owl Rescue receives £25.00',
      'Tip to Kindred No tip',
      'Total charged £25.58',
    ]);
    expect(donate().textContent).toBe('Donate £25.58');
    // The declaration names the donation the server stores with the same fee.
    expect(box(giftAidDeclaration('The Brambleford Owl Rescue Trust', 2558))).toBeTruthy();
    expect(screen.queryByText(/£25\.56/)).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /Email for your receipt/ }), {
      target: { value: 'ada@example.org' },
    });
    fireEvent.click(box('I am 18 or over'));
    await act(async () => {
      fireEvent.click(donate());
    });
    // The browser sends choices only; the server charges 2558 with its fee (test/integration/giving.test.ts).
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ amount_pence: 2500, cover_fee: true, tip: { kind: 'none' } }),
    );
    expect(create.mock.calls[0]?.[0]).not.toHaveProperty('total_pence');
  });

  it('says the £10,000.00 ceiling beside "Other", and holds the total charged to it', async () => {
    renderBox({
      ...CHARITY,
      giving: { ...CHARITY.giving, card_fee: { basis_points: 140, fixed_pence: 20 } },
    });
    fireEvent.click(radio('Other'));
    const other = screen.getByRole('textbox', { name: 'Amount in pounds' });
    expect(screen.getByText(new RegExp(GivingMessage.CeilingRule.replace(/[.£]/g, '\\$&')))).toBeTruthy();
    fireEvent.change(other, { target: { value: '10000' } });
    fireEvent.blur(other);
    expect(screen.queryByText(/Your card would be charged/)).toBeNull();

    fireEvent.click(box(/^Add £142\.19/));
    const message =
      'Your card would be charged £10,142.19. The most we can take for one gift is £10,000.00 in total, including any card fee you cover and any tip, so please choose a smaller donation.';
    expect(screen.getByText(message)).toBeTruthy();
    expect(other.getAttribute('aria-invalid')).toBe('true');
    // Donate names no sum it will not take.
    expect(donate().textContent).toBe('Donate');

    fireEvent.change(screen.getByRole('textbox', { name: /Email for your receipt/ }), {
      target: { value: 'ada@example.org' },
    });
    fireEvent.click(box('I am 18 or over'));
    await act(async () => {
      fireEvent.click(donate());
    });
    // Nothing is sent while the charge would pass the ceiling; the amount is focused with its message.
    expect(create).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(other);

    // £9,859.80 covered is exactly £10,000.00 charged: allowed; a penny more is not.
    fireEvent.change(other, { target: { value: '9859.81' } });
    expect(screen.getByText(/Your card would be charged £10,000\.01\./)).toBeTruthy();
    fireEvent.change(other, { target: { value: '9859.80' } });
    expect(screen.queryByText(/Your card would be charged/)).toBeNull();
    expect(donate().textContent).toBe('Donate £10,000.00');
  });

  it('never lets "Give anonymously" and "may email me" be chosen together', async () => {
    create.mockResolvedValue({ donationId: 'don_1234567890', checkoutUrl: 'https://checkout.example/c/1' });
    renderBox();
    fireEvent.click(radio('£10'));
    fireEvent.click(box(/may email me about its work/));
    expect(box(/may email me about its work/).checked).toBe(true);

    fireEvent.click(box('Give anonymously'));
    // The choice is gone, with the reason; unticking anonymous brings it back unticked.
    expect(screen.queryByRole('checkbox', { name: /may email me/ })).toBeNull();
    expect(screen.getByText(/won't have your email address, so it can't email you/)).toBeTruthy();
    fireEvent.click(box('Give anonymously'));
    expect(box(/may email me about its work/).checked).toBe(false);

    fireEvent.click(box(/may email me about its work/));
    fireEvent.click(box('Give anonymously'));
    fireEvent.change(screen.getByRole('textbox', { name: /Email for your receipt/ }), {
      target: { value: 'ada@example.org' },
    });
    fireEvent.click(box('I am 18 or over'));
    await act(async () => {
      fireEvent.click(donate());
    });
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ anonymous: true, may_email: false }));
  });
});
