/**
 * `zod` for the browser build (Vite aliases the bare `zod` import here): the same module, configured before
 * any schema exists. zod compiles fast object parsers with `new Function` when it can, and probes for that
 * when a schema is built; the site's CSP (`script-src 'self'`, no 'unsafe-eval') refuses it and reports each
 * probe as a violation, so the browser uses zod's interpreted parsers from the start.
 */
import { config, z } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
