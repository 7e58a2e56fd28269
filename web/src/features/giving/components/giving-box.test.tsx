/** @jest-environment jsdom */
import '../testing/jsdom-router';

import { ErrorCode } from '@shared/api/error-body';
import { GIFT_AID_EXPLANATION, GivingMessage, giftAidDeclaration } from '@shared/giving';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api';
import { createDonation } from '../api/create-donation';
import type { GivingCharity } from '../hooks/use-giving-form';
import { DEFAULT_CHOICES } from '../utils/giving-form';
import { goToCheckout } from '../utils/go-to-checkout';
import GivingBox from './giving-box';

// Jest runs no CSS: the stylesheets the components import are empty here.
jest.mock('@/components/ui/button.css', () => ({}));
jest.mock('@/components/form/form-field.css', () => ({}));
jest.mock('./giving.css', () => ({}));
jest.mock('../api/create-donation');
jest.mock('../utils/go-to-checkout');
const create = jest.mocked(createDonation);
const leave = jest.mocked(goToCheckout);

const CHARITY: GivingCharity = {
  registration_number: '1123456',
  display_name: 'Brambleford Owl Rescue',
  registered_name: 'The Brambleford Owl Rescue Trust',
  giving: { open: true, gift_aid: true, card_fee: { basis_points: 140, fixed_pence: 20 } },
};
const KEY = 'kindred:giving:1123456';

function renderBox(charity: GivingCharity = CHARITY, at = '/charities/1123456') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <GivingBox charity={charity} />
    </MemoryRouter>,
  );
}

const radio = (name: string, group = 'Your donation') =>
  within(screen.getByRole('group', { name: group })).getByRole('radio', { name }) as HTMLInputElement;
