import { rebuildAllCards } from '../../domain/discovery/card';
import { createLogger } from '../../lib/logger';
import { cardDeps } from '../../wiring/discovery';

const deps = cardDeps();
const logger = createLogger('rebuild-discovery-cards');

/** Daily: every live charity's discovery card rebuilt, cards of charities no longer live removed (issue 45). */
export const handler = async () => {
  const result = await rebuildAllCards(deps, (message, extra) => logger.warn(message, extra));
  logger.info('discovery cards rebuilt', result);
  return result;
};
