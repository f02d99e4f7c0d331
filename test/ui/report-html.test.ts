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
