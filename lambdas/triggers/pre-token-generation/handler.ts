import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { createClientNameLookup } from '../../adapters/cognito';
import { preTokenGeneration } from './pre-token-generation';

const deps = { clientName: createClientNameLookup() };

export const handler = (event: PreTokenGenerationTriggerEvent) => preTokenGeneration(event, deps);
