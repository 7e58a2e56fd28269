import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { donorKey, usernameKey } from '../../lambdas/data/donors';
import { freshAddress, post } from '../support/api';
import { withRoomInWindow } from '../support/clock-windows';
import { cloud } from '../support/cloud';
import { signIn } from '../support/identity';
import { tableClient } from '../support/table';

const { env } = cloud();
const doc = tableClient();
const PASSWORD = 'Waitlist-Donor-2026!';
let seq = 0;
const donor = (over: Record<string, unknown> = {}) => ({
  email: `donor-${Date.now()}-${++seq}@example.org`,
  username: `donor${Date.now() % 1_000_000}${seq}`,
  forename: 'Ada',
  surname: 'Okafor',
  dob: '1990-04-12',
  gender: 'female',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...over,
});
const usernameMarker = (u: string) =>
  doc.send(new GetCommand({ TableName: env.TABLE_NAME, Key: usernameKey(u) }));

describe('register-donor', () => {
  it('creates a donor account and profile; the donor signs in on the donor client only', async () => {
    const input = donor();
    expect(await post('/api/register-donor', input, { from: freshAddress() })).toEqual({
      status: 200,
      body: { success: true },
    });
    const marker = await usernameMarker(input.username);
    const profile = await doc.send(
      new GetCommand({
        TableName: env.TABLE_NAME,
        Key: donorKey(String(marker.Item?.userId)),
      }),
    );
    expect(profile.Item).toMatchObject({
      email: input.email,
      username: input.username,
      forename: 'Ada',
      gender: 'female',
      dob: '1990-04-12',
    });
    expect(JSON.stringify(profile.Item)).not.toContain(PASSWORD);
    await expect(signIn(env.DONOR_CLIENT_ID as string, input.email, PASSWORD)).resolves.toHaveProperty(
      'idToken',
    );
    await expect(signIn(env.CHARITY_CLIENT_ID as string, input.email, PASSWORD)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
    });
  });

  it('keeps usernames unique whatever their case, also in parallel', async () => {
    const base = `Sam${Date.now() % 1_000_000}`;
    const from = freshAddress();
    const answers = await Promise.all(
      [base, base.toLowerCase(), base.toUpperCase(), `${base.slice(0, 1).toLowerCase()}${base.slice(1)}`].map(
        (username) => post('/api/register-donor', donor({ username }), { from }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a).toMatchObject({
        status: 409,
        body: { field: 'username', error: 'This username is already taken. Please choose another.' },
      });
    }
  });

  it('refuses a duplicate email on the email field', async () => {
    const first = donor();
    expect((await post('/api/register-donor', first, { from: freshAddress() })).status).toBe(200);
    const again = await post('/api/register-donor', donor({ email: first.email }), { from: freshAddress() });
    expect(again).toMatchObject({ status: 409, body: { field: 'email', code: 'EMAIL_EXISTS' } });
  });

  it('checks every field on the server, with the field named, storing nothing', async () => {
    const from = freshAddress();
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [{ username: '' }, 'username', 'Username is required'],
      [{ username: 'has space' }, 'username', expect.stringContaining('letters, numbers')],
      [{ forename: '  ' }, 'forename', 'First name is required'],
      [{ surname: undefined }, 'surname', 'Last name is required'],
      [{ dob: '' }, 'dob', 'Date of birth is required'],
      [{ dob: '2001-02-30' }, 'dob', 'Please enter a valid date of birth'],
      [{ dob: seventeen }, 'dob', 'You must be at least 18 years old to join'],
      [{ gender: 'unknown' }, 'gender', 'Please select your gender'],
      [
        { password: 'weak', confirmPassword: 'weak' },
        'password',
        'Password does not meet security requirements',
      ],
      [{ confirmPassword: 'Something-Else-2026!' }, 'confirmPassword', 'Passwords do not match'],
      [{ extra: true }, undefined as unknown as string, 'Unknown field: extra'],
    ];
    for (const [over, field, error] of cases) {
      const input = donor(over);
      const res = await post('/api/register-donor', input, { from });
      expect({ status: res.status, field: res.body.field, error: res.body.error }).toEqual({
        status: 400,
        field,
        error,
      });
      if (typeof input.username === 'string' && input.username)
        expect((await usernameMarker(input.username)).Item).toBeUndefined();
    }
    const donors = await doc.send(
      new QueryCommand({
        TableName: env.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': 'DONOR#none' },
      }),
    );
    expect(donors.Items).toEqual([]);
  });

  it('limits signups per client address per hour', async () => {
    await withRoomInWindow(3600, 30);
    const from = freshAddress();
    let last = { status: 0, body: {} as Record<string, unknown> };
    for (let k = 0; k < 11; k++) last = await post('/api/register-donor', donor(), { from });
    expect(last).toMatchObject({
      status: 429,
      body: {
        isRateLimit: true,
        error: 'Too many signup attempts. Please wait an hour before trying again from this location.',
      },
    });
  });
});
