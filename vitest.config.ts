import { defineConfig } from 'vitest/config';

// Many tests build a site, start the CLI or drive a browser: seconds each on a 2-core machine, and
// more when it is busy. These limits stop a test that hangs, not one that is slow; a test that
// needs longer says so itself.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
