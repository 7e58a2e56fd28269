/** @jest-environment jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { clearScope, invalidate, useMutation, useRouteQuery } from '.';

const SCOPE = 'test';

function Reader({ run, label = 'reader' }: { run: () => Promise<{ results: unknown[] }>; label?: string }) {
  const query = useRouteQuery(SCOPE, 'search-charities', { q: 'a' } as never, run as never);
  const text =
    query.status === 'loading'
      ? 'loading'
      : query.status === 'error'
        ? `error ${(query.error as Error).message}`
        : `ready ${JSON.stringify(query.data)}${query.error ? ' (stale)' : ''}`;
  return (
    <p>
      {label}: {text}
      <button type="button" onClick={() => void query.refetch()}>
        again {label}
      </button>
    </p>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

afterEach(() => clearScope(SCOPE));

describe('the query hook', () => {
  it('shows loading, then the data; two readers of one key share one request', async () => {
    let calls = 0;
    const run = () => {
      calls += 1;
      return Promise.resolve({ results: [calls] });
    };
    render(
      <StrictMode>
        <Reader run={run} label="one" />
        <Reader run={run} label="two" />
      </StrictMode>,
    );
    expect(screen.getByText(/one: loading/)).toBeTruthy();
    await screen.findByText('one: ready {"results":[1]}', { exact: false });
    expect(screen.getByText(/two: ready/).textContent).toContain('{"results":[1]}');
    expect(calls).toBe(1);
  });

  it('shows an error, and refetch from an error shows loading, then the data', async () => {
    const answers = [Promise.reject(new Error('down')), Promise.resolve({ results: ['back'] })];
    const pending = deferred<{ results: unknown[] }>();
    let call = 0;
    const run = () => (call++ === 0 ? answers[0]! : call === 2 ? pending.promise : answers[1]!);
    answers[0]!.catch(() => {});
    render(<Reader run={run} />);
    await screen.findByText(/reader: error down/);
    act(() => screen.getByRole('button').click());
    expect(screen.getByText(/reader: loading/)).toBeTruthy();
    await act(async () => pending.resolve({ results: ['back'] }));
    await screen.findByText(/reader: ready \{"results":\["back"\]\}/);
  });

  it('invalidating the route reloads quietly (old data stays on screen) and resolves once reloaded', async () => {
    let version = 0;
    const next = deferred<{ results: unknown[] }>();
    const run = () => (++version === 1 ? Promise.resolve({ results: ['v1'] }) : next.promise);
    render(<Reader run={run} />);
    await screen.findByText(/ready \{"results":\["v1"\]\}/);
    let done = false;
    const reloading = invalidate(['search-charities']).then(() => {
      done = true;
    });
    await act(async () => {});
    expect(screen.getByText(/ready \{"results":\["v1"\]\}/)).toBeTruthy();
    expect(done).toBe(false);
    await act(async () => next.resolve({ results: ['v2'] }));
    await reloading;
    expect(done).toBe(true);
    expect(screen.getByText(/ready \{"results":\["v2"\]\}/)).toBeTruthy();
  });

  it('a failed quiet reload keeps the last data and reports the error beside it', async () => {
    let version = 0;
    const run = () =>
      ++version === 1 ? Promise.resolve({ results: ['kept'] }) : Promise.reject(new Error('blip'));
    render(<Reader run={run} />);
    await screen.findByText(/ready \{"results":\["kept"\]\}/);
    await act(() => invalidate(['search-charities']));
    expect(screen.getByText(/ready \{"results":\["kept"\]\} \(stale\)/)).toBeTruthy();
  });

  it('a page mounted after the first unmounted loads afresh (nothing stale from before)', async () => {
    let version = 0;
    const run = () => Promise.resolve({ results: [++version] });
    const first = render(<Reader run={run} />);
    await screen.findByText(/ready \{"results":\[1\]\}/);
    first.unmount();
    await act(async () => {});
    render(<Reader run={run} />);
    expect(screen.getByText(/loading/)).toBeTruthy();
    await screen.findByText(/ready \{"results":\[2\]\}/);
  });

  it('an older answer that arrives after a newer one is ignored', async () => {
    const slow = deferred<{ results: unknown[] }>();
    const fast = deferred<{ results: unknown[] }>();
    let call = 0;
    const run = () => (++call === 1 ? slow.promise : fast.promise);
    render(<Reader run={run} />);
    const reloading = invalidate(['search-charities']);
    await act(async () => fast.resolve({ results: ['new'] }));
    await act(async () => slow.resolve({ results: ['old'] }));
    await reloading;
    expect(screen.getByText(/ready \{"results":\["new"\]\}/)).toBeTruthy();
  });
});

describe('the mutation hook', () => {
  function Changer({ change }: { change: (n: number) => Promise<string> }) {
    const mutation = useMutation(change, { invalidates: ['search-charities'] });
    return (
      <button type="button" onClick={() => void mutation.mutate(1).catch(() => {})}>
        change {mutation.status}
      </button>
    );
  }

  it('runs the change, then reloads the invalidated reads before it resolves', async () => {
    let version = 0;
    const run = () => Promise.resolve({ results: [`v${++version}`] });
    const order: string[] = [];
    const change = async () => {
      order.push(`change at v${version}`);
      return 'ok';
    };
    render(
      <>
        <Reader run={run} />
        <Changer change={change} />
      </>,
    );
    await screen.findByText(/ready \{"results":\["v1"\]\}/);
    act(() => screen.getByText(/change idle/).click());
    await screen.findByText(/change success/);
    expect(order).toEqual(['change at v1']);
    expect(screen.getByText(/ready \{"results":\["v2"\]\}/)).toBeTruthy();
  });

  it('a failed change reports its error and reloads nothing', async () => {
    let version = 0;
    const run = () => Promise.resolve({ results: [`v${++version}`] });
    render(
      <>
        <Reader run={run} />
        <Changer change={() => Promise.reject(new Error('refused'))} />
      </>,
    );
    await screen.findByText(/ready \{"results":\["v1"\]\}/);
    act(() => screen.getByText(/change idle/).click());
    await screen.findByText(/change error/);
    await waitFor(() => expect(version).toBe(1));
  });
});
