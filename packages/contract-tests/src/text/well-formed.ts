// A deployment's JSON can hold lone surrogates (`"\ud800"`), which no UTF-8
// file can carry and which make encodeURIComponent throw. Writers replace
// them with U+FFFD, as the transport's URL encoding already does on the wire.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const wellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\ufffd');

/** encodeURIComponent that never throws. */
export const encodeComponent = (text: string): string => encodeURIComponent(wellFormed(text));
