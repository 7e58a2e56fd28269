import { join } from 'node:path';
import { AssetHashType, type AssetOptions, type BundlingOptions, DockerImage } from 'aws-cdk-lib';
import { type BuildOptions, buildSync } from 'esbuild';
import { repoRoot } from '../paths';

/**
 * How every function is bundled: esbuild, in-process, to minified ESM **with code splitting**. A dynamic
 * `import()` in our code or a library becomes its own chunk under `chunks/`, loaded only when it runs: the
 * Powertools Tracer and the X-Ray SDK (only with tracing on, `lib/tracing.ts`), the SDK's credential
 * providers other than the environment's (SSO, INI files, STS, ...), and whatever a handler imports lazily.
 * A bundle without splitting inlines all of it into `index.mjs`, where Node parses it at every cold start
 * whether it runs or not. CDK's NodejsFunction cannot split (it gives esbuild an `--outfile`), hence a plain
 * asset with this local bundling; Docker is never used.
 */
/**
 * The Node.js major of the Lambda runtime (`Runtime.NODEJS_<n>_X` in `app-function.ts`): the bundles'
 * esbuild target follows it, whatever Node runs the build (CI and the development machines run Node 20,
 * decision 18.7), so syntax and APIs are lowered for the runtime that runs them, never for the builder.
 */
export const LAMBDA_NODE_MAJOR = 24;

export const esbuildOptions: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: `node${LAMBDA_NODE_MAJOR}`,
  format: 'esm',
  splitting: true,
  minify: true,
  // Maps ship beside each file (index.mjs.map, chunks/*.mjs.map) but are not loaded: no
  // NODE_OPTIONS=--enable-source-maps, whose cost every cold start would pay. Sources need not ship.
  sourcemap: true,
  sourcesContent: false,
  // ESM because @middy/core is ESM-only; packages that still call require() get one from the banner.
  mainFields: ['module', 'main'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  // Libraries' production builds (React's server renderer in render-charity-share-page: its development
  // build renders several times slower and checks what the browser checks).
  define: { 'process.env.NODE_ENV': '"production"' },
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  // The AWS SDK is bundled too, so the versions pinned in package-lock.json are the ones that run.
  external: [],
  logLevel: 'warning',
};

/** Bundles `entry` (a module exporting `handler`) into `outdir`: `index.mjs`, its chunks and maps. */
export function bundleFunction(entry: string, outdir: string): void {
  buildSync({
    ...esbuildOptions,
    entryPoints: { index: entry },
    outdir,
    absWorkingDir: repoRoot,
    // Its `paths` resolve `@shared/…` to shared/src/….
    tsconfig: join(repoRoot, 'tsconfig.json'),
  });
}

/** Asset options of a function whose handler module is `entry`. */
export function functionBundling(entry: string): AssetOptions {
  const bundling: BundlingOptions & { entry: string } = {
    // Part of the asset's cache key: without it two functions would share one bundle.
    entry,
    // Required by the type; never pulled, since the local bundling below always succeeds or throws.
    image: DockerImage.fromRegistry(`node:${LAMBDA_NODE_MAJOR}-slim`),
    local: {
      tryBundle(outputDir) {
        bundleFunction(entry, outputDir);
        return true;
      },
    },
  };
  return { bundling, assetHashType: AssetHashType.OUTPUT };
}
