import type { BreachedCheck } from '../lib/password-screen';

/**
 * The breached-password check of the routes that set a password (register-charity, register-donor,
 * reset-password-with-token, change-charity-password): the filter (about 80 KB) is a chunk of its own, read on
 * the first password the function checks, and only these functions import this module.
 */
export const breachedPassword: BreachedCheck = (password) =>
  import('../lib/breached-passwords/filter').then((m) => m.isBreachedPassword(password));
