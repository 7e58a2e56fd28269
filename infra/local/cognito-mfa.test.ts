import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalMfa, MFA_SESSION_MS, MFA_SESSION_TRIES } from './cognito-mfa';
import { totpCode } from './totp';

const user = { sub: 'sub-1', username: 'sub-1', clientId: 'client-1' };

function setup(start = 1_700_000_000_000) {
  let clock = start;
  const file = join(mkdtempSync(join(tmpdir(), 'mfa-')), 'mfa.json');
  const open = () => createLocalMfa({ file, now: () => clock });
  const mfa = open();
  const secret = mfa.associate(user.sub);
  return {
    mfa,
    open,
    file,
    secret,
    code: (offsetMs = 0) => totpCode(secret, clock + offsetMs),
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

/** Associates, verifies and turns TOTP on, as the app does. */
function turnOn(s: ReturnType<typeof setup>) {
  expect(s.mfa.verify(user.sub, s.code(), 'Kindred')).toBeNull();
  expect(s.mfa.setPreference(user.sub, { Enabled: true, PreferredMfa: true })).toBeNull();
  s.tick(30_000);
}

describe('local software-token MFA', () => {
  it('is on only after a verified token is enabled, and reports it as Cognito does', () => {
    const s = setup();
    expect(s.mfa.setPreference(user.sub, { Enabled: true })).toMatchObject({
      type: 'InvalidParameterException',
    });
    expect(s.mfa.verify(user.sub, '000000')).toMatchObject({ type: 'EnableSoftwareTokenMFAException' });
    expect(s.mfa.view(user.sub)).toEqual({});
    turnOn(s);
    expect(s.mfa.view(user.sub)).toEqual({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
      PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    });
    expect(s.mfa.setPreference(user.sub, { Enabled: false })).toBeNull();
    expect(s.mfa.isOn(user.sub)).toBe(false);
  });

  it('survives a restart (state in a 0600 file) and refuses a code replayed after it', () => {
    const s = setup();
    const code = s.code();
    expect(s.mfa.verify(user.sub, code)).toBeNull();
    expect(s.mfa.setPreference(user.sub, { Enabled: true })).toBeNull();
    expect(statSync(s.file).mode & 0o777).toBe(0o600);
    const reopened = s.open();
    expect(reopened.isOn(user.sub)).toBe(true);
    const challenge = reopened.startChallenge(user);
    expect(
      reopened.answerChallenge({ session: challenge.Session, clientId: 'client-1', userSub: 'sub-1', code }),
    ).toEqual({ type: 'ExpiredCodeException', message: 'Your software token has already been used once.' });
  });

  it('ends a sign-in with a current code once: the Session is single use and the code too', () => {
    const s = setup();
    turnOn(s);
    const challenge = s.mfa.startChallenge(user);
    expect(challenge).toMatchObject({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ChallengeParameters: { USER_ID_FOR_SRP: 'sub-1', FRIENDLY_DEVICE_NAME: 'Kindred' },
    });
    const answer = { session: challenge.Session, clientId: 'client-1', userSub: 'sub-1', code: s.code() };
    expect(s.mfa.answerChallenge(answer)).toEqual({ username: 'sub-1' });
    expect(s.mfa.answerChallenge(answer)).toMatchObject({ type: 'NotAuthorizedException' });
    const again = s.mfa.startChallenge(user);
    expect(s.mfa.answerChallenge({ ...answer, session: again.Session })).toMatchObject({
      type: 'ExpiredCodeException',
    });
  });

  it('accepts one step of drift, refuses wrong codes, and voids a Session after its tries or 3 minutes', () => {
    const s = setup();
    turnOn(s);
    const base = { clientId: 'client-1', userSub: 'sub-1' };
    const first = s.mfa.startChallenge(user);
    expect(s.mfa.answerChallenge({ ...base, session: first.Session, code: s.code(60_000) })).toMatchObject({
      type: 'CodeMismatchException',
    });
    expect(s.mfa.answerChallenge({ ...base, session: first.Session, code: s.code(30_000) })).toEqual({
      username: 'sub-1',
    });

    s.tick(60_000);
    const second = s.mfa.startChallenge(user);
    for (let i = 0; i < MFA_SESSION_TRIES; i += 1) {
      expect(s.mfa.answerChallenge({ ...base, session: second.Session, code: '000000' })).toMatchObject({
        type: expect.stringMatching(/CodeMismatch|ExpiredCode/),
      });
    }
    expect(s.mfa.answerChallenge({ ...base, session: second.Session, code: s.code() })).toMatchObject({
      type: 'NotAuthorizedException',
    });

    const third = s.mfa.startChallenge(user);
    s.tick(MFA_SESSION_MS);
    expect(s.mfa.answerChallenge({ ...base, session: third.Session, code: s.code() })).toMatchObject({
      type: 'NotAuthorizedException',
    });
  });

  it('binds a Session to its client and user', () => {
    const s = setup();
    turnOn(s);
    const challenge = s.mfa.startChallenge(user);
    const answer = { session: challenge.Session, clientId: 'client-1', userSub: 'sub-1', code: s.code() };
    expect(s.mfa.answerChallenge({ ...answer, userSub: 'sub-2' })).toMatchObject({
      type: 'NotAuthorizedException',
    });
    expect(s.mfa.answerChallenge({ ...answer, clientId: 'client-2' })).toMatchObject({
      type: 'NotAuthorizedException',
    });
  });
});
