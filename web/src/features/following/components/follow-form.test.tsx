/** @jest-environment jsdom */
import { ErrorCode } from '@shared/api/error-codes';
import { FollowMessage } from '@shared/following';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '@/lib/api';
import { followCharity } from '../api/following-api';
import { FollowForm } from './follow-form';
import { ThanksFollow } from './thanks-follow';

jest.mock('../api/following-api', () => ({
  followCharity: jest.fn(),
  useUpdatesOpen: jest.fn(() => true),
}));

afterEach(() => jest.clearAllMocks());

const form = (props: Partial<Parameters<typeof FollowForm>[0]> = {}) =>
  render(<FollowForm id="f" registrationNumber="1123456" charityName="Brambleford Larder" {...props} />);

const email = () => screen.getByLabelText('Email address') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Follow Brambleford Larder' });

describe('the follow form', () => {
  it('sends the address and the chosen frequency, then shows the neutral answer and focuses it', async () => {
    jest.mocked(followCharity).mockResolvedValue({ success: true, message: FollowMessage.CheckInbox });
    form({ autoFocus: true });
    expect(document.activeElement).toBe(email());
    fireEvent.change(email(), { target: { value: ' donor@example.org ' } });
    fireEvent.click(screen.getByLabelText('A weekly digest'));
    await act(async () => fireEvent.click(submit()));
    expect(followCharity).toHaveBeenCalledWith({
      registrationNumber: '1123456',
      email: 'donor@example.org',
      frequency: 'weekly',
    });
    const answer = screen.getByRole('status');
    expect(answer.textContent).toBe(FollowMessage.CheckInbox);
    expect(document.activeElement?.contains(answer)).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('puts an invalid address on its field and a rate limit above the button', async () => {
    jest
      .mocked(followCharity)
      .mockRejectedValueOnce(
        new ApiError({
          status: 400,
          code: ErrorCode.ValidationFailed,
          field: 'email',
          message: 'Please enter a valid email address',
        }),
      )
      .mockRejectedValueOnce(
        new ApiError({
          status: 429,
          code: ErrorCode.RateLimited,
          message: FollowMessage.TooMany,
          isRateLimit: true,
        }),
      );
    form();
    fireEvent.change(email(), { target: { value: 'nope' } });
    await act(async () => fireEvent.click(submit()));
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email().getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter a valid email address',
    );
    expect(document.activeElement).toBe(email());
    await act(async () => fireEvent.click(submit()));
    expect(screen.getByRole('alert').textContent).toBe(FollowMessage.TooMany);
    expect(email().getAttribute('aria-invalid')).toBeNull();
  });
});

describe("the thank-you page's offer", () => {
  it('is unticked; ticking it shows the form with the gift’s address', async () => {
    render(
      <ThanksFollow
        registrationNumber="1123456"
        charityName="Brambleford Larder"
        email="giver@example.org"
      />,
    );
    const box = screen.getByRole('checkbox', { name: "Follow Brambleford Larder's updates by email" });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('Email address')).toBeNull();
    fireEvent.click(box);
    expect(email().value).toBe('giver@example.org');
    expect((screen.getByLabelText('Each post') as HTMLInputElement).checked).toBe(true);
    expect(followCharity).not.toHaveBeenCalled();
  });
});
