// One Jest for the whole tree. ESM mode (NestJS 12 is ESM-only): run through `make test`,
// which sets NODE_OPTIONS=--experimental-vm-modules.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        react: { runtime: 'automatic' },
      },
      target: 'es2024',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const base = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
};

/** @type {import('jest').Config} */
export default {
  testSequencer: '<rootDir>/tests/support/long-first.mjs',
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{packages,services,frontends}/*/src/**/*.spec.ts?(x)',
        // A frontend's server rendering (frontends/reader/server).
        '<rootDir>/frontends/*/server/**/*.spec.ts?(x)',
        // The test tooling's own logic (make test's reading of the reports).
        '<rootDir>/tests/support/**/*.spec.ts',
      ],
    },
    {
      ...base,
      displayName: 'integration',
      testMatch: [
        '<rootDir>/services/*/test/**/*.int-spec.ts',
        '<rootDir>/tests/{integration,chaos,security}/**/*.int-spec.ts',
      ],
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
      // Each worker on a stack of its own (make test runs two): its slot from JEST_WORKER_ID.
      setupFiles: ['<rootDir>/tests/support/test-slot.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/long-timeout.ts'],
    },
    { ...base, displayName: 'charts', testMatch: ['<rootDir>/tests/charts/**/*.spec.ts'] },
    { ...base, displayName: 'contract', testMatch: ['<rootDir>/tests/contract/**/*.pact.spec.ts'] },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/tests/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/tests/e2e/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/support/long-timeout.ts'],
    },
  ],
};
