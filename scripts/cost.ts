/**
 * `npm run cost -- <stage> [--from <cdk.out folder>] [--docs]`: what the stage costs, from its synthesized
 * templates (infra/cost): the fixed month (alarms, dashboard, WAF, the canary, secrets, jobs) and one donation
 * (the requests, invocations, DynamoDB units and mail along its path), at the list prices of
 * infra/cost/prices.ts. Synthesizes `config/<stage>.json` offline (no AWS, no web build needed), or reads a
 * `cdk synth` output with `--from`. `--docs` (stage `example` only) also rewrites the table in
 * docs/operating.md, which a unit test keeps equal to this output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { DOCS_FILE, replaceCostBlock } from '../infra/cost/docs';
import { renderEstimate } from '../infra/cost/report';
import { estimateStage } from '../infra/cost/synth-stage';

const args = process.argv.slice(2);
const stage = args[0];
if (!stage || stage.startsWith('-')) {
  console.error('Usage: npm run cost -- <stage> [--from <cdk.out folder>] [--docs]   (config/<stage>.json)');
  process.exit(2);
}
const fromAt = args.indexOf('--from');
const from = fromAt === -1 ? undefined : args[fromAt + 1];
if (fromAt !== -1 && !from) {
  console.error('--from needs the folder of a `cdk synth` output (e.g. cdk.out).');
  process.exit(2);
}
const docs = args.includes('--docs');
if (docs && stage !== 'example') {
  console.error("--docs writes the example stage's costs into docs/operating.md: run it with stage example.");
  process.exit(2);
}

let text: string;
try {
  text = renderEstimate(estimateStage(stage, { from }));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
process.stdout.write(text);
if (docs) {
  writeFileSync(DOCS_FILE, replaceCostBlock(readFileSync(DOCS_FILE, 'utf8'), text));
  console.log('\ndocs/operating.md: the cost table is updated.');
}
