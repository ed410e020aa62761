// The app's own tests: one test emulator per file (see src/tasks.test.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['src/**/*.test.ts'] } });
