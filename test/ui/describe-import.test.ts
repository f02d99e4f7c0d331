import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importDescribe } from '../../src/ui/lib/describe-import.ts';

// A real Kafka Streams 4.4.0 application's describe() text and the topology it sent in its join heartbeat
// (oracle/harness/streamsApp.ts; npm run test:oracle checks the same against a live run).
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const REAL_DESCRIBE = fixture('count-app.describe.txt');
const REAL_JOIN_TOPOLOGY = JSON.parse(fixture('count-app.join-topology.json')).topology as { subtopologies: unknown[] };

const WORDCOUNT = `Topologies:
   Sub-topology: 0
    Source: KSTREAM-SOURCE-0000000000 (topics: [text-lines])
      --> KSTREAM-FLATMAPVALUES-0000000001
    Processor: KSTREAM-FLATMAPVALUES-0000000001 (stores: [])
      --> KSTREAM-KEY-SELECT-0000000002
      <-- KSTREAM-SOURCE-0000000000
    Processor: KSTREAM-KEY-SELECT-0000000002 (stores: [])
      --> counts-repartition-filter
      <-- KSTREAM-FLATMAPVALUES-0000000001
    Processor: counts-repartition-filter (stores: [])
      --> counts-repartition-sink
      <-- KSTREAM-KEY-SELECT-0000000002
    Sink: counts-repartition-sink (topic: counts-repartition)
      <-- counts-repartition-filter

  Sub-topology: 1
    Source: counts-repartition-source (topics: [counts-repartition])
      --> KSTREAM-AGGREGATE-0000000003
    Processor: KSTREAM-AGGREGATE-0000000003 (stores: [counts])
      --> KTABLE-TOSTREAM-0000000007
      <-- counts-repartition-source
    Processor: KTABLE-TOSTREAM-0000000007 (stores: [])
      --> KSTREAM-SINK-0000000008
      <-- KSTREAM-AGGREGATE-0000000003
    Sink: KSTREAM-SINK-0000000008 (topic: word-counts)
      <-- KTABLE-TOSTREAM-0000000007
`;

