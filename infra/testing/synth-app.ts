import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { routeList } from '@shared/api/routes';
import { jobs } from '@shared/jobs';
import { App, type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { type AppSettings, buildApp, type KindredStacks } from '../build-app';
import { functionsDir, jobsDir, repoRoot } from '../paths';
import type { ApiStack } from '../stacks/api-stack';

/** Folder of the fixture handlers used by the stack tests. */
export const fixturesDir = path.join(__dirname, '..', 'stacks', '__fixtures__');

/** Options of {@link synthApp}. */
export interface SynthOptions extends Partial<AppSettings> {
  /** Run esbuild for real (slow); by default bundling is skipped. */
  readonly bundle?: boolean;
  /** Extra context (e.g. `@aws-cdk/core:bootstrapQualifier`). */
  readonly context?: Record<string, unknown>;
  /** Changes the stacks before synthesis (e.g. to add a deliberately non-compliant resource). */
  readonly beforeSynth?: (stacks: KindredStacks) => void;
}

/** A synthesized test app. */
export interface SynthesizedApp extends KindredStacks {
  readonly app: App;
  readonly assembly: CloudAssembly;
  readonly settings: AppSettings;
}

/** The feature flags of cdk.json, so tests synthesize exactly what `cdk synth` does. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/** Temporary folders made by this module; removed after the test file (or when the process exits). */
const scratch: string[] = [];
function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}
function removeScratch(): void {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}
if (typeof afterAll === 'function') afterAll(removeScratch);
else process.on('exit', removeScratch);

/** A temporary stand-in for `web/dist`. */
export function makeWebDist(): string {
  const dir = scratchDir('kindred-web-dist-');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>test</title>');
  return dir;
}

/**
 * Builds and synthesizes the whole app offline, with cdk-nag registered as in `bin/app.ts`. A cdk-nag error
 * makes the synth throw (CDK fails synth on validation errors when run under jest); warnings are left in
 * the validation report, read with {@link validationViolations}.
 */
export function synthApp(options: SynthOptions = {}): SynthesizedApp {
  const { bundle = false, beforeSynth, context, ...overrides } = options;
  const app = new App({
    // Not CDK's default (a new cdk.out folder in the system temp folder per synth, never removed).
    outdir: scratchDir('kindred-synth-'),
    context: {
      ...cdkJsonContext(),
      // An empty list skips asset bundling in every stack (NodejsFunction then runs no esbuild).
      ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...context,
    },
  });
  const settings: AppSettings = {
    env: { account: '123456789012', region: 'eu-west-2' },
    stage: 'test',
    sesSender: 'no-reply@example.org',
    registerSource: 'extract',
    routes: routeList,
    jobs,
    functionsDir,
    jobsDir,
    webDistDir: makeWebDist(),
    ...overrides,
    // Fixture routes belong to no group of the manifest: one shard of their own.
    routeShards:
      overrides.routeShards ??
      (overrides.routes ? { Fixtures: overrides.routes.map((route) => route.id) } : undefined),
  };
  const stacks = buildApp(app, settings);
  beforeSynth?.(stacks);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  const assembly = app.synth();
  return { app, assembly, settings, ...stacks };
}

/** One finding of the validation report. */
export interface Violation {
  readonly plugin: string;
  readonly rule: string;
  readonly severity: string;
  readonly constructPath: string;
}

/** Every unacknowledged finding (errors and warnings, cdk-nag and annotations) of a synthesized app. */
export function validationViolations(assembly: CloudAssembly): Violation[] {
  const report: {
    pluginReports?: {
      pluginName: string;
      violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
    }[];
    // CDK writes this file on every synth with validation plugins (empty `pluginReports` when all is clean).
  } = JSON.parse(readFileSync(path.join(assembly.directory, 'validation-report.json'), 'utf8'));
  return (report.pluginReports ?? []).flatMap((plugin) =>
    plugin.violations.flatMap((v) =>
      v.violatingConstructs.map((c) => ({
        plugin: plugin.pluginName,
        rule: v.ruleName,
        severity: v.severity,
        constructPath: c.constructPath,
      })),
    ),
  );
}

/**
 * The API stack's template with its route shards' resources merged in (the routes' functions, releases and
 * routes live in nested stacks). A shard's own resources of the same logical id as another's (its CodeDeploy
 * application and role) are kept under `<shard>/<logical id>`.
 */
export function apiTemplate(api: ApiStack): Template {
  const resources: Record<string, unknown> = { ...Template.fromStack(api).toJSON().Resources };
  for (const shard of api.shards) {
    for (const [id, resource] of Object.entries(Template.fromStack(shard).toJSON().Resources ?? {})) {
      resources[id in resources ? `${shard.node.id}/${id}` : id] = resource;
    }
  }
  return Template.fromJSON({ Resources: resources });
}

/**
 * Logical id of a construct (or of its default child) in its own stack, nested or not, as written in the
 * template (with an override such as a function version's hash of its configuration).
 */
export function logicalIdOf(construct: IConstruct): string {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  return Stack.of(element).resolve(element.logicalId) as string;
}
