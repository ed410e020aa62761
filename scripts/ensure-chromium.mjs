#!/usr/bin/env node
/**
 * Makes sure Debian's chromium is installed at /usr/bin/chromium for the browser tests
 * (driven by playwright-core, which ships no browser of its own). Idempotent; see ensure-debian-package.mjs.
 */
import { ensureDebianPackage } from './ensure-debian-package.mjs';

ensureDebianPackage({
  label: 'ensure-chromium',
  packageName: 'chromium',
  binaryPath: '/usr/bin/chromium',
  purpose: 'the browser tests',
});
