import { PAGE_TEMPLATES } from '../../../shared/src/templates';
import type { PageTemplateData } from '../../data/page-templates';
import type { Clock } from '../../lib/clock';

/**
 * Writes the reference data the app needs (page templates). Idempotent: run on the local cloud's first
 * start and after every deploy (a CDK trigger), so a changed template definition reaches the table.
 */
export async function seedData(deps: {
  templates: PageTemplateData;
  clock: Clock;
}): Promise<{ templates: number }> {
  return { templates: await deps.templates.putAll(PAGE_TEMPLATES, deps.clock.now()) };
}
