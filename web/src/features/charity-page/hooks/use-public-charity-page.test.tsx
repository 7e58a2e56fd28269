/** @jest-environment jsdom */
import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError, callApi } from '@/lib/api';
import { clearScope } from '@/lib/query';
import { PreloadedCharityContext } from '../preloaded';
import { usePublicCharityPage } from './use-public-charity-page';

/** A charity's public page through the public query, with the API faked at `callApi`. */
jest.mock('@/lib/api', () => ({ ...jest.requireActual('@/lib/api'), callApi: jest.fn() }));
const api = callApi as jest.MockedFunction<typeof callApi>;

const charity = { registration_number: '1234567', name: 'Helping Hands' } as unknown as PublicCharityPage;

afterEach(() => {
  clearScope('public');
  api.mockReset();
});

describe('a charity’s public page', () => {
  it('loads, then shows the charity', async () => {
    api.mockResolvedValue({ success: true, charity } as never);
    const { result } = renderHook(() => usePublicCharityPage('1234567'));
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'loaded', charity }));
    expect(api).toHaveBeenCalledWith('get-public-charity-page', { registrationNumber: '1234567' });
  });

  it('is not found on a 404, and failed on any other error', async () => {
    api.mockRejectedValueOnce(new ApiError({ status: 404, code: 'NOT_FOUND' as never, message: 'gone' }));
    const gone = renderHook(() => usePublicCharityPage('1111111'));
    await waitFor(() => expect(gone.result.current).toEqual({ status: 'not-found' }));

    api.mockRejectedValueOnce(new ApiError({ status: 0, code: 'NETWORK', message: 'offline' }));
    const down = renderHook(() => usePublicCharityPage('2222222'));
    await waitFor(() => expect(down.result.current).toEqual({ status: 'failed' }));
  });

  it('asks nothing for a number that cannot be a charity’s, nor for the page the server rendered', () => {
    expect(renderHook(() => usePublicCharityPage('not-a-number')).result.current).toEqual({
      status: 'not-found',
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PreloadedCharityContext.Provider value={() => charity}>{children}</PreloadedCharityContext.Provider>
    );
    expect(renderHook(() => usePublicCharityPage('1234567'), { wrapper }).result.current).toEqual({
      status: 'loaded',
      charity,
    });
    expect(api).not.toHaveBeenCalled();
  });
});
