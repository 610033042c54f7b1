import type { Config } from 'jest';

// Projects: the SPA in jsdom, the API server in node (on SQLite, and on PostgreSQL when
// TEST_POSTGRES_URL is set). All compile TypeScript with ts-jest.
const tsJest = (tsconfig: string) => ['ts-jest', { tsconfig, diagnostics: { warnOnly: false } }];

function server(displayName: string, database = 'sqlite') {
  return {
    displayName,
    testEnvironment: 'node',
    roots: ['<rootDir>/server'],
    // Several server processes on one database: PostgreSQL only (SQLite is one process by design).
    ...(database === 'postgres' ? {} : { testPathIgnorePatterns: ['/node_modules/', '<rootDir>/server/test/processes.test.ts'] }),
    globals: { TEST_DATABASE: database },
    setupFiles: ['<rootDir>/server/test/database.ts'],
    transform: { '^.+\\.ts$': tsJest('<rootDir>/server/tsconfig.json') },
  };
}

const config: Config = {
  // A test may take 30 s in all: many start a server, build an app over a rendered dist/ or a
  // child process, each of whose waits is on a condition; jest's 5 s default timed them out on a
  // loaded machine (CI, server tests on SQLite and PostgreSQL), as it did the client's before.
  testTimeout: 30_000,
  // One worker per core (jest's default keeps one core for itself: on CI's 2 cores that ran every
  // file one after the other, though most of a test's time is spent waiting on a server, a child
  // process or the image worker).
  maxWorkers: '100%',
  reporters: ['default', '<rootDir>/src/test/summaryReporter.cjs'],
  // Encodes the demo images once (a cache in node_modules/.cache) before any test seeds a DATA_DIR.
  globalSetup: '<rootDir>/server/test/globalSetup.cjs',
  projects: [
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/src/test/jsdomEnvironment.cjs',
      roots: ['<rootDir>/src'],
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
      // react-router ships only ES modules: jest loads them through Node's require(esm),
      // enabled by --experimental-vm-modules in the test script.
      transform: { '^.+\\.tsx?$': tsJest('<rootDir>/tsconfig.json') },
      moduleNameMapper: {
        '\\.(css|png|jpe?g|gif|svg|webp|avif|woff2?)$': '<rootDir>/src/test/fileStub.ts',
      },
    },
    server('server'),
    // The same server tests on PostgreSQL, when a server to create test databases on is given
    // (.ci/postgres.sh starts a throwaway one): server/test/database.ts.
    ...(process.env.TEST_POSTGRES_URL ? [server('server · PostgreSQL', 'postgres')] : []),
  ],
};

export default config;
