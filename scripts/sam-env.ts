/**
 * Writes `sam-env.json`, an `--env-vars` file for `sam local invoke` against the synthesized templates:
 *
 *   npx cdk synth -c stage=dev && npm run sam:env && \
 *     sam local invoke -t cdk.out/<template> <logical id> --env-vars sam-env.json --docker-network host
 *
 * The route functions live in the API stack's nested shards (`cdk.out/*Routes<n>*.nested.template.json`, the
 * file the API template's `AWS::CloudFormation::Stack` resource names in its `aws:asset:path` metadata); the
 * other functions in the `Kindred-<stage>-*.template.json` files. Both are read.
 *
 * A function's environment in `cdk.out` holds cross-stack references (table name, user pool, buckets) that SAM
 * cannot resolve, so SAM would pass the raw objects and the function would fail its environment check. This
 * writes, per function logical id, every variable with a plain value:
 *
 *   --local     (default) the local cloud's values (`npm start`, same LOCAL_PORT_OFFSET): endpoints on
 *               127.0.0.1, to be used with `--docker-network host`;
 *   --deployed  the values of the deployed functions (`aws lambda get-function-configuration`, AWS CLI and
 *               credentials for the stage's account needed).
 *
 * Options: --stage <name> (default dev), --out <file> (default sam-env.json).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { functionEnvironment, settingsFromEnv } from '../infra/local/settings';
import { repoRoot } from '../infra/paths';

type Template = {
  Resources: Record<
    string,
    { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }
  >;
};
type Variables = Record<string, unknown>;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? (process.argv[at + 1] as string) : fallback;
}
const stage = option('stage', 'dev');
const out = path.resolve(repoRoot, option('out', 'sam-env.json'));
const deployed = process.argv.includes('--deployed');

const cdkOut = path.join(repoRoot, 'cdk.out');
const templates = existsSync(cdkOut)
  ? readdirSync(cdkOut).filter((f) => f.startsWith(`Kindred-${stage}-`) && f.endsWith('.template.json'))
  : [];
if (templates.length === 0) {
  console.error(
    `No cdk.out/Kindred-${stage}-*.template.json: run \`npx cdk synth -c stage=${stage}\` first.`,
  );
  process.exit(1);
}

/** The local cloud's values, by variable name (client ids from the local state, as `npm start` keeps them). */
function localValues(): Record<string, string> {
  const s = settingsFromEnv();
  const idsFile = path.join(s.stateDir, 'identity.json');
  const ids = existsSync(idsFile)
    ? (JSON.parse(readFileSync(idsFile, 'utf8')) as { charityClientId: string; donorClientId: string })
    : { charityClientId: 'run-npm-start-first', donorClientId: 'run-npm-start-first' };
  return Object.fromEntries(
    Object.entries(functionEnvironment(s, ids)).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

const aws = (...args: string[]) => execFileSync('aws', [...args, '--output', 'json'], { encoding: 'utf8' });

/** The physical id of a resource of a deployed stack (a nested stack's is its stack ARN). */
function physicalId(stackName: string, logicalId: string): string {
  const resource = JSON.parse(
    aws(
      'cloudformation',
      'describe-stack-resource',
      '--stack-name',
      stackName,
      '--logical-resource-id',
      logicalId,
    ),
  ) as { StackResourceDetail: { PhysicalResourceId: string } };
  return resource.StackResourceDetail.PhysicalResourceId;
}

/** The deployed function's own environment (its physical name from CloudFormation). */
function deployedValues(stackName: string, logicalId: string): Record<string, string> {
  const config = JSON.parse(
    aws('lambda', 'get-function-configuration', '--function-name', physicalId(stackName, logicalId)),
  ) as { Environment?: { Variables?: Record<string, string> } };
  return config.Environment?.Variables ?? {};
}

const local = deployed ? {} : localValues();
/**
 * Deployed-only variables the local cloud has no counterpart for (no configuration set; the index is a folder;
 * the Stripe key is a value locally).
 */
const LOCAL_ABSENT = new Set(['SES_CONFIGURATION_SET', 'REGISTER_INDEX_BUCKET', 'PAYMENTS_SECRET_ARN']);
const envVars: Record<string, Record<string, string>> = {};
/** Each template to read, with how to name its deployed stack (a nested one's is looked up in its parent). */
const sources: { file: string; label: string; stackName: () => string }[] = [];
for (const file of templates) {
  const stackName = file.replace(/\.template\.json$/, '');
  sources.push({ file, label: stackName, stackName: () => stackName });
  const template = JSON.parse(readFileSync(path.join(cdkOut, file), 'utf8')) as Template;
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    const nested = resource.Metadata?.['aws:asset:path'];
    if (resource.Type !== 'AWS::CloudFormation::Stack' || typeof nested !== 'string') continue;
    let nestedName: string | undefined;
    sources.push({
      file: nested,
      label: `${stackName}/${logicalId}`,
      // Looked up once per nested stack (deployed values only), not once per function.
      stackName: () => {
        nestedName ??= physicalId(stackName, logicalId);
        return nestedName;
      },
    });
  }
}
for (const source of sources) {
  const template = JSON.parse(readFileSync(path.join(cdkOut, source.file), 'utf8')) as Template;
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const variables = ((resource.Properties?.Environment as { Variables?: Variables })?.Variables ??
      {}) as Variables;
    if (Object.keys(variables).length === 0) continue;
    const known = deployed ? deployedValues(source.stackName(), logicalId) : local;
    const resolved: Record<string, string> = {};
    for (const [name, value] of Object.entries(variables)) {
      // Locally the local cloud's value wins (stand-in names, test payments, the gazetteer); deployed, the
      // function's own. Plain synthesized values fill the rest.
      const plain = known[name] ?? (typeof value === 'string' ? value : undefined);
      if (plain !== undefined) resolved[name] = plain;
      else if (deployed || !LOCAL_ABSENT.has(name)) {
        console.warn(`${source.label} ${logicalId}: ${name} has no ${deployed ? 'deployed' : 'local'} value`);
      }
    }
    if (!deployed) {
      // Locally every AWS call goes to the local cloud, with its credentials.
      for (const [name, value] of Object.entries(local)) {
        if (name.startsWith('AWS_') || name === 'S3_FORCE_PATH_STYLE') resolved[name] = value;
      }
    }
    envVars[logicalId] = resolved;
  }
}
writeFileSync(out, `${JSON.stringify(envVars, null, 2)}\n`);
console.log(
  `Wrote ${path.relative(repoRoot, out)}: ${Object.keys(envVars).length} functions of stage ${stage}.`,
);
