/**
 * The CDK app: the only place that reads context and environment.
 *
 * Everything a deployment is made of comes from the committed, checked file `config/<stage>.json` (see
 * `infra/stage-config.ts` and docs/operating.md); the only context key is `stage` (default `dev`):
 *
 *   npm run deploy -- prod            (builds the web app, then cdk deploy --all -c stage=prod)
 *   npx cdk synth -c stage=prod       (fails, naming each key, while config/prod.json is incomplete)
 *
 * A custom bootstrap qualifier is CDK's own context key `@aws-cdk/core:bootstrapQualifier` (in cdk.json or
 * `-c`), which the stacks' synthesizer and the nag acknowledgements both read. The former `-c sesSender=…`
 * style keys are refused, so a forgotten flag can no longer change production silently.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Annotations, App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { buildApp } from '../build-app';
import { placeholderSiteDir, webDistDir } from '../paths';
import { loadStageConfig } from '../stage-config';
import { stageAppSettings } from '../stage-settings';

const app = new App();

/** Context keys of earlier versions: configuration now lives in config/<stage>.json. */
const RETIRED_CONTEXT_KEYS = [
  'sesSender',
  'siteDomain',
  'certificateArn',
  'registerSource',
  'registerApiKeySecretName',
  'stripeSecretArn',
  'alarmEmail',
  'monthlyBudgetUsd',
  'webAclArn',
];
for (const key of RETIRED_CONTEXT_KEYS) {
  if (app.node.tryGetContext(key) !== undefined) {
    throw new Error(
      `Context key '${key}' is no longer read: set it in config/<stage>.json (see config/example.json).`,
    );
  }
}

const stageContext: unknown = app.node.tryGetContext('stage');
const stage = typeof stageContext === 'string' && stageContext !== '' ? stageContext : 'dev';
const config = loadStageConfig(stage);

// Synth must work before the web build exists; a development deploy then ships a page saying so, with a
// warning. `npm run deploy` always builds first; a production stage refuses to deploy the placeholder.
const siteBuilt = existsSync(path.join(webDistDir, 'index.html'));
if (!siteBuilt && config.production && process.env.KINDRED_ALLOW_PLACEHOLDER_SITE !== '1') {
  throw new Error(
    `web/dist/index.html not found: stage '${stage}' is production, so it will not ship the placeholder page. Run \`npm run deploy -- ${stage}\` (it builds the web app) or \`npm run build:web\`.`,
  );
}

const stacks = buildApp(
  app,
  stageAppSettings(stage, config, {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    webDistDir: siteBuilt ? webDistDir : placeholderSiteDir,
    // Read here, the one place that reads the clock: a deploy after the day makes the managed rules block.
    today: new Date(),
  }),
);
if (!config.stripeSecretArn) {
  Annotations.of(stacks.api).addWarningV2(
    'kindred:payments-not-configured',
    `stripeSecretArn not set in config/${stage}.json: charities cannot connect payment accounts until it is (see docs/operating.md).`,
  );
}

if (!siteBuilt) {
  Annotations.of(stacks.web).addWarningV2(
    'kindred:site-not-built',
    'web/dist/index.html not found: deploying a placeholder page. Use `npm run deploy -- <stage>`, which builds the web app first.',
  );
}

// AwsSolutions and Serverless checks run on every synth; acknowledged findings carry their reasons beside
// the resource.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
