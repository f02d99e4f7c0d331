// The report preview's Markdown → HTML: strangers' text in a report (member ids, labels, error messages) never
// becomes markup; the report's own tables, line breaks and Mermaid block come through.
import { expect, it } from 'vitest';
import { reportHtml } from '../../src/ui/lib/report-html.ts';

it('escapes raw HTML, script and event handlers, and drops javascript: links', () => {
  const html = reportHtml('Hi <img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n<iframe src="x"></iframe>\n\n[go](javascript:alert(3)) <a href="x">y</a>');
  expect(html).not.toMatch(/<img|<script|<iframe|<a href="x"|javascript:/i);
  expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  expect(html).toContain('&lt;script&gt;');
});

it('keeps a bare <br> (the report writes it for a line break in a table cell) and nothing with attributes', () => {
  expect(reportHtml('| a |\n| - |\n| x<br>y |')).toContain('<td>x<br>y</td>');
  expect(reportHtml('x<br onclick="alert(1)">y')).toContain('x&lt;br onclick=&quot;alert(1)&quot;&gt;y');
});

it('renders tables and leaves a Mermaid block as code for the diagram', () => {
  const html = reportHtml('## Records\n\n| type | key |\n| --- | --- |\n| `StreamsGroupMetadata` | app |\n\n```mermaid\nsequenceDiagram\n  a->>coordinator: join\n```\n');
  expect(html).toContain('<h2>Records</h2>');
  expect(html).toMatch(/<table>[\s\S]*<code>StreamsGroupMetadata<\/code>[\s\S]*<\/table>/);
  expect(html).toContain('<pre><code class="language-mermaid">sequenceDiagram\n  a-&gt;&gt;coordinator: join\n</code></pre>');
});

it('lets a long config name in inline code break after a dot or a comma and a long record type between its words; code blocks and the text stay', () => {
  const html = reportHtml(
    '| config | type |\n| - | - |\n| `group.streams.initial.rebalance.delay.ms=0`, `activeTasks=[0_0,0_1]`, `clientHost=/127.0.0.1` | StreamsGroupTargetAssignmentMetadata |\n\n```\nx.y=1\n```\n',
  );
  expect(html).toContain('<code>group.<wbr>streams.<wbr>initial.<wbr>rebalance.<wbr>delay.<wbr>ms=0</code>');
  expect(html).toContain('<code>activeTasks=[0_0,<wbr>0_1]</code>');
  // a number keeps its dots
  expect(html).toContain('<code>clientHost=/127.0.0.1</code>');
  expect(html).toContain('<td>Streams<wbr>Group<wbr>Target<wbr>Assignment<wbr>Metadata</td>');
  expect(html).toContain('<pre><code>x.y=1\n</code></pre>');
  // the text a reader copies is the name
  expect(html.replace(/<wbr>/g, '')).toContain('<code>group.streams.initial.rebalance.delay.ms=0</code>');
});
