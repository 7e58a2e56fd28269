import { AppClientName, NOT_CHARITY_USER, USER_TYPE_ATTRIBUTE, UserType } from '@shared/identity';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';

export type ClientNameLookup = (userPoolId: string, clientId: string) => Promise<string | undefined>;

/**
 * Refuses tokens to anyone but a charity on the charity portal's client. The client is recognised by
 * name, not id: the id is generated with the pool, and the pool refers to this function, so passing the
 * id in would be a dependency cycle.
 */
export async function preTokenGeneration(
  event: PreTokenGenerationTriggerEvent,
  deps: { clientName: ClientNameLookup },
): Promise<PreTokenGenerationTriggerEvent> {
  const userType = event.request.userAttributes[USER_TYPE_ATTRIBUTE];
  if (userType === UserType.Charity) return event;
  const clientId = event.callerContext.clientId;
  const name = await deps.clientName(event.userPoolId, clientId);
  if (name === AppClientName.Charity) throw new Error(NOT_CHARITY_USER);
  return event;
}
