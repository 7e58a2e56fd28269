import { NotFound } from '@/features/errors';

/** Lazy route module (react-router `lazy`): exports `Component`. */
export function Component() {
  return <NotFound />;
}
