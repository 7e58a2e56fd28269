/**
 * Three projects: unit (fast, beside the code), integration (lambdas against the local cloud started by
 * the global setup) and e2e (a real headless Chromium against the app served by the local cloud).
 */
// The AWS SDK's Node-version and maintenance notices are noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
// Functions called in-process log through Powertools; set LOG_LEVEL=INFO to see them.
process.env.LOG_LEVEL ??= 'SILENT';

const transform = {
  '^.+\\.(t|j)sx?$': [
    'ts-jest',
    {
      tsconfig: {
        module: 'commonjs',
        allowJs: true,
        jsx: 'react-jsx',
        esModuleInterop: true,
        isolatedModules: true,
      },
      diagnostics: false,
    },
  ],
};
// ESM-only packages that jest's CommonJS runtime must have transformed.
const esmPackages = ['@middy', '@aws-lambda-powertools'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];
// `@shared/…` is shared/src/… in every project (tsconfig.json and web/tsconfig.json `paths`, web/vite.config.mts).
const sharedAlias = { '^@shared/(.*)$': '<rootDir>/shared/src/$1' };
const common = {
  transform,
  transformIgnorePatterns,
  testEnvironment: 'node',
  rootDir: __dirname,
  moduleNameMapper: sharedAlias,
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      // The web's own alias too (web/tsconfig.json `paths`, web/vite.config.mts).
      moduleNameMapper: {
        '^@/(.*)\\.css$': '<rootDir>/web/test-setup/style-stub.js',
        '^@/(.*)$': '<rootDir>/web/src/$1',
        '\\.css$': '<rootDir>/web/test-setup/style-stub.js',
        ...sharedAlias,
      },
      setupFiles: ['<rootDir>/web/test-setup/jsdom-globals.js'],
      testMatch: ['<rootDir>/{shared,lambdas,infra,web}/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
