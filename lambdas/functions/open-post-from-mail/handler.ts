import { openPostFromMail } from '../../domain/updates/mail-link';
import { documentHandler } from '../../lib/document-handler';
import { mailClickDeps } from '../../wiring/public-pages';

const deps = mailClickDeps();

export const handler = documentHandler(
  () => import('@shared/api/route-groups/posts').then((g) => g.postRoutes['open-post-from-mail']),
  'text/plain; charset=utf-8',
  (input) => openPostFromMail(deps, input.registrationNumber, input.postId ?? ''),
);
