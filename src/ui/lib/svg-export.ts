// The flow diagram's SVG export as a well-formed XML document (issue 22 item 4). The page serialises the <svg> element
// with outerHTML, HTML's serialiser: it writes a no-break space as `&nbsp;` (an entity XML does not define) and leaves
// `<` in attribute values and characters XML 1.0 forbids (C0 controls but tab and line breaks, U+FFFE, U+FFFF, lone surrogates) raw, so a member
// id or label holding one made a file browsers refuse to open.

/** C0 controls XML 1.0 forbids; each is shown as its Control Pictures symbol (U+2400 + code, e.g. U+0001 → ␁). */
const FORBIDDEN_C0 = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
/** Non-characters and unpaired surrogates, replaced by U+FFFD. */
const FORBIDDEN_OTHER = /[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Markup from HTML's serialiser, made XML: `&nbsp;` as a character reference, `<` inside attribute values escaped
 * (HTML leaves it raw there; the serialiser always quotes with " and escapes a " inside, and text has no raw `<`),
 * forbidden characters replaced.
 */
export function xmlSafeMarkup(html: string): string {
  return html
    .replace(/&nbsp;/g, '&#160;')
    .replace(/="([^"]*)"/g, (_, value: string) => `="${value.replace(/</g, '&lt;')}"`)
    .replace(FORBIDDEN_C0, (c) => String.fromCharCode(0x2400 + c.charCodeAt(0)))
    .replace(FORBIDDEN_OTHER, '\ufffd');
}

/** The SVG file for an <svg> element's outerHTML: an XML declaration, the SVG namespace, XML-safe markup. */
export function svgDocument(outerHtml: string): string {
  const svg = xmlSafeMarkup(outerHtml);
  const withNamespace = /^<svg\b[^>]*\sxmlns=/.test(svg) ? svg : svg.replace(/^<svg\b/, '<svg xmlns="http://www.w3.org/2000/svg"');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${withNamespace}`;
}
