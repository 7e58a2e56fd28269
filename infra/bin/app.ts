/**
 * The CDK app: the only place that reads context and environment.
 *
 * Context keys (`-c key=value` on the command line, or under "context" in cdk.json):
 *
 * | key                        | default                          | meaning                                                                  |
 * |----------------------------|----------------------------------|--------------------------------------------------------------------------|
 * | `sesSender`                | `no-reply@kindredgiving.org.uk`  | Address SES sends from. Set it for a deploy: AWS emails it a link to confirm. |
 * | `siteDomain`               | (none: the CloudFront domain)    | Custom domain of the site, e.g. `kindredgiving.org.uk`. Needs `certificateArn`. |
 * | `certificateArn`           | (none)                           | ARN of an ACM certificate in us-east-1 covering `siteDomain`.            |
 * | `registerSource`           | `extract`                        | Charity register adapter: `extract` (embedded index) or `api` (Commission API). |
 * | `registerApiKeySecretName` | (none)                           | Secrets Manager secret holding the Commission API subscription key (`api`). |
 * | `stage`                    | `prod`                           | Stage name: stack names are `Kindred-<stage>-<Stateful|Web|Api|Jobs>`.   |
 * | `stripeSecretArn`          | (none)                           | Complete ARN of the Secrets Manager secret holding the Stripe secret key (payments). |
 * | `alarmEmail`               | (none)                           | Email subscribed to the alarm topic and the budget (Ops stack).          |
 * | `monthlyBudgetUsd`         | `50`                             | Monthly AWS cost budget in US dollars.                                   |
 * | `webAclArn`                | (none: the us-east-1 Edge stack) | Existing CLOUDFRONT web ACL for the site; `none` for no WAF.             |
 *
 * Account and region come from CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION (set by the CDK CLI from your AWS
 * profile); the region defaults to eu-west-2 (London).
 *
 * Example: npx cdk deploy --all -c sesSender=no-reply@kindredgiving.org.uk -c siteDomain=kindredgiving.org.uk
 *   -c certificateArn=arn:aws:acm:us-east-1:123456789012:certificate/... -c registerSource=api
 *   -c registerApiKeySecretName=kindred/charity-commission-api-key
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Annotations, App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { routeList } from '../../shared/src/api/routes';
import { jobs } from '../../shared/src/jobs';
import { buildApp } from '../build-app';
import type { RegisterSource } from '../constructs/backend-access';
import { functionsDir, jobsDir, placeholderSiteDir, webDistDir } from '../paths';

const app = new App();

function context(key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

const registerSource = context('registerSource') ?? 'extract';
if (registerSource !== 'extract' && registerSource !== 'api') {
  throw new Error(`Context registerSource must be 'extract' or 'api', not '${registerSource}'.`);
}
const siteDomain = context('siteDomain');
const certificateArn = context('certificateArn');
if (siteDomain && !certificateArn) {
  throw new Error(
    'Context siteDomain needs certificateArn (an ACM certificate in us-east-1 for that domain).',
  );
}
if (certificateArn && !certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
  throw new Error('Context certificateArn must be an ACM certificate in us-east-1 (CloudFront requires it).');
}

// Synth must work before the web build exists; a deploy then ships a page saying so, with a warning.
const siteBuilt = existsSync(path.join(webDistDir, 'index.html'));

// Payments: charities connect their Stripe accounts; the functions that call Stripe read its key from this secret.
const stripeSecretArn = context('stripeSecretArn');
const stacks = buildApp(app, {
  env: {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION ?? 'eu-west-2',
  },
  stage: context('stage') ?? 'prod',
  sesSender: context('sesSender') ?? 'no-reply@kindredgiving.org.uk',
  siteDomain,
  certificateArn,
  registerSource: registerSource satisfies RegisterSource,
  registerApiKeySecretName: context('registerApiKeySecretName'),
  paymentsSecretArn: stripeSecretArn,
  routes: routeList,
  jobs,
  functionsDir,
  jobsDir,
  webDistDir: siteBuilt ? webDistDir : placeholderSiteDir,
  alarmEmail: context('alarmEmail'),
  monthlyBudgetUsd:
    context('monthlyBudgetUsd') === undefined ? undefined : Number(context('monthlyBudgetUsd')),
  webAclArn: context('webAclArn'),
});
if (!stripeSecretArn) {
  Annotations.of(stacks.api).addWarningV2(
    'kindred:payments-not-configured',
    'Context stripeSecretArn not set: charities cannot connect payment accounts until it is (see README, Deploying).',
  );
}

if (!siteBuilt) {
  Annotations.of(stacks.web).addWarningV2(
    'kindred:site-not-built',
    'web/dist/index.html not found: deploying a placeholder page. Run `npm run build:web` before `cdk deploy`.',
  );
}

// AwsSolutions and Serverless checks run on every synth; acknowledged findings carry their reasons beside
// the resource.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
