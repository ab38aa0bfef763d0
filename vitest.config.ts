// Test runner settings: unit tests beside their modules, integration suites in test/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['rules/**/*.test.ts', 'table/**/*.test.ts', 'machines/**/*.test.ts', 'families/**/*.test.ts', 'contract/**/*.test.ts', 'hardware/**/*.test.ts', 'host/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'electron/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
