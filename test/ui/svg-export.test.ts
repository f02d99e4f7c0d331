// The flow diagram's SVG export is a well-formed XML document whatever the names hold (issue 22 item 4), checked by a
// strict XML 1.0 parser (saxes: it refuses forbidden characters and undefined entities, as browsers do for a .svg).
import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { svgDocument, xmlSafeMarkup } from '../../src/ui/lib/svg-export.ts';

/** The first well-formedness error, or null. */
function xmlError(xml: string): string | null {
  const parser = new SaxesParser({ xmlns: true });
  let error: string | null = null;
  parser.on('error', (e) => {
    error ??= e.message;
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    error ??= (e as Error).message;
  }
  return error;
}

/** Text and attribute values as HTML's serialiser (outerHTML) writes them: &, <, > (and " in attributes) escaped, U+00A0 as &nbsp;. */
const htmlText = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const htmlAttr = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/"/g, '&quot;');

/** The flow view's markup for a member lane and a message, as outerHTML gives it. */
function flowMarkup(member: string, label: string): string {
  return `<svg viewBox="0 0 100 100" role="group" aria-label="${htmlAttr(`flow of ${member}`)}"><g class="lane"><title>${htmlText(member)}</title><text x="1" y="2">${htmlText(member)}</text></g><g class="msg" aria-label="${htmlAttr(label)}"><text>${htmlText(label)}</text><line x1="0" y1="0" x2="1" y2="1" stroke="#000"></line></g></svg>`;
}

const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('\u0001', '\u00a0', '&nbsp;', '\ufffe', '\uffff', '\ud800', '\udc00', '\u0000', '\u001b[2J', '<!--', ']]>', '"', "'", '&', '\u0085'),
);

describe('the flow SVG export', () => {
  it('a control character (U+0001) or a no-break space in a name no longer makes an ill-formed file', () => {
    expect(xmlError(`<?xml version="1.0"?>${flowMarkup('a\u0001b', 'x\u00a0y')}`)).not.toBeNull();
    const doc = svgDocument(flowMarkup('a\u0001b', 'x\u00a0y'));
    expect(xmlError(doc)).toBeNull();
    expect(doc).toContain('a\u2401b');
    expect(doc).toContain('x&#160;y');
    expect(doc.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox')).toBe(true);
  });

  it('is accepted by an XML parser whatever the member ids and labels hold', () => {
    fc.assert(
      fc.property(nasty, nasty, (member, label) => {
        const doc = svgDocument(flowMarkup(member, label));
        expect(xmlError(doc), JSON.stringify([member, label])).toBeNull();
      }),
      { numRuns: 2000, seed: 22 },
    );
  });

  it('keeps every allowed character as it is', () => {
    expect(xmlSafeMarkup('tab\tnl\ncr\r é 😀 \u0085 \ud83d\ude00')).toBe('tab\tnl\ncr\r é 😀 \u0085 \ud83d\ude00');
    expect(xmlSafeMarkup('\ud800x\udc00')).toBe('\ufffdx\ufffd');
  });
});
