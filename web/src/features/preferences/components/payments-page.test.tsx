/** @jest-environment jsdom */
import { ErrorCode } from '@shared/api/error-codes';
import type { RouteId } from '@shared/api/routes';
import type { AccountPreferencesResponse } from '@shared/api/schemas/preferences';
import { PayoutMessage } from '@shared/payout';
import { PreferenceFailure, PreferenceMessage } from '@shared/preferences';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api';
import { clearScope } from '@/lib/query';
import { preferencesFixture } from '../testing/preferences-fixture';
import { PaymentsPage } from './payments-page';

/**
 * The payments page through the preferences API module and the real query layer; the charity API client is
 * faked (`mockCharityApi` answers each route and records the calls).
 */
const mockCharityApi = jest.fn<Promise<unknown>, [RouteId, unknown]>();
jest.mock('@/features/charity-auth', () => {
  const { useMutation, useRouteQuery } = jest.requireActual('@/lib/query');
  return {
    useCharitySession: () => ({ session: { status: 'signed-in' }, signOut: jest.fn() }),
    callCharityApi: (id: RouteId, input: unknown) => mockCharityApi(id, input),
    useCharityQuery: (id: RouteId, input: unknown, options: object) =>
      useRouteQuery('test', id, input, () => mockCharityApi(id, input), options),
    useCharityMutation: (id: RouteId, options: object) =>
      useMutation((input: unknown) => mockCharityApi(id, input), options),
  };
});

type Payments = AccountPreferencesResponse['payments'];

const prefsWith = preferencesFixture;

/** Serves the preferences; the HMRC route answers with `save` (default: the reference as the server stores it). */
function serve(
  payments: Partial<Payments> = {},
  save: (input: { hmrc_reference: string | null }) => Promise<unknown> = async ({ hmrc_reference }) => ({
    success: true,
    hmrc_reference,
  }),
) {
  mockCharityApi.mockImplementation(async (id, input) => {
    if (id === 'get-account-preferences') return prefsWith(payments);
    if (id === 'save-hmrc-reference') return save(input as { hmrc_reference: string | null });
    throw new Error(`unexpected call ${id}`);
  });
}

const saves = () => mockCharityApi.mock.calls.filter(([id]) => id === 'save-hmrc-reference');

afterEach(() => {
  clearScope('test');
  mockCharityApi.mockReset();
});

