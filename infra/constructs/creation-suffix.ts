import { Fn, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Hex characters unique to one creation of a stack: a part of the GUID at the end of its stack id
 * (`arn:aws:cloudformation:<region>:<account>:stack/<name>/<8>-<4>-<4>-<4>-<12>`). A name made with it never
 * meets the name of a resource its stack kept when it was deleted (a retained backup vault), or of another
 * stage's: a re-created stack gets a new stack id. `short` is the GUID's first 8 characters, `long` its last 12.
 */
export function creationSuffix(scope: IConstruct, length: 'short' | 'long' = 'long'): string {
  const guid = Fn.select(2, Fn.split('/', Stack.of(scope).stackId));
  return Fn.select(length === 'short' ? 0 : 4, Fn.split('-', guid));
}
