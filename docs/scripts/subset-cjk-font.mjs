// Makes docs/fonts/tallyport-cjk.woff: Noto Sans CJK SC (SIL Open Font
// License 1.1) cut down to the CJK characters the pages show, so 成功 and 错误
// render on machines without a CJK font. Run it when a spec or the guide
// gains a CJK character (the docs build says so); it needs Debian's
// fonts-noto-cjk (or --source FILE) and python3-fonttools.
//
//   node docs/scripts/subset-cjk-font.mjs [--source NotoSansCJK-Regular.ttc]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CJK_FONT_FILE } from './cjk-font.mjs';
import { cjkCharactersOf, pageSources } from './cjk-text.mjs';

const DEFAULT_SOURCE = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
// The collection's faces are JP, KR, SC, TC, HK, then the monospaced ones: SC is the third.
const SIMPLIFIED_CHINESE = 2;

/** A python with fontTools: $PYTHON, python3, or Debian's own (pyenv shims may hide it). */
function python() {
  for (const candidate of [process.env.PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean)) {
    try {
      execFileSync(candidate, ['-c', 'import fontTools'], { stdio: 'ignore' });
      return candidate;
    } catch {}
  }
  throw new Error('no python with fontTools: install python3-fonttools (apt) or set PYTHON');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { source: { type: 'string', default: DEFAULT_SOURCE } } });
  if (!existsSync(values.source)) {
    console.error(`${values.source} not found: install fonts-noto-cjk (apt) or pass --source FILE`);
    process.exit(1);
  }
  const characters = cjkCharactersOf(pageSources());
  execFileSync(
    python(),
    [
      '-m',
      'fontTools.subset',
      values.source,
      `--font-number=${SIMPLIFIED_CHINESE}`,
      `--text=${characters.join('')}`,
      '--flavor=woff',
      '--no-hinting',
      '--desubroutinize',
      '--layout-features=*',
      `--output-file=${CJK_FONT_FILE}`,
    ],
    { stdio: 'inherit' },
  );
  console.log(`wrote ${CJK_FONT_FILE}: ${characters.length} characters (${characters.join('')})`);
}
