// One font stack for every page. It starts with the CJK font the docs ship
// (cjk-font.mjs: a subset of Noto Sans CJK SC, limited by unicode-range to its
// own characters), so the Marketplace's 成功 and 错误 render as glyphs, never
// empty boxes, on every machine; common system fonts follow for all else.
import { CJK_FONT_FAMILY } from './cjk-font.mjs';

const SHIPPED = `'${CJK_FONT_FAMILY}'`;
const CJK = ["'PingFang SC'", "'Hiragino Sans GB'", "'Microsoft YaHei'", "'Noto Sans CJK SC'", "'Source Han Sans SC'"];
const WQY = ["'WenQuanYi Zen Hei'", "'WenQuanYi Micro Hei'"];

export const SANS_STACK = [
  SHIPPED,
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
  SHIPPED,
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
 * the runtime puts it. `fontFace` is the shipped font's @font-face (cjkFontFace).
 */
export function withFontStack(html, fontFace) {
  const variables = `--font-family-base:${SANS_STACK};--font-family-monospaced:${MONO_STACK};`;
  const style = `<style id="tallyport-fonts">${fontFace}:root:root{${variables}}</style>`;
  if (!html.includes('</head>')) throw new Error('the page has no </head> to put the font stack in');
  return html.replace('</head>', `${style}\n</head>`);
}
