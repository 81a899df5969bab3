// The last line of `pnpm test` on a machine without Chromium: the docs browser
// test skips itself in the middle of a long log, so the end says what was
// skipped and how to install what it needs. Prints nothing when Chromium is there.
import { chromiumInstallCommand, chromiumPath, chromiumPresent } from './chromium-path.mjs';

if (!chromiumPresent) {
  console.log(
    `\nSKIPPED: the docs browser test (no Chromium at ${chromiumPath}); install it with \`${chromiumInstallCommand}\`` +
      ' (or set CHROMIUM_PATH).',
  );
}