async function renderPage() {
  render(
    <MemoryRouter initialEntries={['/charity/preferences/payments']}>
      <PaymentsPage />
    </MemoryRouter>,
  );
  const input = (await screen.findByLabelText('HMRC charity reference')) as HTMLInputElement;
  const card = screen.getByRole('region', { name: 'Gift Aid' });
  return { input, card };
}

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('the payments page: HMRC charity reference', () => {
  it('explains Gift Aid and says it is not offered while no reference is set (nothing to remove)', async () => {
    serve();
    const { input, card } = await renderPage();
    expect(card.textContent).toContain(
      'Once your HMRC charity reference is set, donors are offered Gift Aid',
    );
    expect(card.textContent).toContain('your charity then claims it from HMRC');
    expect(within(card).getByText('Gift Aid not offered')).toBeTruthy();
    expect(input.value).toBe('');
    expect(input.getAttribute('aria-describedby')).toBe('hmrc-reference-hint');
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('refuses a reference of the wrong shape by the field, without calling the API', async () => {
    serve();
    const { input } = await renderPage();
    fireEvent.change(input, { target: { value: 'ABC-123' } });
    await click('Save Reference');
    expect(screen.getByText(PreferenceMessage.HmrcReferenceFormat)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('hmrc-reference-error');
    expect(document.activeElement).toBe(input);
    expect(saves()).toHaveLength(0);
    // Typing again clears the problem.
    fireEvent.change(input, { target: { value: 'AB' } });
    expect(screen.queryByText(PreferenceMessage.HmrcReferenceFormat)).toBeNull();
  });

  it('asks for a reference when Save is chosen with none typed and none stored', async () => {
    serve();
    const { input } = await renderPage();
    await click('Save Reference');
    expect(screen.getByText(PreferenceMessage.HmrcReferenceRequired)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toHaveLength(0);
  });

  it('saves it as stored (no spaces, capitals): the success line, the status and Remove', async () => {
    serve();
    const { input, card } = await renderPage();
    fireEvent.change(input, { target: { value: ' ab 123 45 ' } });
    await click('Save Reference');
    expect(saves()).toEqual([['save-hmrc-reference', { hmrc_reference: 'AB12345' }]]);
    expect(screen.getByText(PreferenceMessage.HmrcReferenceSaved)).toBeTruthy();
    expect(input.value).toBe('AB12345');
    expect(within(card).getByText('Gift Aid offered')).toBeTruthy();
    expect(within(card).getByText('AB12345', { selector: 'code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('shows the server’s refusal of the field by the field, not as a page alert', async () => {
    serve({}, async () => {
      throw new ApiError({
        status: 400,
        code: ErrorCode.ValidationFailed,
        field: 'hmrc_reference',
        message: PreferenceMessage.HmrcReferenceFormat,
      });
    });
    const { input } = await renderPage();
    fireEvent.change(input, { target: { value: 'AB12345' } });
    await click('Save Reference');
    expect(
      screen.getByText(PreferenceMessage.HmrcReferenceFormat).closest('.form-field__error'),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(PreferenceMessage.HmrcReferenceSaved)).toBeNull();
  });

  it('says any other failure below the form, in the page’s words', async () => {
    serve({}, async () => {
      throw new ApiError({ status: 500, code: ErrorCode.Internal, message: 'Something went wrong' });
    });
    const { input, card } = await renderPage();
    fireEvent.change(input, { target: { value: 'AB12345' } });
    await click('Save Reference');
    expect(within(card).getByRole('alert').textContent).toBe(
      PreferenceFailure.HmrcReference('Something went wrong'),
    );
    expect(within(card).getByText('Gift Aid not offered')).toBeTruthy();
  });

  it('removes a stored reference: saved as null, the field emptied, Gift Aid no longer offered', async () => {
    serve({ hmrc_reference: 'X1234' });
    const { input, card } = await renderPage();
    expect(input.value).toBe('X1234');
    expect(within(card).getByText('Gift Aid offered')).toBeTruthy();
    await click('Remove');
    expect(saves()).toEqual([['save-hmrc-reference', { hmrc_reference: null }]]);
    expect(screen.getByText(PreferenceMessage.HmrcReferenceRemoved)).toBeTruthy();
    expect(input.value).toBe('');
    expect(within(card).getByText('Gift Aid not offered')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('emptying the field and saving removes the stored reference too', async () => {
    serve({ hmrc_reference: 'X1234' });
    const { input } = await renderPage();
    fireEvent.change(input, { target: { value: '  ' } });
    await click('Save Reference');
    expect(saves()).toEqual([['save-hmrc-reference', { hmrc_reference: null }]]);
    expect(screen.getByText(PreferenceMessage.HmrcReferenceRemoved)).toBeTruthy();
  });
});

describe('the payments page: whether the account can take donations', () => {
  it('says a connected account is taking donations', async () => {
    serve({ stripe_account_id: 'acct_1Ready', charges_enabled: true });
    await renderPage();
    const card = screen.getByRole('region', { name: 'Your payment account' });
    expect(within(card).getByText('Connected')).toBeTruthy();
    expect(within(card).getByText('Taking donations')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Update Details with Stripe' })).toBeTruthy();
  });

  it('says when Stripe has not turned donations on for a connected account, and what to do', async () => {
    serve({ stripe_account_id: 'acct_1Held', charges_enabled: false });
    await renderPage();
    const card = screen.getByRole('region', { name: 'Your payment account' });
    expect(within(card).getByText('Not taking donations yet')).toBeTruthy();
    expect(card.textContent).toContain('Stripe has not turned on donations for this account yet.');
  });

  it('without an account: not connected, and Connect with Stripe', async () => {
    serve();
    await renderPage();
    const card = screen.getByRole('region', { name: 'Your payment account' });
    expect(within(card).getByText('Not connected')).toBeTruthy();
    expect(within(card).queryByText('Taking donations')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Connect with Stripe' })).toBeTruthy();
  });

  it('shows a change of payout account on hold: which account takes over, and when', async () => {
    serve({
      stripe_account_id: 'acct_1Current',
      charges_enabled: true,
      pending_change: {
        stripe_account_id: 'acct_1Next',
        requested_at: '2026-11-28T10:00:00.000Z',
        effective_at: '2026-12-01T10:00:00.000Z',
      },
    });
    await renderPage();
    const card = screen.getByRole('region', { name: 'Your payment account' });
    expect(card.textContent).toContain('Payout account change on hold.');
    expect(card.textContent).toContain('acct_1Next takes over on 1 December 2026');
    expect(card.textContent).toContain('donations keep going to acct_1Current');
  });

  it('asks for the register-email code when the server wants it, sends it, and opens Stripe with it', async () => {
    const assign = jest.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, assign }, writable: true });
    const starts: unknown[] = [];
    mockCharityApi.mockImplementation(async (id, input) => {
      if (id === 'get-account-preferences') return prefsWith();
      if (id === 'send-payout-code') return { success: true, message: PayoutMessage.CodeSent };
      if (id === 'start-payment-onboarding') {
        starts.push(input);
        const code = (input as { registerCode?: string }).registerCode;
        if (!code)
          throw new ApiError({
            status: 403,
            code: ErrorCode.RegisterCodeRequired,
            message: PayoutMessage.CodeRequired,
            field: 'registerCode',
          });
        if (code !== '123456')
          throw new ApiError({
            status: 400,
            code: ErrorCode.CodeInvalid,
            message: PayoutMessage.CodeWrong,
            field: 'registerCode',
          });
        return { success: true, url: 'https://connect.stripe.example/setup' };
      }
      throw new Error(`unexpected call ${id}`);
    });
    await renderPage();
    await click('Connect with Stripe');
    const field = (await screen.findByLabelText("Code from your charity's email")) as HTMLInputElement;
    await click('Send Code');
    expect(await screen.findByText(PayoutMessage.CodeSent)).toBeTruthy();
    fireEvent.change(field, { target: { value: '000000' } });
    await click('Continue to Stripe');
    expect(await screen.findByText(PayoutMessage.CodeWrong)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '123456' } });
    await click('Continue to Stripe');
    expect(starts).toEqual([{}, { registerCode: '000000' }, { registerCode: '123456' }]);
    expect(assign).toHaveBeenCalledWith('https://connect.stripe.example/setup');
  });
});
