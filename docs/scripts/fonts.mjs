// One font stack for every page, ending in common CJK fonts (macOS, Windows,
// Noto/Source Han, WenQuanYi) so that the Marketplace's 成功 and 错误 render as
// glyphs, not empty boxes, on machines whose first choices lack them.
const CJK = ["'PingFang SC'", "'Hiragino Sans GB'", "'Microsoft YaHei'", "'Noto Sans CJK SC'", "'Source Han Sans SC'"];
const WQY = ["'WenQuanYi Zen Hei'", "'WenQuanYi Micro Hei'"];

export const SANS_STACK = [
  'system-ui',
  '-apple-system',
  "'Segoe UI'",
  'Roboto',
  "'Helvetica Neue'",
  'Arial',
  ...CJK,
  ...WQY,
  'sans-serif',
].join(', ');

export const MONO_STACK = [
  'ui-monospace',
  'SFMono-Regular',
  'Menlo',
  'Consolas',
  "'Roboto Mono'",
  "'Noto Sans Mono CJK SC'",
  "'WenQuanYi Zen Hei Mono'",
  ...CJK,
  'monospace',
].join(', ');

/**
 * Redoc takes its fonts from CSS variables on `:root`; a doubled `:root` outranks its own rule wherever
 * the runtime puts it.
 */
export function withFontStack(html) {
  const variables = `--font-family-base:${SANS_STACK};--font-family-monospaced:${MONO_STACK};`;
  const style = `<style id="tallyport-fonts">:root:root{${variables}}</style>`;
  if (!html.includes('</head>')) throw new Error('the page has no </head> to put the font stack in');
  return html.replace('</head>', `${style}\n</head>`);
}
