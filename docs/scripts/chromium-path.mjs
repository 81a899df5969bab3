// Where the docs browser test looks for Chromium, shared by the test and by
// the line `pnpm test` ends with when the browser test had to be skipped.
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumPresent = existsSync(chromiumPath);
export const chromiumInstallCommand = 'bash docs/scripts/install-chromium.sh';
