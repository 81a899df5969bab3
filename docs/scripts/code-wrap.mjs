// Redoc's sample panel is narrow (about 40 characters of code at 1280 pixels):
// a long line of a request sample ran past its edge, hidden. Lines of code
// wrap instead, on every page, so each line stays visible; the text (and so
// the copy button) is unchanged.
export const CODE_WRAP_CSS = 'pre{white-space:pre-wrap!important;overflow-wrap:anywhere}';

export function withCodeWrap(html) {
  if (!html.includes('</head>')) throw new Error('the page has no </head> to put the code wrapping in');
  return html.replace('</head>', `<style id="tallyport-code-wrap">${CODE_WRAP_CSS}</style>\n</head>`);
}
