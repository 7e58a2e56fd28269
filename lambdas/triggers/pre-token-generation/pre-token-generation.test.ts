import { NOT_CHARITY_USER } from '@shared/identity';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { preTokenGeneration } from './pre-token-generation';

const names: Record<string, string> = { c1: 'charity-portal', d1: 'donor' };
const deps = { clientName: async (_pool: string, id: string) => names[id] };

function event(clientId: string, userType?: string): PreTokenGenerationTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-2',
    userPoolId: 'eu-west-2_Test',
    userName: 'u',
    triggerSource: 'TokenGeneration_Authentication',
    callerContext: { awsSdkVersion: '1', clientId },
    request: { userAttributes: userType ? { 'custom:user_type': userType } : {}, groupConfiguration: {} },
    response: { claimsOverrideDetails: {} },
  } as unknown as PreTokenGenerationTriggerEvent;
}

describe('preTokenGeneration', () => {
  it('lets a charity through on the charity client', async () => {
    await expect(preTokenGeneration(event('c1', 'charity'), deps)).resolves.toBeDefined();
  });

  it.each([['donor'], [undefined]])('refuses user type %s on the charity client', async (type) => {
    await expect(preTokenGeneration(event('c1', type), deps)).rejects.toThrow(NOT_CHARITY_USER);
  });

  it('lets a donor through on the donor client', async () => {
    await expect(preTokenGeneration(event('d1', 'donor'), deps)).resolves.toBeDefined();
  });
});
