import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { ANALYTICS_PK_PREFIX, VIEW_COUNTER_ATTRIBUTES } from '../../lambdas/data/analytics';

/** The single table as the stateless stacks see it. */
export interface TableRef {
  /** The table. */
  readonly table: ITable;
  /** Names of its global secondary indexes (granted by name, so no wildcard in the policy). */
  readonly indexNames: readonly string[];
}

/** How much of the table a function may use. */
export type TableAccess = 'read' | 'readWrite';

const READ_ACTIONS = [
  'dynamodb:BatchGetItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetItem',
  'dynamodb:Query',
];
// Transactions need no action of their own: TransactWriteItems is authorised per item as Put/Update/Delete/
// ConditionCheck. Scan is left out on purpose: no access pattern needs it.
const WRITE_ACTIONS = [
  'dynamodb:BatchWriteItem',
  'dynamodb:DeleteItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
];

/**
 * Binds the table to a function in one call: sets `TABLE_NAME` (which `lambdas/lib/env.ts` reads at cold
 * start) and grants item-level access to the table and its named indexes, nothing else.
 */
export function bindTable(
  fn: LambdaFunction,
  ref: TableRef,
  access: TableAccess = 'readWrite',
  leadingKeys?: readonly string[],
): void {
  fn.addEnvironment('TABLE_NAME', ref.table.tableName);
  const tableArn = ref.table.tableArn;
  const actions = access === 'read' ? READ_ACTIONS : [...READ_ACTIONS, ...WRITE_ACTIONS];
  if (leadingKeys?.length) {
    // Only items whose partition key matches: no index (its keys are other items'), no DescribeTable.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: actions.filter((a) => a !== 'dynamodb:DescribeTable'),
        resources: [tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...leadingKeys] } },
      }),
    );
    return;
  }
  const indexArns = ref.indexNames.map((name) => `${tableArn}/index/${name}`);
  fn.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [tableArn, ...indexArns] }));
}

/**
 * Lets a read-only function count profile views (issue 44): `UpdateItem` on the analytics partitions
 * (`ANALYTICS#*`, `lambdas/data/analytics.ts`) alone, touching only the keys, the view counter and the item's
 * TTL, returning nothing. So the public page's functions can add a view and write nothing else.
 */
export function bindViewCounter(fn: LambdaFunction, ref: TableRef): void {
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:UpdateItem'],
      resources: [ref.table.tableArn],
      conditions: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${ANALYTICS_PK_PREFIX}*`] },
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...VIEW_COUNTER_ATTRIBUTES] },
        StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
      },
    }),
  );
}
