import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (playwright-core downloads no browser); .ci/run installs it. */
export const CHROMIUM = '/usr/bin/chromium';

/** A browser suite runs where Chromium is installed and says it skipped elsewhere. */
export const describeWithChromium = existsSync(CHROMIUM) ? describe : describe.skip;

/** Headless, and quiet: no first-run pages, no background requests of its own (a test counts the page's requests). */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
