/** @jest-environment jsdom */
import { ErrorCode } from '@shared/api/error-codes';
import { PayoutMessage } from '@shared/payout';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api';
import { clearScope, useRouteQuery } from '@/lib/query';
import { turnOffTwoStep } from '../api/settings-api';
import { TwoStepCard } from './two-step-card';

/**
 * The two-step card on the web data layer: the status is read through the real query cache; the settings
 * API module is faked (its reads answer from `mockStatus`, its changes are jest mocks).
 */
const mockStatus = jest.fn<Promise<{ success: true; enabled: boolean }>, []>();
jest.mock('../api/settings-api', () => ({
  useTwoStepStatusQuery: () => useRouteQuery('test', 'get-two-step-status', {}, () => mockStatus()),
  startTwoStepSetup: jest.fn(),
  turnOnTwoStep: jest.fn(),
  turnOffTwoStep: jest.fn(),
  sendPayoutCode: jest.fn(async () => ({ success: true, message: 'We have sent a 6-digit code.' })),
}));
jest.mock('@/features/charity-auth', () => ({ signOutCharity: jest.fn() }));
jest.mock('react-router', () => ({ useNavigate: () => jest.fn() }));
// Styles are no module to jest.

const turnOff = turnOffTwoStep as jest.MockedFunction<typeof turnOffTwoStep>;

afterEach(() => {
  clearScope('test');
  jest.clearAllMocks();
});

describe('the two-step sign-in card', () => {
  it('checks the status, then offers to turn it on', async () => {
    mockStatus.mockResolvedValue({ success: true, enabled: false });
    render(<TwoStepCard />);
    expect(screen.getByRole('status').textContent).toContain('Checking two-step sign-in...');
    await screen.findByRole('button', { name: 'Turn On Two-Step Sign-In' });
    expect(screen.getByText('Off')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows why the status could not be read, and no loading', async () => {
    mockStatus.mockRejectedValue(new ApiError({ status: 500, code: 'INTERNAL' as never, message: 'boom' }));
    render(<TwoStepCard />);
    await screen.findByText('Two-step sign-in could not be changed. Please try again or contact support.');
    expect(screen.queryByText('Checking two-step sign-in...')).toBeNull();
  });

  it('turning it off shows Off and the answer, without reading the status again', async () => {
    mockStatus.mockResolvedValue({ success: true, enabled: true });
    turnOff.mockResolvedValue({ success: true, message: 'Two-step sign-in is off.' } as never);
    render(<TwoStepCard />);
    await screen.findByText('On');
    fireEvent.change(screen.getByLabelText(/Current Password/), { target: { value: 'a long password' } });
    fireEvent.change(screen.getByLabelText(/Code from your authenticator app/), {
      target: { value: '123456' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn Off Two-Step Sign-In' })));
    expect(turnOff).toHaveBeenCalledWith({ password: 'a long password', code: '123456' });
    await screen.findByText('Two-step sign-in is off.');
    expect(screen.getByText('Off')).toBeTruthy();
    expect(mockStatus).toHaveBeenCalledTimes(1);
  });

  it('with a payout account, asks for the register-email code and sends it with the rest', async () => {
    mockStatus.mockResolvedValue({ success: true, enabled: true });
    turnOff.mockRejectedValueOnce(
      new ApiError({
        status: 403,
        code: ErrorCode.RegisterCodeRequired,
        message: PayoutMessage.CodeRequired,
        field: 'registerCode',
      }),
    );
    turnOff.mockResolvedValueOnce({ success: true, message: 'Two-step sign-in is off.' } as never);
    render(<TwoStepCard />);
    await screen.findByText('On');
    fireEvent.change(screen.getByLabelText(/Current Password/), { target: { value: 'a long password' } });
    fireEvent.change(screen.getByLabelText(/Code from your authenticator app/), {
      target: { value: '123456' },
    });
    const submit = () =>
      act(async () => fireEvent.click(screen.getByRole('button', { name: 'Turn Off Two-Step Sign-In' })));
    await submit();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(PayoutMessage.CodeRequired);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Code' })));
    await screen.findByText('We have sent a 6-digit code.');
    fireEvent.change(screen.getByLabelText("Code from your charity's email"), {
      target: { value: '654321' },
    });
    await submit();
    expect(turnOff).toHaveBeenLastCalledWith({
      password: 'a long password',
      code: '123456',
      registerCode: '654321',
    });
    await screen.findByText('Two-step sign-in is off.');
  });
});