describe('importDescribe', () => {
  it('imports the word-count topology with a repartition topic and a changelog', () => {
    const r = importDescribe(WORDCOUNT, 'wc');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [s0, s1] = r.value.subtopologies;
    expect(s0).toMatchObject({ subtopologyId: '0', sourceTopics: ['text-lines'], repartitionSinkTopics: ['wc-counts-repartition'], stateChangelogTopics: [], repartitionSourceTopics: [] });
    expect(s1).toMatchObject({ subtopologyId: '1', sourceTopics: [], repartitionSinkTopics: [] });
    expect(s1!.repartitionSourceTopics.map((t) => t.name)).toEqual(['wc-counts-repartition']);
    expect(s1!.stateChangelogTopics).toEqual([
      {
        name: 'wc-counts-changelog',
        partitions: 0,
        replicationFactor: -1,
        topicConfigs: [
          { key: 'cleanup.policy', value: 'compact' },
          { key: 'message.timestamp.type', value: 'CreateTime' },
        ],
      },
    ]);
    expect(r.value.externalSourceTopics).toEqual(['text-lines']);
    expect(r.value.externalSinkTopics).toEqual(['word-counts']);
    expect(r.value.warnings).toEqual([]);
  });

  it('imports exactly the topology Kafka Streams 4.4.0 sent in its join heartbeat', () => {
    const r = importDescribe(REAL_DESCRIBE, 'word-count');
    expect(r.ok && r.value.subtopologies).toEqual(REAL_JOIN_TOPOLOGY.subtopologies);
  });

  it("recognises a foreign-key join's subscription topics as repartition topics", () => {
    const r = importDescribe(
      `Sub-topology: 0
  Source: a (topics: [orders])
  Sink: s (topic: KTABLE-FK-JOIN-SUBSCRIPTION-REGISTRATION-0000000006-topic)
Sub-topology: 1
  Source: b (topics: [KTABLE-FK-JOIN-SUBSCRIPTION-REGISTRATION-0000000006-topic])
`,
      'app',
    );
    expect(r.ok && r.value.subtopologies[1]!.repartitionSourceTopics.map((t) => t.name)).toEqual(['app-KTABLE-FK-JOIN-SUBSCRIPTION-REGISTRATION-0000000006-topic']);
    expect(r.ok && r.value.subtopologies[0]!.repartitionSinkTopics).toEqual(['app-KTABLE-FK-JOIN-SUBSCRIPTION-REGISTRATION-0000000006-topic']);
  });

  it('reads topic patterns and several source topics, and warns about co-partitioning', () => {
    const r = importDescribe(
      `Topologies:
   Sub-topology: 0
    Source: s1 (topics: [clicks, users])
      --> join
    Source: s2 (topicPattern: logs-.*)
      --> join
    Processor: join (stores: [clicks-store, users-store])
      <-- s1, s2
`,
      'app',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.subtopologies[0]).toMatchObject({ sourceTopics: ['clicks', 'users'], sourceTopicRegex: ['logs-.*'] });
    expect(r.value.subtopologies[0]!.stateChangelogTopics.map((t) => t.name)).toEqual(['app-clicks-store-changelog', 'app-users-store-changelog']);
    expect(r.value.warnings[0]).toMatch(/co-partitioned/);
  });

  it('skips global sub-topologies', () => {
    const r = importDescribe(
      `Topologies:
   Sub-topology: 0 for global store (will not generate tasks)
    Source: g (topics: [countries])
      --> p
    Processor: p (stores: [countries-store])
      <-- g
  Sub-topology: 1
    Source: s (topics: [orders])
      --> none
`,
      'app',
    );
    expect(r.ok && r.value.subtopologies.map((s) => s.subtopologyId)).toEqual(['1']);
    expect(r.ok && r.value.warnings.some((w) => w.includes('global'))).toBe(true);
  });

  it('does not treat user topics written and read by the app as repartition topics', () => {
    const r = importDescribe(
      `Sub-topology: 0
  Source: a (topics: [in])
  Sink: b (topic: through-topic)
Sub-topology: 1
  Source: c (topics: [through-topic])
`,
      'app',
    );
    expect(r.ok && r.value.subtopologies[1]!.sourceTopics).toEqual(['through-topic']);
    expect(r.ok && r.value.subtopologies[0]!.repartitionSinkTopics).toEqual([]);
  });

  it('reports the line of text it cannot read', () => {
    expect(importDescribe('hello', 'app')).toMatchObject({ ok: false, line: 1 });
    expect(importDescribe('Topologies:\n  Sub-topology: 0\n  Source: x (what: y)\n', 'app')).toMatchObject({ ok: false, line: 3 });
    expect(importDescribe('Topologies:\n', 'app')).toMatchObject({ ok: false, message: expect.stringMatching(/No "Sub-topology:"/) });
    expect(importDescribe('Sub-topology: 0\nSub-topology: 0\n', 'app')).toMatchObject({ ok: false, line: 2 });
  });

  it('always prefixes internal topic names with the application id, as describe() never shows it', () => {
    const r = importDescribe('Sub-topology: 0\n Source: a (topics: [in])\n Processor: p (stores: [app-x])\n', 'app');
    expect(r.ok && r.value.subtopologies[0]!.stateChangelogTopics[0]!.name).toBe('app-app-x-changelog');
  });
});

import { layoutTopology } from '../../src/ui/lib/topology-layout.ts';

describe('layoutTopology', () => {
  it('puts sources left of sub-topologies and repartition topics between them', () => {
    const l = layoutTopology([
      { id: '0', sources: ['in'], patterns: [], repartitionSources: [], repartitionSinks: ['app-r'], changelogs: [] },
      { id: '1', sources: [], patterns: [], repartitionSources: ['app-r'], repartitionSinks: [], changelogs: ['app-s-changelog'] },
    ]);
    const x = (id: string) => l.nodes.find((n) => n.id === id)!.x;
    expect(x('t:in')).toBeLessThan(x('s:0'));
    expect(x('s:0')).toBeLessThan(x('t:app-r'));
    expect(x('t:app-r')).toBeLessThan(x('s:1'));
    expect(x('s:1')).toBeLessThan(x('c:app-s-changelog'));
    expect(l.edges).toHaveLength(4);
  });

  it('terminates on a cycle', () => {
    const l = layoutTopology([
      { id: '0', sources: [], patterns: [], repartitionSources: ['a'], repartitionSinks: ['b'], changelogs: [] },
      { id: '1', sources: [], patterns: [], repartitionSources: ['b'], repartitionSinks: ['a'], changelogs: [] },
    ]);
    expect(l.nodes).toHaveLength(4);
  });
});
