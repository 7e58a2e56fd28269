import { NotFound } from '@/features/errors/components/not-found';

/** Lazy route module (react-router `lazy`): exports `Component`. */
export function Component() {
  return <NotFound />;
}
