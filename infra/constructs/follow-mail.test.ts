import { SEND_CHUNK } from '../../lambdas/domain/following/mail-jobs';
import { DEFAULT_MAIL_RATE_PER_SECOND } from '../stage-config';
import { FOLLOW_MAIL_TIMEOUT_SECONDS, followMailSending, MAIL_RATE_PER_WORKER } from './follow-mail';

describe('followMailSending: the consumer shares the stage SES rate (decision 20.13)', () => {
  it("never lets the workers together exceed the rate, nor one worker its pace, at SES's default of 14", () => {
    const s = followMailSending(DEFAULT_MAIL_RATE_PER_SECOND);
    expect(s).toEqual({ ratePerSecond: 14, workers: 3, batchSize: 10 });
    expect(s.ratePerSecond / s.workers).toBeLessThanOrEqual(MAIL_RATE_PER_WORKER);
  });

  it('sizes a batch to finish within half the timeout at a worker share, however low the rate', () => {
    for (const rate of [1, 2, 7, 14, 17, 50, 500]) {
      const s = followMailSending(rate);
      const secondsPerJob = (SEND_CHUNK * s.workers) / rate;
      expect({ rate, fits: s.batchSize * secondsPerJob <= FOLLOW_MAIL_TIMEOUT_SECONDS / 2 }).toEqual({
        rate,
        fits: true,
      });
      expect(s.batchSize).toBeGreaterThanOrEqual(1);
      expect(s.batchSize).toBeLessThanOrEqual(10);
      // SQS event sources take a maximum concurrency of 2 at least; the backend reads at most 100 workers.
      expect(s.workers).toBeGreaterThanOrEqual(2);
      expect(s.workers).toBeLessThanOrEqual(100);
      expect(rate / s.workers).toBeLessThanOrEqual(MAIL_RATE_PER_WORKER);
    }
    expect(followMailSending(1)).toEqual({ ratePerSecond: 1, workers: 2, batchSize: 1 });
  });

  it('spreads the 17 a second of a 10,000-follower post in 10 minutes (docs/operating.md) over 4 workers', () => {
    expect(followMailSending(17)).toEqual({ ratePerSecond: 17, workers: 4, batchSize: 10 });
  });

  it('refuses a rate that is not a whole number of mails a second', () => {
    expect(() => followMailSending(0)).toThrow(/whole number/);
    expect(() => followMailSending(2.5)).toThrow(/whole number/);
  });
});
