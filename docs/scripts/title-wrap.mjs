// Redoc breaks its page title anywhere (`overflow-wrap: anywhere`), and on a
// phone (390 pixels) its 36-pixel title beside the download button has room
// for "Marketpla" only: the title broke inside the word. Titles break between
// words, and on a narrow screen they are set smaller, so the longest word of a
// title fits on a line of its own.
export const TITLE_WRAP_CSS =
  'h1,h2{overflow-wrap:break-word!important;word-break:normal!important}' +
  '@media (max-width:480px){h1{font-size:1.6rem!important;line-height:1.25!important}}';

export function withTitleWrap(html) {
  if (!html.includes('</head>')) throw new Error('the page has no </head> to put the title wrapping in');
  return html.replace('</head>', `<style id="tallyport-title-wrap">${TITLE_WRAP_CSS}</style>\n</head>`);
}
