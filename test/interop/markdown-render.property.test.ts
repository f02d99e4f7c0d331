// The KIP report renders as its sections whatever the scenario's strings hold (issue 22 item 4): rendered by a real
// CommonMark + GFM renderer (micromark with its GFM extension, raw HTML allowed as GitHub allows it), every section
// heading survives, in order, and the Mermaid diagram stays one code block per variant. Hostile title, notes, labels,
// group id and member ids are drawn from HTML comments, raw HTML, code fences, table pipes and control characters.
import fc from 'fast-check';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { exportMarkdown } from '../../src/core/interop/index.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import type { Scenario, Variant } from '../../src/core/scenario/types.ts';
import { example, valid } from './helpers.ts';

const PIECES = [
  '<!--',
  '-->',
  '<script>',
  '</script>',
  '<div>',
  '<pre>',
  '<textarea>',
  '```',
  '~~~',
  '````',
  '|',
  '||',
  '\n',
  '\r\n',
  '\n\n',
  '# ',
  '## Scenario',
  '> ',
  '- ',
  '1. ',
  '    ',
  '`',
  '\\',
  '*',
  '_',
  '[',
  ']',
  '(',
  ')',
  '&',
  ';',
  '#',
  '%%',
  '\u0000',
  '\u0001',
  '\u001b[2J',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u2028',
  'text',
];
const hostile = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 12 }).map((xs) => xs.join(''));

function render(md: string): string {
  return micromark(md, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

/** The text of every h1-h3 in the rendered HTML, in document order. */
function headings(html: string): string[] {
  return [...html.matchAll(/<h([1-3])>([\s\S]*?)<\/h\1>/g)].map((m) => `h${m[1]} ${m[2]!.replace(/<[^>]*>/g, '')}`);
}

function isSubsequence(needles: readonly string[], hay: readonly string[]): boolean {
  let i = 0;
  for (const h of hay) if (i < needles.length && h === needles[i]) i++;
  return i === needles.length;
}

/** The report, rendered, has every section heading in order, its Mermaid lines are the exporter's, no raw HTML got through. */
function expectSectionsSurvive(md: string): void {
  // Mermaid: every diagram line is one of the statements the exporter writes, its free text entity-coded
  for (const block of md.matchAll(/```mermaid\n([\s\S]*?)\n```/g)) {
    for (const line of block[1]!.split('\n')) {
      expect(line).toMatch(/^(sequenceDiagram|  participant \w+ as .*|  \w+(->>|-->>|--x)\w+: .*|  Note over [\w,]+: .*)$/);
      expect(line.replace(/^[^:]*(: | as )/, '').replace(/#\d+;/g, ''), line).not.toMatch(/[;#<>`%"\r\n:]/);
    }
  }
  const html = render(md);
  const expected = ['h2 Scenario', 'h2 Steps', 'h2 Variant current', 'h3 Sequence', 'h3 Records written', 'h2 Variant coordinator-only', 'h2 Invariants', 'h2 Durability', 'h2 Expectations'];
  expect(isSubsequence(expected, headings(html)), headings(html).join(' / ')).toBe(true);
  // the title is the first heading, and the report's own sections come after it
  expect(headings(html)[0]).toMatch(/^h1 /);
  expect(html.match(/<code class="language-mermaid">/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
  // nothing from the strings became a comment, a script or a raw block
  expect(html).not.toMatch(/<!--|<script>|<textarea>|<pre>(?!<code)/);
}

const BASE = example('01-first-join.json');
const VARIANTS: Variant[] = ['current', 'coordinator-only'];

describe('the KIP report, rendered by CommonMark + GFM (micromark), keeps its sections whatever the strings hold', () => {
  it('every section heading and each Mermaid block survive hostile title, notes, labels, group and member ids', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, hostile, (title, notes, label, groupId, member) => {
        const parsed = parseScenario(
          JSON.stringify({
            ...BASE,
            title,
            notes,
            groupId: `g${groupId}`,
            steps: [
              { client: 'a', do: 'join', label },
              { send: 'StreamsGroupHeartbeat', version: 1, member, data: { memberId: member, memberEpoch: 3 } },
              { advance: 1000, label: notes },
            ],
          }),
        );
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        const s = parsed.scenario;
        const traces = VARIANTS.map((variant) => ({ variant, trace: runScenario({ ...s, variant }) }));
        expectSectionsSurvive(exportMarkdown(s, traces));
      }),
      { numRuns: 150, seed: 22 },
    );
  });

  it("every section heading survives hostile client aliases and topic names too (the steps table, the diagram's participants, the topics)", () => {
    fc.assert(
      fc.property(hostile, hostile, (alias, topic) => {
        const source = `t${topic}`;
        const parsed = parseScenario(
          JSON.stringify({
            ...BASE,
            topics: [
              { name: source, partitions: 2 },
              { name: 'app-0-changelog', partitions: 2 },
            ],
            topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: [source], stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 0 }] }] },
            clients: { [`c${alias}`]: { profile: 'java', processId: 'p1' } },
            steps: [
              { client: `c${alias}`, do: 'join', label: `${alias} joins`, expect: { error: 'NONE', group: { members: { [`c${alias}`]: { memberEpoch: 99 } } } } },
              { topics: { create: [{ name: `${source}-more`, partitions: 1 }] } },
              { advance: 1000 },
            ],
          }),
        );
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        const s = parsed.scenario;
        expectSectionsSurvive(
          exportMarkdown(
            s,
            VARIANTS.map((variant) => ({ variant, trace: runScenario({ ...s, variant }) })),
          ),
        );
      }),
      { numRuns: 150, seed: 22 },
    );
  });

  it('notes holding an HTML comment or an unbalanced fence no longer hide the report', () => {
    for (const notes of ['intro <!-- hidden', 'intro\n```\nopen fence', 'intro\n~~~~\nopen', '<script>\nx']) {
      const s = valid({ ...BASE, notes } as Scenario);
      const html = render(exportMarkdown(s, [{ variant: 'current', trace: runScenario(s) }]));
      expect(
        headings(html).filter((h) => h.startsWith('h2 ')),
        notes,
      ).toEqual(['h2 Scenario', 'h2 Steps', 'h2 Variant current', 'h2 Invariants', 'h2 Durability', 'h2 Expectations']);
    }
  });
});
