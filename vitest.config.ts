import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/unit/**/*.test.tsx',
      'tests/api/**/*.test.ts',
      'tests/scenarios/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['tests/support/pgliteTemplate.ts'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default', './tests/support/plain-reporter.ts'],
  },
});
