import { buildReport, scrubMessage } from './report-error';

describe('client error reports', () => {
  it('masks emails, long numbers and tokens', () => {
    expect(scrubMessage('No user ann@example.org with 12345678')).toBe('No user [email] with [number]');
    expect(scrubMessage('bad eyJhbGc.eyJzdWIi.sig_-1')).toBe('bad [token]');
    expect(scrubMessage('   ')).toBe('Unknown error');
    expect(scrubMessage('x'.repeat(900))).toHaveLength(500);
  });

  it('sends the path only, with the error name and message', () => {
    const report = buildReport(new TypeError('boom'), 'route', '/charity/dashboard');
    expect(report).toEqual({
      message: 'TypeError: boom',
      route: '/charity/dashboard',
      release: 'dev',
      kind: 'route',
    });
  });
});
