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

/** An inline code span (not a code block's, which follows `<pre>`); its text is micromark's escaped text, no tag inside. */
const INLINE_CODE = /(?<!<pre>)<code>([^<]*)<\/code>/g;
/** A text node's text (between two tags: never an attribute). */
const TEXT = />([^<]+)</g;
/** A compound name too long for a phone's table column (StreamsGroupTargetAssignmentMetadata). */
const LONG_NAME = /\b[A-Z][a-z]+(?:[A-Z][a-z]+){2,}\b/g;

/**
 * Where a narrow screen's table may break what has no space in it, so a table fits instead of running past the edge:
 * a config or record field name in an inline code span after a dot before a letter (not inside a number) or after a comma
 * (`group.streams.initial.rebalance.delay.ms=0`), and a long compound name between its words
 * (StreamsGroup·TargetAssignment·Metadata). A `<wbr>` adds no text: a copy of the name is unchanged, and a line breaks
 * there only when it must.
 */
function breakable(html: string): string {
  const code = html.replace(INLINE_CODE, (_, text: string) => `<code>${text.replace(/\.(?=[A-Za-z])|,(?=[^\s&])/g, '$&<wbr>')}</code>`);
  return code.replace(TEXT, (_, text: string) => `>${text.replace(LONG_NAME, (name) => (name.length < 24 ? name : name.replace(/(?<=[a-z])(?=[A-Z])/g, '<wbr>')))}<`);
}

/** Safe HTML for the report (GitHub-flavoured: tables, strikethrough, autolinks); Mermaid blocks stay `<pre><code class="language-mermaid">`. */
export function reportHtml(markdown: string): string {
  return breakable(micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml(), bareBreaks as NonNullable<MicromarkOptions['htmlExtensions']>[number]] }));
}
