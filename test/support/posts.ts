import { POST_PUBLISHER_JOB } from '@shared/jobs';
import { callApi, post } from './api';
import { cloud } from './cloud';

/** A post as the charity's post routes answer it. */
export interface ApiPost {
  id: string;
  status: string;
  version: number;
  type: string;
  title: string;
  media: { id: string; media_type: string }[];
  scheduled_for: string | null;
  published_at: string | null;
}

/** create-post as the charity (`token`); throws unless it answers 200. */
export async function create(token: string, body: unknown): Promise<ApiPost> {
  const res = await post('/api/me/posts', body, { token });
  if (res.status !== 200) throw new Error(`create-post ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.post as ApiPost;
}

/** The posts donors see on the charity's public page. */
export async function publicPosts(number: string): Promise<{ id: string; title: string; type: string }[]> {
  const res = await callApi('GET', `/api/charities/${number}`);
  expect(res.status).toBe(200);
  return (res.body.charity as { posts: { id: string; title: string; type: string }[] }).posts;
}

/** Runs the scheduled posts' publisher's sweep now, through the local Lambda endpoint (as its rule does). */
export async function runPublisher(): Promise<{ published: number }> {
  const lambdaPort = Number(new URL(cloud().env.AWS_ENDPOINT_URL_DYNAMODB as string).port) - 8000 + 9001;
  const res = await fetch(
    `http://127.0.0.1:${lambdaPort}/2015-03-31/functions/${POST_PUBLISHER_JOB}/invocations`,
    { method: 'POST', body: '{}' },
  );
  expect(res.headers.get('x-amz-function-error')).toBeNull();
  return (await res.json()) as { published: number };
}

/** What the local Scheduler holds and has done (`GET /_local/scheduler`, infra/local/scheduler.ts). */
export interface LocalSchedulerState {
  schedules: { name: string; group: string; expression: string; enabled: boolean }[];
  /** Deliveries made, by schedule name. */
  fired: Record<string, number>;
  failed: Record<string, number>;
}

const schedulerUrl = () => cloud().env.AWS_ENDPOINT_URL_SCHEDULER as string;

export async function localScheduler(): Promise<LocalSchedulerState> {
  return (await (await fetch(`${schedulerUrl()}/_local/scheduler`)).json()) as LocalSchedulerState;
}

/** Sets the local Scheduler's switches (`late`, `duplicates`, `down`); `{}` calms it. */
export async function setSchedulerUnruly(switches: Record<string, boolean>): Promise<void> {
  const res = await fetch(`${schedulerUrl()}/_local/scheduler/unruly`, {
    method: 'POST',
    body: JSON.stringify(switches),
  });
  expect(res.status).toBe(200);
}
