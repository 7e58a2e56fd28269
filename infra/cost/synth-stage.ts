import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { buildApp } from '../build-app';
import { placeholderSiteDir, repoRoot, webDistDir } from '../paths';
import { BUDGET_ACTUAL_ALERT_PERCENT } from '../stacks/ops-stack';
import { DEFAULT_MONTHLY_BUDGET_USD, loadStageConfig, type StageConfig } from '../stage-config';
import { stageAppSettings } from '../stage-settings';
import { type Estimate, estimate } from './estimate';
import { readInventory, stageTemplates } from './inventory';

/** The context of cdk.json (feature flags), so the synth is the one `cdk synth` makes. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/**
 * Synthesizes a stage offline, as `bin/app.ts` builds it (the same settings, `stageAppSettings`), into a
 * temporary folder, without bundling the functions (the templates are the same; only the assets' code is
 * left out) and without cdk-nag (it changes no resource). Needs no AWS account and no web build: without
 * `web/dist` the placeholder page is the site (the costs do not depend on it).
 */
export function synthStage(
  stage: string,
  config: StageConfig,
  today: Date,
): { assembly: CloudAssembly; remove(): void } {
  const outdir = mkdtempSync(path.join(tmpdir(), `kindred-cost-${stage}-`));
  const app = new App({
    outdir,
    // No bundling; the asset metadata names each nested stack's template file, as `cdk synth` does.
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], 'aws:cdk:enable-asset-metadata': true },
  });
  const siteBuilt = existsSync(path.join(webDistDir, 'index.html'));
  buildApp(
    app,
    stageAppSettings(stage, config, {
      // Any account will do for the templates' shape; the stage's own when the config names it.
      account: '123456789012',
      webDistDir: siteBuilt ? webDistDir : placeholderSiteDir,
      today,
    }),
  );
  return { assembly: app.synth(), remove: () => rmSync(outdir, { recursive: true, force: true }) };
}

/** The estimate of a stage from a cloud assembly holding its stacks. */
export function estimateAssembly(stage: string, config: StageConfig, assembly: CloudAssembly): Estimate {
  return estimate(stage, readInventory(stageTemplates(assembly, stage)), {
    usd: config.monthlyBudgetUsd ?? DEFAULT_MONTHLY_BUDGET_USD,
    from: config.monthlyBudgetUsd === undefined ? 'default' : 'config',
    actualAlertPercent: BUDGET_ACTUAL_ALERT_PERCENT,
  });
}

/**
 * The estimate of `config/<stage>.json`: synthesized here, or read from a `cdk synth` output folder
 * (`from`).
 */
export function estimateStage(stage: string, options: { from?: string; today?: Date } = {}): Estimate {
  const config = loadStageConfig(stage);
  if (options.from) return estimateAssembly(stage, config, new CloudAssembly(options.from));
  const { assembly, remove } = synthStage(stage, config, options.today ?? new Date());
  try {
    return estimateAssembly(stage, config, assembly);
  } finally {
    remove();
  }
}
