/** @jest-environment jsdom */
import { ErrorCode } from '@shared/api/error-codes';
import type { CheckNotMeLinkResponse } from '@shared/api/schemas/charity-account';
import { NotMeMessage } from '@shared/verification';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api';
import { clearScope, useRouteQuery } from '@/lib/query';
import { removeRegistration, useNotMeLink } from '../api/not-me-api';
import { NotMePage, NotMeText } from './not-me-page';

// The page's calls, faked: the check goes through the real query layer with a fake loader.
jest.mock('../api/not-me-api', () => ({ useNotMeLink: jest.fn(), removeRegistration: jest.fn() }));

const CHARITY: CheckNotMeLinkResponse = {
  success: true,
  charity_name: 'Brambleford Community Larder',
  registration_number: '1123456',
};

let check: jest.Mock<Promise<CheckNotMeLinkResponse>, []>;

beforeEach(() => {
  check = jest.fn();
  jest
    .mocked(useNotMeLink)
    .mockImplementation((token) =>
      useRouteQuery('test', 'check-not-me-link', { token: token ?? '' }, check, { enabled: token !== null }),
    );
});
afterEach(() => {
  clearScope('test');
  window.history.replaceState(null, '', '/');
});

function openLink(hash: string) {
  window.history.replaceState(null, '', `/charity/not-me${hash}`);
  return render(
    <MemoryRouter>
      <NotMePage />
    </MemoryRouter>,
  );
}

const heading = () => screen.getByRole('heading', { level: 1 });

describe('the not-me page', () => {
  it('checks the link, names the charity, and removes the registration on confirmation', async () => {
    let answer!: (charity: CheckNotMeLinkResponse) => void;
    check.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    jest.mocked(removeRegistration).mockResolvedValue({ ...CHARITY, message: 'The registration is gone.' });
    openLink('#token=abc');
    expect(screen.getByRole('status').textContent).toBe('Checking your link...');
    // The token leaves the address bar at once.
    expect(window.location.hash).toBe('');
    await act(async () => answer(CHARITY));
    expect(screen.getByText('Brambleford Community Larder')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: NotMeText.Confirm })));
    expect(removeRegistration).toHaveBeenCalledWith('abc');
    expect(heading().textContent).toBe(NotMeText.DoneHeading);
    expect(document.activeElement).toBe(heading());
    expect(screen.getByRole('status').textContent).toBe('The registration is gone.');
  });

  it('without a token says the link cannot be used, and asks nothing', () => {
    openLink('');
    expect(heading().textContent).toBe('This link cannot be used');
    expect(screen.getByText(NotMeMessage.InvalidLink)).toBeTruthy();
    expect(check).not.toHaveBeenCalled();
  });

  it('a refused link shows the API’s words; a failure on our side, the page’s own', async () => {
    check.mockRejectedValueOnce(
      new ApiError({ status: 400, code: ErrorCode.ValidationFailed, message: 'Used.' }),
    );
    const first = openLink('#token=used');
    expect(await screen.findByText('Used.')).toBeTruthy();
    first.unmount();
    check.mockRejectedValueOnce(new ApiError({ status: 500, code: ErrorCode.Internal, message: 'boom' }));
    openLink('#token=other');
    expect(await screen.findByText(NotMeText.CheckFailed)).toBeTruthy();
  });

  it('a failed removal says so and keeps the page', async () => {
    check.mockResolvedValue(CHARITY);
    jest.mocked(removeRegistration).mockRejectedValue(new Error('offline'));
    openLink('#token=abc');
    await act(async () => {});
    await act(async () => fireEvent.click(screen.getByRole('button', { name: NotMeText.Confirm })));
    expect(screen.getByRole('alert').textContent).toBe(NotMeText.RemoveFailed);
    expect(heading().textContent).toBe(NotMeText.Heading);
  });

  it('on a held payout change, says what it undoes, then cancels it and locks the account', async () => {
    check.mockResolvedValue({ ...CHARITY, purpose: 'payout-change' });
    jest
      .mocked(removeRegistration)
      .mockResolvedValue({ ...CHARITY, message: 'Done. The change has been cancelled.' });
    openLink('#token=xyz');
    await screen.findByText('Brambleford Community Larder');
    expect(heading().textContent).toBe(NotMeText.PayoutHeading);
    expect(screen.queryByRole('button', { name: NotMeText.Confirm })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: NotMeText.PayoutConfirm })));
    expect(removeRegistration).toHaveBeenCalledWith('xyz');
    expect(heading().textContent).toBe(NotMeText.PayoutDoneHeading);
    expect(screen.getByText('Done. The change has been cancelled.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register Your Charity' })).toBeNull();
  });
});
