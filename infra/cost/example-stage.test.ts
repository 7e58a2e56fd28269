/**
 * Issue 43: the costs docs/operating.md states are the synth's. One offline synthesis of `config/example.json`
 * (the complete production example), as `npm run cost -- example` makes it: no bundling, no cdk-nag.
 */
import { readFileSync } from 'node:fs';
import { BUDGET_ACTUAL_ALERT_PERCENT } from '../stacks/ops-stack';
import { DEFAULT_MONTHLY_BUDGET_USD, loadStageConfig } from '../stage-config';
import { costBlockOf, DOCS_FILE, statedFigures } from './docs';
import type { Estimate } from './estimate';
import { readInventory, stageTemplates } from './inventory';
import { renderEstimate } from './report';
import { estimateAssembly, synthStage } from './synth-stage';

const config = loadStageConfig('example');
const synthesized = synthStage('example', config, new Date());
afterAll(() => synthesized.remove());
const templates = stageTemplates(synthesized.assembly, 'example');
const estimated: Estimate = estimateAssembly('example', config, synthesized.assembly);
const docs = readFileSync(DOCS_FILE, 'utf8');
const UPDATE = 'run `npm run cost -- example --docs` and commit docs/operating.md';

describe('the example stage costs what docs/operating.md says (issue 43)', () => {
  it('reads every stack: the nested route shards and both us-east-1 stacks', () => {
    const stacks = templates.map((t) => t.stack);
    for (const name of ['Stateful', 'Web', 'Api', 'Jobs', 'Ops', 'Edge', 'EdgeWatch'])
      expect(stacks).toContain(`Kindred-example-${name}`);
    expect(stacks.filter((s) => s.startsWith('Kindred-example-Api/')).length).toBeGreaterThanOrEqual(2);
    expect(templates.filter((t) => t.region === 'us-east-1').map((t) => t.stack)).toEqual([
      'Kindred-example-Edge',
      'Kindred-example-EdgeWatch',
    ]);
    // Every alarm of every template is counted, the shards' rollback alarms and the canary's included.
    const alarms = templates.flatMap((t) =>
      Object.values(t.template.Resources ?? {}).filter((r) => r.Type === 'AWS::CloudWatch::Alarm'),
    );
    expect(estimated.alarms.count).toBe(alarms.length);
  });

  it('knows the fixed charge of every resource type of the synth', () => {
    expect(readInventory(templates).unpriced).toEqual([]);
  });

  it('states the alarm count and the fixed monthly cost the synth gives, in the generated table', () => {
    const block = costBlockOf(docs);
    if (block === undefined) throw new Error(`docs/operating.md has lost its cost markers: ${UPDATE}`);
    expect({ figures: statedFigures(block), update: UPDATE }).toEqual({
      figures: { alarms: estimated.alarms.count, fixedUsd: Number(estimated.fixedUsd.toFixed(2)) },
      update: UPDATE,
    });
    // And the rest of the table (prices, assumptions, the donation) is the one the code prints.
    expect(block).toBe(renderEstimate(estimated));
  });

  it('sets the default budget above the fixed cost, so its notification does not fire every month', () => {
    expect(config.monthlyBudgetUsd).toBeUndefined();
    expect(estimated.budget).toEqual({
      usd: DEFAULT_MONTHLY_BUDGET_USD,
      from: 'default',
      actualAlertPercent: 80,
    });
    expect(DEFAULT_MONTHLY_BUDGET_USD).toBeGreaterThan(estimated.fixedUsd);
    // The ACTUAL notification: a month of no traffic at all must not reach it.
    expect((DEFAULT_MONTHLY_BUDGET_USD * BUDGET_ACTUAL_ALERT_PERCENT) / 100).toBeGreaterThan(
      estimated.fixedUsd,
    );
    expect(docs).toContain(`(default ${DEFAULT_MONTHLY_BUDGET_USD}:`);
    expect(docs).toContain(`(\`DEFAULT_MONTHLY_BUDGET_USD\`, ${DEFAULT_MONTHLY_BUDGET_USD})`);
  });

  it('prices a donation at a fraction of a tenth of a cent', () => {
    expect(estimated.donationUsd).toBeGreaterThan(0.0001);
    expect(estimated.donationUsd).toBeLessThan(0.001);
  });
});
