/**
 * ESM-only packages jest's CommonJS runtime cannot load as they are (Node itself loads them with require(esm)):
 * their .js files go through ts-jest to CommonJS. Only these are transformed, and jest caches the result.
 */
const ESM_PACKAGES = [
  'openid-client',
  'oauth4webapi',
  'jose',
  'oidc-provider',
  // the status list's independent decoder (a devDependency) and the ESM-only packages it loads
  '@digitalbazaar/vc-bitstring-status-list',
  '@digitalbazaar/bitstring',
  '@digitalbazaar/vc',
  'base64url-universal',
  // atproto OAuth (the portal's "Sign in with Bluesky") and the ESM-only packages it loads
  '@atproto/(?:oauth-client|oauth-client-node|oauth-types|jwk|jwk-jose|jwk-webcrypto|did)',
  '@atproto-labs',
  'multiformats',
];

/** One jest run over every package; TypeScript sources are used directly (no build needed for unit tests). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/docker', '<rootDir>/k8s'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    [`/node_modules/(${ESM_PACKAGES.join('|')})/.+\\.js$`]: [
      'ts-jest',
      {
        tsconfig: { allowJs: true, module: 'commonjs', moduleResolution: 'node10', target: 'ES2022', isolatedModules: true },
        diagnostics: false,
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  moduleNameMapper: {
    // Exported for `import` only: jest's CommonJS resolver finds no file for it by the package's exports.
    '^multiformats/bases/base64$': '<rootDir>/node_modules/multiformats/dist/src/bases/base64.js',
    '^@byline/shared$': '<rootDir>/packages/shared/src',
    '^@byline/shared/store$': '<rootDir>/packages/shared/src/store',
    '^@byline/shared/check-node-line$': '<rootDir>/packages/shared/src/runtime/check-node-line',
    '^@byline/(domain|store-sqlite|store-mongodb|fetcher|http|editorial)/(.*)$': '<rootDir>/packages/$1/src/$2',
    '^@byline/(fetcher|http)$': '<rootDir>/packages/$1/src',
    '^@byline/client$': '<rootDir>/packages/client/src',
    '^@byline/test-support$': '<rootDir>/packages/test-support/src',
    '^@byline/portal$': '<rootDir>/packages/portal/src',
  },
  globalSetup: '<rootDir>/packages/test-support/src/global-setup.js',
  globalTeardown: '<rootDir>/packages/test-support/src/global-teardown.js',
  testTimeout: 30000,
  // Suites spend much of their time waiting (servers and processes they start, FerretDB, Chromium): one worker per
  // core keeps both of CI's two cores busy, where jest's default (cores - 1) ran every suite one after another.
  maxWorkers: '100%',
  // Every suite closes what it opens; this only keeps a leaked handle from holding CI until its time limit.
  forceExit: true,
};
