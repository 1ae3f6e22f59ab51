/** One jest run over every package; TypeScript sources are used directly (no build needed for unit tests). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/docker', '<rootDir>/k8s'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  moduleNameMapper: {
    '^@byline/shared$': '<rootDir>/packages/shared/src',
    '^@byline/shared/http$': '<rootDir>/packages/shared/src/http',
    '^@byline/test-support$': '<rootDir>/packages/test-support/src',
    '^@byline/portal$': '<rootDir>/packages/portal/src',
    '^@byline/portal/operator$': '<rootDir>/packages/portal/src/operator',
  },
  globalSetup: '<rootDir>/packages/test-support/src/global-setup.js',
  globalTeardown: '<rootDir>/packages/test-support/src/global-teardown.js',
  testTimeout: 30000,
};
