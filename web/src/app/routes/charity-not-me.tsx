import { NotMePage } from '@/features/not-me';

/** Lazy route module ("this wasn't me" link of a verification-code mail): exports `Component`. */
export function Component() {
  return <NotMePage />;
}
