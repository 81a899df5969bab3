// A strict check of the XML 1.0 rules a JUnit file can break: every character
// is an XML Char, markup is balanced, and `<` / `&` appear in text and
// attribute values only as markup or entity references. Enough for the
// reports this package writes (no DTD, comments, CDATA or processing
// instructions beyond the declaration), with no dependency.

const XML_CHARS = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;
const REFERENCE = /&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi;
const NAME = '[A-Za-z_][\\w.-]*';
const ATTRIBUTE = new RegExp(`\\s+(${NAME})="([^"<]*)"`, 'y');
const TAG = new RegExp(`<(/?)(${NAME})`, 'y');

/** Problems of `xml` as an XML 1.0 document; empty when it is well-formed. */
export function xmlProblems(xml: string): string[] {
  if (!XML_CHARS.test(xml)) return ['a character XML 1.0 does not allow'];
  const problems: string[] = [];
  const open: string[] = [];
  let at = 0;
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/.exec(xml);
  if (declaration) at = declaration[0].length;
  const text = (chunk: string) => {
    if (chunk.replace(REFERENCE, '').includes('&')) problems.push(`a bare & in text near ${at}`);
  };
  while (at < xml.length) {
    const next = xml.indexOf('<', at);
    text(xml.slice(at, next < 0 ? xml.length : next));
    if (next < 0) break;
    TAG.lastIndex = next;
    const tag = TAG.exec(xml);
    if (!tag) return [...problems, `a bare < at ${next}`];
    at = TAG.lastIndex;
    const [, closing, name] = tag;
    if (closing) {
      if (open.pop() !== name) return [...problems, `</${name}> closes nothing open at ${next}`];
    } else {
      for (ATTRIBUTE.lastIndex = at; ; ) {
        const attribute = ATTRIBUTE.exec(xml);
        if (!attribute) break;
        if (attribute[2]!.replace(REFERENCE, '').includes('&')) problems.push(`a bare & in ${attribute[1]}`);
        at = ATTRIBUTE.lastIndex;
      }
    }
    const end = /^\s*(\/?)>/.exec(xml.slice(at, at + 10));
    if (!end) return [...problems, `a malformed tag <${name}> at ${next}`];
    if (!closing && !end[1]) open.push(name!);
    at += end[0].length;
  }
  if (open.length > 0) problems.push(`unclosed <${open.join('>, <')}>`);
  if (open.length === 0 && !xml.includes('</testsuites>')) problems.push('no root element');
  return problems;
}