const tipRadio = (name: string) => radio(name, 'A tip for Kindred (optional)');
const box = (name: string | RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
/** The breakdown's rows as "label figure" lines. */
const breakdownRows = () =>
  [...screen.getByRole('region', { name: 'Your payment' }).querySelectorAll('dl > div')].map((row) =>
    [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent].join(' '),
  );
const donate = () => screen.getByRole('button', { name: /^Donate/ });

beforeAll(() => {
  // jsdom lays nothing out, so it has no scrolling.
  Element.prototype.scrollIntoView = () => {};
});

beforeEach(() => {
  sessionStorage.clear();
  create.mockReset();
  leave.mockReset();
});

describe('the giving box', () => {
  it('chooses no amount and no tip for the donor: "No tip" is selected, as prominent as the others', () => {
    renderBox();
    expect(tipRadio('No tip').checked).toBe(true);
    for (const name of [/^5%/, /^10%/, 'Other']) {
      const tips = screen.getByRole('group', { name: 'A tip for Kindred (optional)' });
      expect((within(tips).getByRole('radio', { name }) as HTMLInputElement).checked).toBe(false);
    }
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
    expect(screen.getByText(/none of your donation does/)).toBeTruthy();
    for (const option of [
      'Add the card fee',
      'Give anonymously',
      'may email me about its work',
      'I am 18 or over',
    ])
      expect(box(new RegExp(option)).checked).toBe(false);
    expect(screen.getByText(/Choose your donation to see what Brambleford Owl Rescue receives/)).toBeTruthy();
  });

  it('breaks down £25 with no tip, with a 10% tip, and with the card fee covered', () => {
    renderBox();
    fireEvent.click(radio('£25'));
    expect(breakdownRows()).toEqual([
      'Your donation £25.00',
      'Card fee (1.4% + 20p) −£0.55',
      'Brambleford Owl Rescue receives £24.45',
      'Tip to Kindred No tip',
      'Total charged £25.00',
    ]);
    expect(donate().textContent).toBe('Donate £25.00');

    fireEvent.click(tipRadio('10% £2.50'));
    expect(breakdownRows()).toEqual([
      'Your donation £25.00',
      'Card fee (1.4% + 20p) −£0.55',
      'Brambleford Owl Rescue receives £24.45',
      'Tip to Kindred £2.50',
      'Total charged £27.50',
    ]);

    fireEvent.click(tipRadio('No tip'));
    fireEvent.click(box('Add £0.56 so Brambleford Owl Rescue receives the full £25'));
    expect(breakdownRows()).toEqual([
      'Your donation £25.56',
      'Card fee (1.4% + 20p) −£0.56',
      'Brambleford Owl Rescue receives £25.00',
      'Tip to Kindred No tip',
      'Total charged £25.56',
    ]);
    expect(screen.getByRole('link', { name: 'Fees and charges' }).getAttribute('href')).toBe('/fees');
  });

  it("shows Gift Aid only when the charity can claim it, with HMRC's wording naming the registered name and amount", () => {
    const { unmount } = renderBox({ ...CHARITY, giving: { ...CHARITY.giving, gift_aid: false } });
    expect(screen.queryByRole('group', { name: 'Gift Aid' })).toBeNull();
    expect(screen.queryByText(GIFT_AID_EXPLANATION)).toBeNull();
    unmount();

    renderBox();
    const giftAid = screen.getByRole('group', { name: 'Gift Aid' });
    expect(within(giftAid).getByText(GIFT_AID_EXPLANATION)).toBeTruthy();
    fireEvent.click(radio('£50'));
    fireEvent.click(box(giftAidDeclaration('The Brambleford Owl Rescue Trust', 5000)));
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toBeTruthy();
    // Covering the fee: the declaration names the donation as given (never the tip).
    fireEvent.click(tipRadio('10% £5.00'));
    fireEvent.click(box(/^Add £0\.91/));
    expect(box(giftAidDeclaration('The Brambleford Owl Rescue Trust', 5091)).checked).toBe(true);
    // Outside the UK: the address in full instead of a postcode.
    fireEvent.click(box('I live outside the UK'));
    expect(screen.queryByRole('textbox', { name: 'Postcode' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Your address in full' })).toBeTruthy();
    // Anonymous donors are told what Gift Aid shares.
    fireEvent.click(box('Give anonymously'));
    expect(screen.getByText(/Gift Aid shares your name and home address with the charity/)).toBeTruthy();
  });

  it('says what is missing beside each field, and focuses the first', async () => {
    renderBox();
    await act(async () => fireEvent.click(donate()));
    expect(screen.getByText('Please check your donation, email and that you are 18 or over.')).toBeTruthy();
    const amounts = screen.getByRole('group', { name: 'Your donation' });
    expect(amounts.getAttribute('aria-describedby')).toBe('give-amount-error');
    expect(document.getElementById('give-amount-error')?.textContent).toBe(GivingMessage.AmountRange);
    expect(document.activeElement).toBe(radio('£10'));
    const email = screen.getByRole('textbox', { name: 'Email for your receipt' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('give-email-error')?.textContent).toBe(GivingMessage.Email);
    expect(box('I am 18 or over').getAttribute('aria-describedby')).toBe('give-adult-error');
    expect(document.getElementById('give-adult-error')?.textContent).toBe(GivingMessage.Adult);

    // An "Other" amount below £2 is refused with the range; Gift Aid asks for its details.
    fireEvent.click(radio('Other'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount in pounds' }), {
      target: { value: '1.50' },
    });
    expect(screen.queryByText(/I want to Gift Aid/)).toBeNull(); // no valid amount: no declaration to tick
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount in pounds' }), {
      target: { value: '12.5' },
    });
    fireEvent.click(box(giftAidDeclaration('The Brambleford Owl Rescue Trust', 1250)));
    fireEvent.change(screen.getByRole('textbox', { name: 'Postcode' }), {
      target: { value: 'not a postcode' },
    });
    await act(async () => fireEvent.click(donate()));
    expect(document.getElementById('give-first-name-error')?.textContent).toBe(GivingMessage.FirstName);
    expect(document.getElementById('give-postcode-error')?.textContent).toBe(GivingMessage.Postcode);
    expect(document.getElementById('give-own-money-error')?.textContent).toBe(GivingMessage.OwnMoney);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First name' }));
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses an "Other" amount outside £2.00 to £10,000.00 once the field is left', () => {
    renderBox();
    fireEvent.click(radio('Other'));
    const other = screen.getByRole('textbox', { name: 'Amount in pounds' });
    fireEvent.change(other, { target: { value: '1.99' } });
    fireEvent.blur(other);
    expect(screen.getByText(GivingMessage.AmountRange)).toBeTruthy();
    fireEvent.change(other, { target: { value: '10000.00' } });
    expect(screen.queryByText(GivingMessage.AmountRange)).toBeNull();
    expect(breakdownRows()[0]).toBe('Your donation £10,000.00');
  });

  it('sends the choices (never a fee or total), keeps them, and goes to Checkout', async () => {
    create.mockResolvedValue({ donationId: 'don_1234567890', checkoutUrl: 'https://checkout.example/c/1' });
    renderBox();
    fireEvent.click(radio('£25'));
    fireEvent.click(tipRadio('5% £1.25'));
    fireEvent.click(box(giftAidDeclaration('The Brambleford Owl Rescue Trust', 2500)));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title (optional)' }), { target: { value: 'Ms' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: ' Ada ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'House name or number' }), {
      target: { value: '12' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Postcode' }), { target: { value: 'sw1a1aa' } });
    fireEvent.click(box(/This is my own money/));
    fireEvent.change(screen.getByRole('textbox', { name: /A message to/ }), {
      target: { value: 'For the owls' },
    });
    fireEvent.click(box('Brambleford Owl Rescue may email me about its work'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Email for your receipt' }), {
      target: { value: 'ada@example.org' },
    });
    fireEvent.click(box('I am 18 or over'));
    await act(async () => fireEvent.click(donate()));
    expect(create).toHaveBeenCalledWith({
      registration_number: '1123456',
      amount_pence: 2500,
      tip: { kind: 'percent', percent: 5 },
      cover_fee: false,
      anonymous: false,
      message: 'For the owls',
      may_email: true,
      email: 'ada@example.org',
      adult: true,
      gift_aid: {
        wording_version: 'hmrc-single-v1',
        title: 'Ms',
        first_name: 'Ada',
        last_name: 'Lovelace',
        house: '12',
        postcode: 'SW1A 1AA',
        outside_uk_address: null,
        own_money: true,
      },
    });
    expect(leave).toHaveBeenCalledWith('https://checkout.example/c/1');
    expect(screen.getByRole('button', { name: /Opening secure payment/ })).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(KEY) ?? '{}')).toMatchObject({ amount: '2500', tip: '5' });
  });

  it('puts back every choice kept in the tab, and says so after a Cancel from Checkout', () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({
        ...DEFAULT_CHOICES,
        amount: 'other',
        otherAmount: '42.50',
        tip: '10',
        coverFee: true,
        anonymous: true,
        message: 'Keep going',
        email: 'sam@example.org',
        adult: true,
      }),
    );
    renderBox(CHARITY, '/charities/1123456?giving=cancelled');
    expect(screen.getByText(/You left the payment page, so nothing was taken/)).toBeTruthy();
    expect(radio('Other').checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Amount in pounds' }) as HTMLInputElement).value).toBe(
      '42.50',
    );
    expect(tipRadio('10% £4.25').checked).toBe(true);
    expect(box(/^Add £0\.81 so/).checked).toBe(true);
    expect(box('Give anonymously').checked).toBe(true);
    expect((screen.getByRole('textbox', { name: /A message to/ }) as HTMLInputElement).value).toBe(
      'Keep going',
    );
    expect((screen.getByRole('textbox', { name: 'Email for your receipt' }) as HTMLInputElement).value).toBe(
      'sam@example.org',
    );
    expect(box('I am 18 or over').checked).toBe(true);
    // Anonymous: the charity gets no email, so it may not email the donor.
    expect(screen.queryByRole('checkbox', { name: /may email me/ })).toBeNull();
  });

  it("shows the server's message next to the field it names, and other failures beside Donate", async () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ ...DEFAULT_CHOICES, amount: '1000', email: 'sam@example.org', adult: true }),
    );
    create.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        code: ErrorCode.ValidationFailed,
        field: 'email',
        message: 'Please enter a valid email address',
      }),
    );
    renderBox();
    await act(async () => fireEvent.click(donate()));
    expect(document.getElementById('give-email-error')?.textContent).toBe(
      'Please enter a valid email address',
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email for your receipt' }));

    create.mockRejectedValueOnce(
      new ApiError({ status: 409, code: ErrorCode.Conflict, message: GivingMessage.NotTakingDonations }),
    );
    await act(async () => fireEvent.click(donate()));
    expect(screen.getByRole('alert').textContent).toBe(GivingMessage.NotTakingDonations);
    expect(leave).not.toHaveBeenCalled();
  });
});
