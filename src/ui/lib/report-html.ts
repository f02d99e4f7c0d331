// The KIP report's Markdown as HTML for the in-page preview. The report carries strangers' text (member ids,
// labels, error messages from imported logs and shared links), so the HTML is made safely: micromark escapes
// every raw HTML tag and drops dangerous link protocols (javascript:, data:), which are its defaults; the one
// tag let through is a bare `<br>`, which the report writes for a line break inside a table cell (escape.ts).
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

type MicromarkOptions = NonNullable<Parameters<typeof micromark>[1]> & object;

const BARE_BR = /^<br\s*\/?>$/i;

/** The part of micromark's compile context the handler uses (micromark-util-types' CompileContext). */
interface CompileThis {
  sliceSerialize(token: unknown): string;
  setData(key: 'ignoreEncode', value?: boolean): void;
}

/** Inline HTML stays escaped text, except a bare `<br>` (no attributes), which is written as the tag. */
const bareBreaks = {
  enter: {
    htmlText(this: CompileThis, token: unknown): void {
      if (BARE_BR.test(this.sliceSerialize(token))) this.setData('ignoreEncode', true);
    },
  },
};

/** Safe HTML for the report (GitHub-flavoured: tables, strikethrough, autolinks); Mermaid blocks stay `<pre><code class="language-mermaid">`. */
export function reportHtml(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml(), bareBreaks as NonNullable<MicromarkOptions['htmlExtensions']>[number]] });
}
