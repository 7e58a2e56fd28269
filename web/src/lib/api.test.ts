import type { RouteDefinition } from '@shared/api/routes';
import * as z from 'zod';
import {
  ApiError,
  type CallOptions,
  ClientErrorCode,
  callApi,
  configureApi,
  messageOf,
  NETWORK_ERROR_MESSAGE,
  TRY_AGAIN,
} from './api';

// Routes beside the real manifest, so every method and shape can be exercised whatever the manifest holds.
const testRoutes: Record<string, RouteDefinition> = {
  'test-register': {
    id: 'test-register',
    method: 'POST',
    path: '/api/test-register',
    auth: 'public',
    request: z.object({ email: z.string(), charityRegistrationNumber: z.string() }),
    response: z.object({ success: z.literal(true), message: z.string() }),
    summary: 'test',
  },
  'test-search': {
    id: 'test-search',
    method: 'GET',
    path: '/api/test-pages/{pageId}/media',
    auth: 'charity',
    request: z.object({ pageId: z.string(), q: z.string().optional(), tags: z.array(z.string()).optional() }),
    response: z.object({ success: z.literal(true), items: z.array(z.string()) }),
    summary: 'test',
  },
};

jest.mock('@shared/api/routes', () => {
  const actual = jest.requireActual('@shared/api/routes');
  return {
    ...actual,
    getRoute: (id: string) => testRoutes[id] ?? actual.getRoute(id),
  };
});

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
const realFetch = globalThis.fetch;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

// Test ids are not in the manifest's RouteId union.
const call = callApi as unknown as (id: string, input: unknown, options?: CallOptions) => Promise<unknown>;

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  configureApi({ baseUrl: '' });
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

describe('callApi', () => {
  it('POSTs the input as JSON and parses the success with the route schema', async () => {
    fetchMock.mockResolvedValue(json({ success: true, message: 'Registered', extra: 'dropped' }));

    const result = await call('test-register', { email: 'a@b.org', charityRegistrationNumber: '1234567' });

    expect(result).toEqual({ success: true, message: 'Registered' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/test-register');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@b.org', charityRegistrationNumber: '1234567' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('sends GET input as the query string, fills path parameters and adds the bearer token', async () => {
    fetchMock.mockResolvedValue(json({ success: true, items: [] }));
    configureApi({ baseUrl: 'https://api.example.org/' });
    const controller = new AbortController();

    await call(
      'test-search',
      { pageId: 'p/1', q: 'food bank & co', tags: ['a', 'b'] },
      { token: 'tok', signal: controller.signal },
    );

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.example.org/api/test-pages/p%2F1/media?q=food+bank+%26+co&tags=a&tags=b');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(init.headers).not.toHaveProperty('Content-Type');
    // The caller's signal still cancels the call (combined with the client's own time limit).
    expect(init.signal?.aborted).toBe(false);
    controller.abort();
    expect(init.signal?.aborted).toBe(true);
  });

  it('calls a real manifest route (health) without a query string when the input is empty', async () => {
    fetchMock.mockResolvedValue(
      json({ success: true, status: 'ok', checks: { database: 'ok' }, time: '2025-01-01T00:00:00Z' }),
    );
    const result = await callApi('health', {});
    expect(result.status).toBe('ok');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/health');
  });

  it('turns an error body into an ApiError with status, code, message, field and flags', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          success: false,
          error: 'Too many registration attempts. Please try again tomorrow.',
          code: 'RATE_LIMITED',
          field: 'email',
          isRateLimit: true,
          rateLimitType: 'email',
          waitTime: 3600,
        },
        429,
      ),
    );

    const error = await caught(call('test-register', { email: 'a@b.org', charityRegistrationNumber: '1' }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many registration attempts. Please try again tomorrow.',
      field: 'email',
      isRateLimit: true,
      rateLimitType: 'email',
      waitTime: 3600,
    });
  });

  it('carries the duplicate flags', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          success: false,
          error: 'Already registered',
          code: 'CHARITY_ALREADY_REGISTERED',
          isDuplicate: true,
          charityName: 'Hope',
        },
        409,
      ),
    );
    const error = await caught(call('test-register', { email: 'a@b.org', charityRegistrationNumber: '1' }));
    expect(error).toMatchObject({
      status: 409,
      code: 'CHARITY_ALREADY_REGISTERED',
      isDuplicate: true,
      charityName: 'Hope',
    });
    expect(error.isRateLimit).toBeUndefined();
  });

  it('reports a network failure with code NETWORK', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await caught(call('test-register', { email: 'a@b.org', charityRegistrationNumber: '1' }));
    expect(error).toMatchObject({ status: 0, code: ClientErrorCode.Network, message: NETWORK_ERROR_MESSAGE });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('reports an aborted call with code ABORTED', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    const error = await caught(call('test-search', { pageId: '1' }, { signal: controller.signal }));
    expect(error.code).toBe(ClientErrorCode.Aborted);
  });

  it('gives up on a call without an answer in time, with the network message', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    const error = await caught(
      call('test-register', { email: 'a@b.org', charityRegistrationNumber: '1' }, { timeoutMs: 20 }),
    );
    expect(error).toMatchObject({ status: 0, code: ClientErrorCode.Network, message: NETWORK_ERROR_MESSAGE });
  });

  it('rejects a success body of the wrong shape and a non-JSON failure without leaking their text', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true }));
    const bad = await caught(call('test-register', { email: 'a@b.org', charityRegistrationNumber: '1' }));
    expect(bad).toMatchObject({ status: 200, code: ClientErrorCode.BadResponse });

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const gateway = await caught(call('test-register', { email: 'a@b.org', charityRegistrationNumber: '1' }));
    expect(gateway).toMatchObject({ status: 502, code: ClientErrorCode.BadResponse });
    expect(gateway.message).not.toContain('Bad Gateway');
  });
});

describe('messageOf', () => {
  it("gives a failure's own words, or 'Please try again.' when it has none", () => {
    expect(messageOf(new ApiError({ status: 409, code: 'CONFLICT', message: 'That name is taken.' }))).toBe(
      'That name is taken.',
    );
    expect(messageOf(new Error('The file is too large.'))).toBe('The file is too large.');
    expect(messageOf(new Error(''))).toBe(TRY_AGAIN);
    expect(messageOf('a thrown string')).toBe(TRY_AGAIN);
    expect(messageOf(undefined)).toBe('Please try again.');
  });
});
