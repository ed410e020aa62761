/**
 * Launches Debian's Chromium (installed by `npm run browser:install`) through playwright-core, with the flags
 * this machine's closed network needs: no background networking, no component updates, no sync, no QUIC.
 */
import { type Browser, chromium } from 'playwright-core';

/** Where `npm run browser:install` puts Chromium. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium with a fresh, empty profile. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
