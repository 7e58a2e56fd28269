/** @jest-environment jsdom */
import type { RouteId } from '@shared/api/routes';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useCharityQuery } from '@/features/charity-auth';
import { clearScope } from '@/lib/query';
import { useMainPages } from './use-main-pages';

/**
 * The main pages' reads and changes through the pages API module and the real query cache; the charity API
 * client is faked (`mockCharityApi` answers each route, counting the calls).
 */
const mockCharityApi = jest.fn<Promise<unknown>, [RouteId, unknown]>();
jest.mock('@/features/charity-auth', () => {
  const { useMutation, useRouteQuery } = jest.requireActual('@/lib/query');
  return {
    callCharityApi: (id: RouteId, input: unknown) => mockCharityApi(id, input),
    useCharityQuery: (id: RouteId, input: unknown) =>
      useRouteQuery('test', id, input, () => mockCharityApi(id, input)),
    useCharityMutation: (id: RouteId, options: object) =>
      useMutation((input: unknown) => mockCharityApi(id, input), options),
  };
});
// Only the list's button ids are needed (not its markup).
jest.mock('../components/page-list', () => ({ editButtonId: (id: string) => `edit-${id}` }));

const template = (template_type: string) => ({ template_type, display_name: template_type, is_active: true });
const page = (id: string, name: string) => ({ id, name, template_type: 'basic', media: [], is_live: false });

/** The server: two templates (in the API's order), two pages, the live one, and the charity's profile. */
function serve({ failPages = false } = {}) {
  const server = { live: null as string | null, failPages };
  mockCharityApi.mockImplementation(async (id, input) => {
    if (id === 'list-page-templates')
      return { success: true, templates: [template('customised'), template('basic')] };
    if (id === 'list-pages') {
      if (server.failPages) throw new Error('down');
      return {
        success: true,
        pages: [page('p1', 'Spring'), page('p2', 'Summer')],
        live_page_id: server.live,
      };
    }
    if (id === 'set-live-page') server.live = (input as { pageId: string }).pageId;
    return { success: true };
  });
  return server;
}

const callsOf = (route: RouteId) => mockCharityApi.mock.calls.filter(([id]) => id === route).length;

afterEach(() => {
  clearScope('test');
  mockCharityApi.mockReset();
});

describe('the main pages', () => {
  it('loads the templates and the pages, then shows both (templates in the chooser’s order)', async () => {
    serve();
    const { result } = renderHook(() => useMainPages());
    expect(result.current.status).toBe('loading');
    expect(result.current.lists).toBeNull();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.lists?.templates.map((t) => t.template_type)).toEqual(['basic', 'customised']);
    expect(result.current.lists?.pages.map((p) => p.name)).toEqual(['Spring', 'Summer']);
  });

  it('says why the pages did not load, and Try again loads only what failed', async () => {
    const server = serve({ failPages: true });
    const { result } = renderHook(() => useMainPages());
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.failure).toBe('Failed to load your pages: down');

    server.failPages = false;
    await act(() => result.current.retry());
    expect(result.current.status).toBe('ready');
    expect(callsOf('list-page-templates')).toBe(1);
    expect(callsOf('list-pages')).toBe(2);
  });

  it('Set Live reloads the list and the profile before it says so', async () => {
    serve();
    const { result } = renderHook(() => ({
      main: useMainPages(),
      profile: useCharityQuery('get-charity-profile', {}),
    }));
    await waitFor(() => expect(result.current.main.status).toBe('ready'));
    const summer = result.current.main.lists?.pages[1];
    if (!summer) throw new Error('no page');

    await act(() => result.current.main.setLive(summer));
    expect(mockCharityApi).toHaveBeenCalledWith('set-live-page', { pageId: 'p2' });
    expect(result.current.main.lists?.livePageId).toBe('p2');
    expect(result.current.main.listNotice).toBe('“Summer” is now your live page.');
    expect(result.current.main.listFailure).toBeNull();
    expect(callsOf('get-charity-profile')).toBe(2);
    expect(callsOf('list-page-templates')).toBe(1);
  });
});
