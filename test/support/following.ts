import { freshAddress, mailTo, post } from './api';
import { cloud } from './cloud';
import { until } from './until';

/** The token of a mailed link `<path>#token=…` in a mail's text, else null. */
export const tokenIn = (text: string, path: string) =>
  new RegExp(`${path}#token=([A-Za-z0-9_-]{43})`).exec(text)?.[1] ?? null;

/** Follows and confirms from the mailed link: the address is a confirmed follower. */
export async function followAndConfirm(registrationNumber: string, address: string, from = freshAddress()) {
  const asked = await post(
    '/api/follow-charity',
    { registrationNumber, email: address, frequency: 'each' },
    { from },
  );
  expect(asked.status).toBe(200);
  const mail = await until(async () => (await mailTo(address))[0]);
  const token = tokenIn(mail.text, '/following/confirm');
  expect(token).not.toBeNull();
  const confirmed = await post('/api/confirm-follow', { token });
  expect(confirmed.status).toBe(200);
  return { mail, token: token as string };
}

/** Waits until the local follow-mail queue has nothing waiting or in flight. */
export async function queueDrained() {
  const queueUrl = cloud().env.AWS_ENDPOINT_URL_SQS as string;
  await until(async () => {
    const q = (await (await fetch(`${queueUrl}/_local/queue`)).json()) as {
      waiting: number;
      inFlight: number;
    };
    return q.waiting === 0 && q.inFlight === 0;
  });
}
