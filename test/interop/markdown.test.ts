// The Markdown report: structure, the Mermaid diagram, tables, escaping of hostile text, determinism.
import { describe, expect, it } from 'vitest';
import { exportMarkdown, mdCode, mdText, mermaidText } from '../../src/core/interop/index.ts';
import { INVARIANTS } from '../../src/core/invariants/types.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario, Variant } from '../../src/core/scenario/types.ts';
import { example, valid } from './helpers.ts';

function report(s: Scenario, variants: Variant[]): string {
  return exportMarkdown(
    s,
    variants.map((variant) => ({ variant, trace: runScenario({ ...s, variant }) })),
  );
}

const mermaidBlocks = (md: string): string[] => [...md.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]!);

/** Every line of a diagram is one statement of the few forms the exporter writes. */
const STATEMENT = [
  /^sequenceDiagram$/,
  /^  participant (M\d+|B|C|L) as [^;#\n]*(?:#\d+;[^;#\n]*)*$/,
  /^  (M\d+|B|C)(->>|-->>|--x)(B|C|L|M\d+): [^;#\n]*(?:#\d+;[^;#\n]*)*$/,
  /^  Note over (B|C|M\d+)(,L)?: [^;#\n]*(?:#\d+;[^;#\n]*)*$/,
];

function checkDiagram(d: string): void {
  for (const line of d.split('\n')) {
    expect(
      STATEMENT.some((re) => re.test(line)),
      line,
    ).toBe(true);
    // the free text (after "as" or ": ") holds no character Mermaid could read, once entity codes are removed
    const at = line.startsWith('  participant ') ? line.indexOf(' as ') + 4 : line.indexOf(': ') + 2;
    if (line === 'sequenceDiagram') continue;
    expect(line.slice(at).replace(/#\d+;/g, ''), line).not.toMatch(/[;#<>`%"\r:]/);
  }
}

/** Table rows: the same number of unescaped pipes in every row of a table. */
function checkTables(md: string): void {
  let cols = -1;
  for (const line of md.split('\n')) {
    if (!line.startsWith('|')) {
      cols = -1;
      continue;
    }
    const pipes = line.replace(/\\\\/g, '').replace(/\\\|/g, '').split('|').length - 1;
    if (cols === -1) cols = pipes;
    expect(pipes, line).toBe(cols);
  }
}

describe('exportMarkdown', () => {
  const s12 = example('12-kafka-20870-partial-report.json');
  const md = report(s12, ['current', 'A-persist-partial', 'B-accumulate']);

  it('has the title, notes and the sections in order', () => {
    const headings = md.split('\n').filter((l) => l.startsWith('#'));
    expect(headings).toEqual([
      '# KAFKA-20870: a partial report is rejected, then the member is expelled',
      '## Scenario',
      '## Steps',
      '## Variant `current`',
      '### Sequence',
      '### Records written',
      '## Variant `A-persist-partial`',
      '### Sequence',
      '### Records written',
      '## Variant `B-accumulate`',
      '## Invariants',
      '## Durability',
      '## Expectations',
    ]);
    expect(md).toContain(s12.notes!.slice(0, 60));
    // B behaves as A here: its section points at A instead of repeating it
    expect(md).toContain('Requests, responses and records are the same as under `A-persist-partial`.');
    expect(mermaidBlocks(md)).toHaveLength(2);
    checkTables(md);
  });

  it('draws members, the coordinator and the log, with RPC, epoch and owned-task lists as null, [] or a list', () => {
    const [d] = mermaidBlocks(md);
    checkDiagram(d!);
    const lines = d!.split('\n');
    // example 12's partial report is turned away by the service layer: the broker gets a lane
    expect(lines.slice(0, 6)).toEqual([
      'sequenceDiagram',
      '  participant M0 as a',
      '  participant M1 as b',
      '  participant B as Broker (KafkaApis, service layer)',
      '  participant C as Coordinator',
      '  participant L as __consumer_offsets',
    ]);
    expect(lines).toContain('  M0->>C: StreamsGroupHeartbeat v1 epoch=0 (join) active=[] standby=[] warmup=[]');
    expect(lines).toContain('  C-->>M0: epoch=2 active=[0_0,0_1,0_2,0_3] standby=[] warmup=[]');
    // the partial report stops at the broker's service layer
    expect(lines).toContain('  M0->>B: StreamsGroupHeartbeat v1 epoch=2 active=[0_0,0_1,0_2,0_3] standby=null warmup=null');
    // error responses are crossed arrows with the code and message
    expect(lines).toContain('  B--xM0: ERROR INVALID_REQUEST (42) If one task-type is non-null, all must be non-null.');
    // records go to the log participant; tombstones are marked; timers are notes
    expect(lines).toContain('  C->>L: @0 StreamsGroupMemberMetadata a');
    expect(lines).toContain('  C->>L: @13 tombstone StreamsGroupCurrentMemberAssignment a');
    expect(lines).toContain('  Note over C: 45000 ms#58; session timeout fenced member a');
    // a long run is cut, and the count of hidden requests is drawn where they happened
    expect(lines.some((l) => /^ {2}Note over C: #8230; \d+ more requests?$/.test(l))).toBe(true);
  });

  it('draws a request the service layer turns away at the broker, not the coordinator', () => {
    const s18 = example('18-kafka-20870-lost-response.json');
    const [d] = mermaidBlocks(report(s18, ['current']));
    const lines = d!.split('\n');
    expect(lines).toContain('  participant B as Broker (KafkaApis, service layer)');
    expect(lines).toContain('  Note over B: service layer rejects it before the coordinator sees it');
    expect(lines.some((l) => /^ {2}B--xM\d+: .*INVALID_REQUEST/.test(l))).toBe(true);
    // the fenced retry is the coordinator's answer
    expect(lines.some((l) => /^ {2}C--xM\d+: .*FENCED_MEMBER_EPOCH/.test(l))).toBe(true);
    checkDiagram(d!);
  });

  it('lists every record written with offset, step, type, key and a value summary or tombstone', () => {
    const trace = runScenario(s12);
    const section = md.slice(md.indexOf('## Variant `current`'), md.indexOf('## Variant `A-persist-partial`'));
    const rows = section.split('\n').filter((l) => /^\| \d+ \| \d+ \|/.test(l));
    expect(rows).toHaveLength(trace.steps.reduce((n, s) => n + s.records.length, 0));
    expect(rows[0]).toBe('| 0 | 0 | StreamsGroupMemberMetadata | `a` | `clientId=a, clientHost=/127.0.0.1, rebalanceTimeoutMs=300000, topologyEpoch=0, processId=p1` |');
    expect(rows).toContain('| 5 | 0 | StreamsGroupCurrentMemberAssignment | `a` | `memberEpoch=2, previousMemberEpoch=0, state=STABLE, activeTasks=[0_0,0_1,0_2,0_3]` |');
    expect(rows).toContain('| 13 | 3 | StreamsGroupCurrentMemberAssignment | `a` | *tombstone* |');
    expect(rows).toContain(
      '| 2 | 0 | StreamsGroupMetadata | — | `epoch=2, metadataHash=7468398077447480039, validatedTopologyEpoch=0, lastAssignmentConfigs=[{"key":"num.standby.replicas","value":"0"}]` |',
    );
  });

  it("tabulates every invariant per variant with the first violation's step and message", () => {
    const table = md
      .slice(md.indexOf('## Invariants'), md.indexOf('## Durability'))
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| invariant'));
    expect(table.map((r) => r.split(' | ')[0]!.slice(2))).toEqual(Object.keys(INVARIANTS));
    const live = table.find((r) => r.startsWith('| live-member-kept |'))!;
    const cells = live.split(' | ');
    expect(cells[1]).toBe('liveness');
    expect(cells[2]).toMatch(/^✘ step 3: a was expelled by the session timeout at 45000 ms/);
    expect(cells[3]).toBe('✔');
    expect(table.find((r) => r.startsWith('| no-double-active |'))).toBe('| no-double-active | safety | ✔ | ✔ | ✔ |');
  });

  it('reports the decisive memory-only state per variant (option B loses its progress on failover)', () => {
    const s17 = example('17-kafka-20870-failover-between-reports.json');
    const r = report(s17, ['A-persist-partial', 'B-accumulate']);
    const durability = r.slice(r.indexOf('## Durability'), r.indexOf('## Expectations'));
    expect(durability).toContain('| `A-persist-partial` | none | — |');
    expect(durability).toMatch(/\| `B-accumulate` \| group g: partial revocation progress of C at epoch 3 \(active: nothing still owned\) \| 5 \|/);
    expect(r).toContain('| `B-accumulate` | ✔ all hold |');
  });

  it('shows failed expectations per variant', () => {
    const r = report(s12, ['current', 'A-persist-partial']);
    expect(r).toContain('| `current` | ✔ all hold |');
    expect(r).toMatch(/\| `A-persist-partial` \| ✘ \d+ mismatches; first: step 2: `\$\.steps\[2\]\.expect\.response\.errorCode` expected `42`, actual `0` \|/);
  });

  it('is deterministic', () => {
    expect(report(s12, ['current', 'A-persist-partial', 'B-accumulate'])).toBe(md);
  });
});

describe('escaping', () => {
  const hostile = 'x|y;z#1 `tick` ```fence <script>alert(1)</script> %%{init}%% -->> end\nsecond line *em* _u_ [l](http://e) ~s~ $m$ \\';
  const s: Scenario = valid({
    ...example('01-first-join.json'),
    title: `Title ${hostile}`,
    notes: 'Notes with an open fence:\n```\nnever closed',
    steps: [
      { client: 'a', do: 'join', label: `label ${hostile}` },
      // a raw sender with a hostile alias and member id, not a member: UNKNOWN_MEMBER_ID quotes the id in its message
      { send: 'StreamsGroupHeartbeat', version: 1, member: `m ${hostile}`, data: { memberId: `id ${hostile}`, memberEpoch: 3 } },
      { advance: 1000, label: hostile },
    ],
  } as Scenario);
  const md = report(s, ['current', 'coordinator-only']);

  it('keeps the Mermaid diagram to its statements whatever the ids, labels and messages hold', () => {
    const blocks = mermaidBlocks(md);
    expect(blocks).toHaveLength(1);
    checkDiagram(blocks[0]!);
    expect(blocks[0]).toMatch(/C--xM1: ERROR UNKNOWN_MEMBER_ID/);
  });

  it('keeps Markdown tables, headings and fences intact', () => {
    checkTables(md);
    const lines = md.split('\n');
    // the title is one heading line; nothing from it opens HTML or code
    expect(lines[0]).toMatch(
      /^# Title x\\\|y;z#1 \\`tick\\` \\`\\`\\`fence &lt;script&gt;alert\(1\)&lt;\/script&gt; %%\{init\}%% --&gt;&gt; end<br>second line \\\*em\\\* \\_u\\_ \\\[l\\\]\(http:\/\/e\) \\~s\\~ \\\$m\\\$ \\\\$/,
    );
    expect(md).not.toContain('<script>');
    // the notes' open fence is closed before the report goes on
    const fences = lines.filter((l) => /^```/.test(l));
    expect(fences.length % 2).toBe(0);
    expect(lines.filter((l) => l.startsWith('## ')).length).toBe(7);
  });

  it('escapes text, code spans and Mermaid text', () => {
    expect(mdText('a|b')).toBe('a\\|b');
    expect(mdText('<b>&')).toBe('&lt;b&gt;&amp;');
    expect(mdText('1\n2')).toBe('1<br>2');
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('`x')).toBe('`` `x ``');
    expect(mdCode('p|q')).toBe('`p\\|q`');
    expect(mermaidText('a;b#c:d')).toBe('a#59;b#35;c#58;d');
    expect(mermaidText('line\nbreak')).toBe('line#10;break');
    expect(mermaidText('😀')).toBe('#128512;');
  });
});
