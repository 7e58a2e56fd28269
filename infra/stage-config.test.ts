import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  configDir,
  DEFAULT_MAIL_RATE_PER_SECOND,
  EXAMPLE_STAGE,
  loadStageConfig,
  PRODUCTION_KEYS,
  parseStageConfig,
  runtimeEnvironmentName,
  wafCountModeOn,
} from './stage-config';
import { stageAppSettings } from './stage-settings';

const complete = {
  production: true,
  account: '210987654321',
  region: 'eu-west-2',
  sesSender: 'no-reply@kindredgiving.org.uk',
  mailDomain: 'kindredgiving.org.uk',
  siteDomain: 'kindredgiving.org.uk',
  certificateArn: 'arn:aws:acm:us-east-1:210987654321:certificate/5f3c1e2a-8b4d-4c6e-9f0a-1b2c3d4e5f60',
  stripeSecretArn: null,
  alarmEmail: 'alerts@kindredgiving.org.uk',
};

describe('stage configuration (config/<stage>.json)', () => {
  it('accepts the committed dev and example files', () => {
    expect(loadStageConfig('dev')).toMatchObject({ production: false, sesIdentity: 'create' });
    expect(loadStageConfig('example')).toMatchObject({ production: true, mailFromSubdomain: 'mail' });
  });

  it('fails a production stage missing any required key, naming the file and the key', () => {
    expect(parseStageConfig('prod', complete).stripeSecretArn).toBeNull();
    for (const key of PRODUCTION_KEYS) {
      const { [key]: _left, ...rest } = complete;
      expect(() => parseStageConfig('prod', rest)).toThrow(
        new RegExp(
          `^config/prod.json is not a valid stage configuration:\n(.|\n)*  - ${key}: is required for a production stage`,
        ),
      );
    }
    // A development stage may leave them out.
    const {
      mailDomain: _m,
      siteDomain: _s,
      certificateArn: _c,
      account: _a,
      stripeSecretArn: _p,
      alarmEmail: _e,
      ...dev
    } = complete;
    expect(() => parseStageConfig('dev', { ...dev, production: false })).not.toThrow();
  });

  it('fails the committed config/prod.json until its placeholders are filled', () => {
    expect(() => loadStageConfig('prod')).toThrow(/account: .*\n(.|\n)*is still the placeholder/);
  });

  it('takes an optional HTTPS alarm endpoint and a hosted zone that holds the domains', () => {
    const zone = { id: 'Z0123456789ABCDEFGHIJ', name: 'kindredgiving.org.uk' };
    const https = 'https://hooks.example.org/sns';
    expect(parseStageConfig('x', { ...complete, hostedZone: zone, alarmHttpsEndpoint: https })).toMatchObject(
      {
        hostedZone: zone,
        alarmHttpsEndpoint: https,
      },
    );
    expect(() =>
      parseStageConfig('x', { ...complete, alarmHttpsEndpoint: 'http://insecure.example' }),
    ).toThrow(/alarmHttpsEndpoint/);
    expect(() => parseStageConfig('x', { ...complete, hostedZone: { ...zone, name: 'other.org' } })).toThrow(
      /hostedZone: does not hold siteDomain kindredgiving.org.uk/,
    );
  });

  it('refuses unknown keys, a sender outside the mail domain, and a certificate outside us-east-1', () => {
    expect(() => parseStageConfig('x', { ...complete, sesSendr: 'typo' })).toThrow(/Unrecognized key/);
    expect(() => parseStageConfig('x', { ...complete, sesSender: 'a@other.org' })).toThrow(
      'sesSender: must be an address at mailDomain (kindredgiving.org.uk)',
    );
    expect(() =>
      parseStageConfig('x', {
        ...complete,
        certificateArn: 'arn:aws:acm:eu-west-2:210987654321:certificate/x',
      }),
    ).toThrow(/certificateArn: must be an ACM certificate ARN in us-east-1/);
  });

  it("refuses config/example.json's example values in any other stage, naming each key (issue 43)", () => {
    const example = JSON.parse(readFileSync(path.join(configDir, 'example.json'), 'utf8'));
    expect(() => parseStageConfig(EXAMPLE_STAGE, example)).not.toThrow();
    let message = '';
    try {
      parseStageConfig('prod', example);
    } catch (error) {
      message = (error as Error).message;
    }
    const keys = [...message.matchAll(/^ {2}- (\w+): is (.*), copied from config\/example\.json/gm)].map(
      (m) => [m[1], m[2]],
    );
    expect(keys).toEqual([
      ['account', "the example account 123456789012 (AWS's documentation account)"],
      ['certificateArn', 'the example certificate (an all-zero id)'],
      ['stripeSecretArn', "an example secret ARN (its suffix -AbCdEf is not Secrets Manager's)"],
      ['stripeWebhookSecretsArn', "an example secret ARN (its suffix -AbCdEf is not Secrets Manager's)"],
    ]);
    // An ARN edited only in part, an example charity number, or the account in another ARN.
    const partly = `arn:aws:secretsmanager:eu-west-2:123456789012:secret:kindred/stripe-Q1w2E3`;
    expect(() => parseStageConfig('prod', { ...complete, stripeSecretArn: partly })).toThrow(
      /stripeSecretArn: is the example account 123456789012/,
    );
    expect(() => parseStageConfig('prod', { ...complete, canaryCharity: '1234567' })).toThrow(
      /canaryCharity: is an example charity number/,
    );
    // Problems of both kinds are listed together.
    expect(() => parseStageConfig('prod', { ...complete, account: '123456789012', alarmEmail: 'x' })).toThrow(
      /alarmEmail: Invalid email(.|\n)*account: is the example account/,
    );
  });

  it("refuses an ARN for registerApiKeySecretName: the grant is built from the secret's name", () => {
    const api = { ...complete, registerSource: 'api' };
    expect(
      parseStageConfig('prod', { ...api, registerApiKeySecretName: 'kindred/charity-commission-api-key' }),
    ).toMatchObject({ registerApiKeySecretName: 'kindred/charity-commission-api-key' });
    expect(() =>
      parseStageConfig('prod', {
        ...api,
        registerApiKeySecretName: 'arn:aws:secretsmanager:eu-west-2:210987654321:secret:kindred/key-Q1w2E3',
      }),
    ).toThrow(/registerApiKeySecretName: must be the secret's name .*not its ARN/);
  });

  it("takes the followers' mail rate as whole mails a second, 14 (SES's default) when unset", () => {
    const around = { webDistDir: '/tmp', today: new Date('2030-01-01') };
    const rated = parseStageConfig('prod', { ...complete, updates: { open: true, mailRatePerSecond: 17 } });
    expect(stageAppSettings('prod', rated, around).mailRatePerSecond).toBe(17);
    const unset = parseStageConfig('prod', { ...complete, updates: { open: true } });
    expect(stageAppSettings('prod', unset, around).mailRatePerSecond).toBe(DEFAULT_MAIL_RATE_PER_SECOND);
    expect(DEFAULT_MAIL_RATE_PER_SECOND).toBe(14);
    for (const bad of [0, 2.5, 501]) {
      expect(() =>
        parseStageConfig('prod', { ...complete, updates: { open: true, mailRatePerSecond: bad } }),
      ).toThrow(/updates\.mailRatePerSecond/);
    }
  });

  it('says which file is missing or not JSON', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kindred-config-'));
    writeFileSync(path.join(dir, 'broken.json'), '{');
    expect(() => loadStageConfig('nowhere', dir)).toThrow(
      "No configuration for stage 'nowhere': create config/nowhere.json",
    );
    expect(() => loadStageConfig('broken', dir)).toThrow('config/broken.json is not valid JSON');
    expect(() => loadStageConfig('../etc', dir)).toThrow('is not a valid stage name');
  });

  it("names a production stage's runtime environment 'production' whatever the stage is called", () => {
    expect(runtimeEnvironmentName('prod', true)).toBe('production');
    expect(runtimeEnvironmentName('dev', false)).toBe('dev');
  });
});

describe('wafCountModeUntil', () => {
  const base = { production: false, sesSender: 'no-reply@example.org' };
  it('counts through the whole named day (UTC), and blocks from the next', () => {
    const config = parseStageConfig('dev', { ...base, wafCountModeUntil: '2026-12-01' });
    expect(wafCountModeOn(config, new Date('2026-12-01T23:59:00Z'))).toBe(true);
    expect(wafCountModeOn(config, new Date('2026-12-02T00:00:00Z'))).toBe(false);
    expect(wafCountModeOn(parseStageConfig('dev', base), new Date('2020-01-01'))).toBe(false);
  });
  it('refuses something that is not a date', () => {
    expect(() => parseStageConfig('dev', { ...base, wafCountModeUntil: '2026-13-45' })).toThrow(
      /not a real date/,
    );
    expect(() => parseStageConfig('dev', { ...base, wafCountModeUntil: 'soon' })).toThrow(/YYYY-MM-DD/);
  });
});
