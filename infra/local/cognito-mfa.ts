import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { matchTotp, newTotpSecret } from './totp';

/**
 * Cognito's software-token MFA for the local cloud (cognito-local 5.3.0's own is a sketch: it decodes access
 * tokens without checking them, accepts any Session string and replayed codes). Kept by the user's `sub` in
 * one JSON file under the state directory (mode 0600, replaced atomically), so it survives a restart:
 * - AssociateSoftwareToken gives a new pending secret; VerifySoftwareToken with a current code makes it the
 *   user's token (the one in use until then keeps working); SetUserMFAPreference turns it on or off;
 * - while it is on, a password sign-in answers the SOFTWARE_TOKEN_MFA challenge with a Session (3 minutes,
 *   5 tries, single use), and RespondToAuthChallenge with a current code ends the sign-in;
 * - codes are RFC 6238 (`totp.ts`), one step of drift either side, each accepted once per user.
 */
interface MfaRecord {
  /** Associated, not yet verified. */
  pendingSecret?: string;
  /** Verified: the secret codes are checked against. */
  secret?: string;
  enabled?: boolean;
  preferred?: boolean;
  deviceName?: string;
  /** The last time step accepted for this user: codes of this step or earlier are refused (replay). */
  usedUpTo?: number;
}

interface Session {
  sub: string;
  username: string;
  clientId: string;
  expiresAt: number;
  triesLeft: number;
}

/** Cognito's error of a refused operation: `__type` and message, as it answers them. */
export interface MfaRefusal {
  type: string;
  message: string;
}

/** How long a sign-in challenge's Session lasts (the app client's AuthSessionValidity default, 3 minutes). */
export const MFA_SESSION_MS = 3 * 60_000;
/** Wrong codes one Session takes before it is void. */
export const MFA_SESSION_TRIES = 5;

const invalidSession = (): MfaRefusal => ({
  type: 'NotAuthorizedException',
  message: 'Invalid session for the user, session is expired.',
});

export function createLocalMfa(opts: { file: string; now?: () => number }) {
  const now = opts.now ?? Date.now;
  let records: Record<string, MfaRecord> = existsSync(opts.file)
    ? (JSON.parse(readFileSync(opts.file, 'utf8')) as { users: Record<string, MfaRecord> }).users
    : {};
  const sessions = new Map<string, Session>();

  /** Writes synchronously: a check and its write are never split by another request. */
  const save = () => {
    mkdirSync(dirname(opts.file), { recursive: true });
    const temp = `${opts.file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify({ users: records })}\n`, { mode: 0o600 });
    renameSync(temp, opts.file);
  };
  const update = (sub: string, change: (r: MfaRecord) => MfaRecord) => {
    records = { ...records, [sub]: change(records[sub] ?? {}) };
    save();
  };
  const isOn = (sub: string) => Boolean(records[sub]?.enabled && records[sub]?.secret);

  /** Checks a code against a secret and, when it matches, records its step as used (all synchronous). */
  const consume = (sub: string, secret: string, code: string): 'ok' | 'mismatch' | 'replayed' => {
    const found = matchTotp(secret, code, now(), records[sub]?.usedUpTo);
    if ('refused' in found) return found.refused;
    update(sub, (r) => ({ ...r, usedUpTo: found.step }));
    return 'ok';
  };

  return {
    associate(sub: string): string {
      const secret = newTotpSecret();
      update(sub, (r) => ({ ...r, pendingSecret: secret }));
      return secret;
    },

    verify(sub: string, code: string, deviceName?: string): MfaRefusal | null {
      const pending = records[sub]?.pendingSecret;
      const failed = {
        type: 'EnableSoftwareTokenMFAException',
        message: 'Code mismatch and fail enable Software Token MFA',
      };
      if (!pending) return failed;
      if (consume(sub, pending, code) !== 'ok') return failed;
      update(sub, (r) => ({
        ...r,
        secret: pending,
        pendingSecret: undefined,
        deviceName: deviceName ?? r.deviceName,
      }));
      return null;
    },

    setPreference(sub: string, settings: { Enabled?: unknown; PreferredMfa?: unknown }): MfaRefusal | null {
      const record = records[sub] ?? {};
      if (settings.Enabled === true && !record.secret)
        return { type: 'InvalidParameterException', message: 'User has not verified software token mfa' };
      const enabled = settings.Enabled === undefined ? Boolean(record.enabled) : settings.Enabled === true;
      update(sub, (r) => ({ ...r, enabled, preferred: enabled && settings.PreferredMfa === true }));
      return null;
    },

    /** What GetUser and AdminGetUser report (Cognito leaves both out when no MFA is on). */
    view(sub: string): { UserMFASettingList?: string[]; PreferredMfaSetting?: string } {
      if (!isOn(sub)) return {};
      return {
        UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        ...(records[sub]?.preferred ? { PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' } : {}),
      };
    },

    isOn,

    forget(sub: string): void {
      if (!(sub in records)) return;
      const { [sub]: _gone, ...rest } = records;
      records = rest;
      save();
    },

    /** The challenge a password sign-in gets while TOTP is on. */
    startChallenge(user: { sub: string; username: string; clientId: string }) {
      const session = randomBytes(96).toString('base64');
      sessions.set(session, { ...user, expiresAt: now() + MFA_SESSION_MS, triesLeft: MFA_SESSION_TRIES });
      const deviceName = records[user.sub]?.deviceName;
      return {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        ChallengeParameters: {
          USER_ID_FOR_SRP: user.username,
          ...(deviceName ? { FRIENDLY_DEVICE_NAME: deviceName } : {}),
        },
        Session: session,
      };
    },

    /**
     * RespondToAuthChallenge (SOFTWARE_TOKEN_MFA): the Session must be live, of this client and of the user
     * named; a wrong or replayed code uses up one of the Session's tries; a right one ends the Session.
     * Returns the user to issue tokens for, or Cognito's refusal.
     */
    answerChallenge(input: {
      session: string;
      clientId: string;
      userSub: string | undefined;
      code: string;
    }): { username: string } | MfaRefusal {
      const session = sessions.get(input.session);
      if (!session || session.expiresAt <= now() || session.clientId !== input.clientId) {
        sessions.delete(input.session);
        return invalidSession();
      }
      if (session.sub !== input.userSub)
        return { type: 'NotAuthorizedException', message: 'Invalid session for the user.' };
      const secret = records[session.sub]?.secret;
      if (!secret || !isOn(session.sub)) {
        sessions.delete(input.session);
        return invalidSession();
      }
      const result = consume(session.sub, secret, input.code);
      if (result === 'ok') {
        sessions.delete(input.session);
        return { username: session.username };
      }
      session.triesLeft -= 1;
      if (session.triesLeft <= 0) sessions.delete(input.session);
      return result === 'replayed'
        ? { type: 'ExpiredCodeException', message: 'Your software token has already been used once.' }
        : { type: 'CodeMismatchException', message: 'Invalid code received for user' };
    },
  };
}

export type LocalMfa = ReturnType<typeof createLocalMfa>;
