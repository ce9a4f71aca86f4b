import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Starts PostgreSQL for its tests when no URL is given and the machine has the server (vitest.global-setup.ts).
    globalSetup: ['./vitest.global-setup.ts'],
  },
});
