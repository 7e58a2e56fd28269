/** @jest-environment jsdom */
import { ErrorCode } from '@shared/api/error-codes';
import type { ListFollowsResponse } from '@shared/api/schemas/following';
import { FollowMessage, withCharity } from '@shared/following';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api';
import { clearScope, useMutation, useRouteQuery } from '@/lib/query';
import { confirmFollow, unsubscribeFollow, useFollowsList, useUpdateFollow } from '../api/following-api';
import { ConfirmFollowPage } from './confirm-page';
import { ManageFollowsPage } from './manage-page';
import { UnsubscribePage } from './unsubscribe-page';

jest.mock('../api/following-api', () => ({
  confirmFollow: jest.fn(),
  unsubscribeFollow: jest.fn(),
  useFollowsList: jest.fn(),
  useUpdateFollow: jest.fn(),
}));

const TOKEN = 'a'.repeat(43);
const CHARITY = { charity_name: 'Brambleford Larder', registration_number: '1123456' };
let list: jest.Mock<Promise<ListFollowsResponse>, []>;
let update: jest.Mock;

beforeEach(() => {
  list = jest.fn();
  update = jest.fn();
  jest
    .mocked(useFollowsList)
    .mockImplementation((token) =>
      useRouteQuery('test', 'list-follows', { token: token ?? '' }, list, { enabled: token !== null }),
    );
  jest
    .mocked(useUpdateFollow)
    .mockImplementation(() => useMutation(update as never, { invalidates: ['list-follows'] }));
});
afterEach(() => {
  clearScope('test');
  jest.clearAllMocks();
  window.history.replaceState(null, '', '/');
});

function open(path: string, page: ReactNode) {
  window.history.replaceState(null, '', path);
  return render(<MemoryRouter>{page}</MemoryRouter>);
}
const heading = () => screen.getByRole('heading', { level: 1 });

describe('the confirm page', () => {
  it('confirms on opening, once, names the charity and takes the token off the address bar', async () => {
    jest.mocked(confirmFollow).mockResolvedValue({ success: true, ...CHARITY, frequency: 'weekly' });
    await act(async () => {
      open(`/following/confirm#token=${TOKEN}`, <ConfirmFollowPage />);
    });
    expect(window.location.hash).toBe('');
    expect(confirmFollow).toHaveBeenCalledTimes(1);
    expect(confirmFollow).toHaveBeenCalledWith(TOKEN);
    expect(heading().textContent).toBe('Follow confirmed');
    expect(document.activeElement).toBe(heading());
    expect(screen.getByRole('status').textContent).toBe(
      withCharity(FollowMessage.Confirmed, CHARITY.charity_name),
    );
  });

  it('a used link says so in the API’s words; no token asks nothing', async () => {
    jest
      .mocked(confirmFollow)
      .mockRejectedValue(
        new ApiError({ status: 409, code: ErrorCode.FollowLinkUsed, message: FollowMessage.LinkUsed }),
      );
    const first = open(`/following/confirm#token=${TOKEN}`, <ConfirmFollowPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(FollowMessage.LinkUsed);
    expect(heading().textContent).toBe('This link cannot be used');
    first.unmount();
    jest.mocked(confirmFollow).mockClear();
    open('/following/confirm', <ConfirmFollowPage />);
    expect(screen.getByText(FollowMessage.LinkInvalid)).toBeTruthy();
    expect(confirmFollow).not.toHaveBeenCalled();
  });
});

describe('the unsubscribe page', () => {
  it('changes nothing until the button is pressed, then says the mail stops', async () => {
    jest.mocked(unsubscribeFollow).mockResolvedValue({ success: true, ...CHARITY });
    open(`/following/unsubscribe#token=${TOKEN}`, <UnsubscribePage />);
    expect(unsubscribeFollow).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Manage everything you follow' }).getAttribute('href')).toBe(
      `/following/manage#token=${TOKEN}`,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' })));
    expect(unsubscribeFollow).toHaveBeenCalledWith(TOKEN);
    expect(heading().textContent).toBe('You have unsubscribed');
    expect(document.activeElement).toBe(heading());
    expect(screen.getByRole('status').textContent).toBe(
      withCharity(FollowMessage.Unsubscribed, CHARITY.charity_name),
    );
  });

  it('an invalid link shows the API’s words and keeps the button', async () => {
    jest
      .mocked(unsubscribeFollow)
      .mockRejectedValue(
        new ApiError({ status: 400, code: ErrorCode.FollowLinkInvalid, message: FollowMessage.LinkInvalid }),
      );
    open(`/following/unsubscribe#token=${TOKEN}`, <UnsubscribePage />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' })));
    expect(screen.getByRole('alert').textContent).toBe(FollowMessage.LinkInvalid);
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
  });
});

describe('the manage page', () => {
  it('lists the follows, changes a frequency and unfollows, saying each change', async () => {
    const other = { charity_name: 'Owl Rescue', registration_number: '2234567' };
    list.mockResolvedValue({
      success: true,
      follows: [
        { ...CHARITY, frequency: 'each' },
        { ...other, frequency: 'each' },
      ],
    });
    update.mockResolvedValue({ success: true, follows: [] });
    open(`/following/manage#token=${TOKEN}`, <ManageFollowsPage />);
    await screen.findByRole('link', { name: 'Owl Rescue' });
    const weekly = screen.getAllByLabelText('A weekly digest')[1] as HTMLInputElement;
    list.mockResolvedValueOnce({
      success: true,
      follows: [
        { ...CHARITY, frequency: 'each' },
        { ...other, frequency: 'weekly' },
      ],
    });
    await act(async () => fireEvent.click(weekly));
    expect(update).toHaveBeenCalledWith({ token: TOKEN, registrationNumber: '2234567', frequency: 'weekly' });
    expect(screen.getByRole('status').textContent).toBe('Saved: a weekly digest from Owl Rescue.');
    expect((screen.getAllByLabelText('A weekly digest')[1] as HTMLInputElement).checked).toBe(true);
    list.mockResolvedValueOnce({ success: true, follows: [{ ...CHARITY, frequency: 'each' }] });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unfollow Owl Rescue' })));
    expect(update).toHaveBeenLastCalledWith({ token: TOKEN, registrationNumber: '2234567', frequency: null });
    expect(screen.queryByRole('link', { name: 'Owl Rescue' })).toBeNull();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('You no longer follow Owl Rescue.');
    expect(document.activeElement).toBe(status);
  });

  it('a link that no longer works says so', async () => {
    list.mockRejectedValue(
      new ApiError({ status: 400, code: ErrorCode.FollowLinkInvalid, message: FollowMessage.LinkInvalid }),
    );
    open(`/following/manage#token=${TOKEN}`, <ManageFollowsPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(FollowMessage.LinkInvalid);
  });
});
