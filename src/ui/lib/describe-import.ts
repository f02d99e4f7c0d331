// Imports the text Kafka Streams prints for `Topology#describe()` into the subtopology form the
// streams group protocol uses (the heartbeat's / StreamsGroupInitialize's `topology`).
//
//   Topologies:
//      Sub-topology: 0
//       Source: KSTREAM-SOURCE-0000000000 (topics: [input])
//         --> KSTREAM-AGGREGATE-0000000001
//       Processor: KSTREAM-AGGREGATE-0000000001 (stores: [counts])
//         --> KSTREAM-SINK-0000000002
//         <-- KSTREAM-SOURCE-0000000000
//       Sink: KSTREAM-SINK-0000000002 (topic: counts-repartition)
//         <-- KSTREAM-AGGREGATE-0000000001
//
// Rules, checked against what Kafka Streams 4.4.0 sends in its join heartbeat (oracle/harness/streamsApp.ts):
// - a topic that a sink of this topology writes and a source of it reads is an internal repartition topic when its
//   name is one Kafka Streams gives them (`<name>-repartition`; a foreign-key join's `…-subscription-registration-topic`
//   and `…-subscription-response-topic`); a user topic written and read back keeps its name and stays external;
// - every store of a (non-global) sub-topology gets a changelog `<applicationId>-<store>-changelog`;
// - internal topics get the application id prefix, partitions 0 (the coordinator decides), replication factor -1
//   (Streams' default `replication.factor`: the broker's default) and the topic configs the client sends: for a
//   changelog cleanup.policy=compact and message.timestamp.type=CreateTime; for a repartition topic
//   cleanup.policy=delete, message.timestamp.type=CreateTime, retention.ms=-1 and segment.bytes=52428800.
// describe() does not show a store's kind, so a windowed store's changelog lacks its retention configs, nor
// whether logging is disabled. Global sub-topologies generate no tasks and are skipped. describe() does not show
// co-partitioning, so copartitionGroups stay empty (a warning says so when a sub-topology reads more than one topic).

import { pushAll } from '../../core/util/arrays.ts';

export interface TopicInfo {
  name: string;
  partitions: number;
  replicationFactor: number;
  topicConfigs: { key: string; value: string }[];
}

export interface ImportedSubtopology {
  subtopologyId: string;
  sourceTopics: string[];
  sourceTopicRegex: string[];
  stateChangelogTopics: TopicInfo[];
  repartitionSinkTopics: string[];
  repartitionSourceTopics: TopicInfo[];
  copartitionGroups: { sourceTopics: number[]; sourceTopicRegex: number[]; repartitionSourceTopics: number[] }[];
}

export interface DescribeImport {
  subtopologies: ImportedSubtopology[];
  /** Topics read from outside the application (must exist in the cluster). */
  externalSourceTopics: string[];
  /** Topics written to outside the application. */
  externalSinkTopics: string[];
  warnings: string[];
}

export type DescribeResult = { ok: true; value: DescribeImport } | { ok: false; line: number; message: string };

interface RawSub {
  id: string;
  global: boolean;
  line: number;
  sources: string[];
  patterns: string[];
  sinks: string[];
  stores: string[];
}

function list(s: string): string[] {
  const inner = s.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** The topic configs Kafka Streams 4.4 sends for each kind of internal topic (sorted by key, as it sends them). */
export const CHANGELOG_TOPIC_CONFIGS: readonly { key: string; value: string }[] = [
  { key: 'cleanup.policy', value: 'compact' },
  { key: 'message.timestamp.type', value: 'CreateTime' },
];
export const REPARTITION_TOPIC_CONFIGS: readonly { key: string; value: string }[] = [
  { key: 'cleanup.policy', value: 'delete' },
  { key: 'message.timestamp.type', value: 'CreateTime' },
  { key: 'retention.ms', value: '-1' },
  { key: 'segment.bytes', value: '52428800' },
];

/** An internal topic as the client declares it: partitions decided by the coordinator, the broker's replication factor. */
function info(name: string, configs: readonly { key: string; value: string }[]): TopicInfo {
  return { name, partitions: 0, replicationFactor: -1, topicConfigs: configs.map((c) => ({ ...c })) };
}

/** Names Kafka Streams gives the topics it repartitions through. */
const REPARTITION_NAME = /(-repartition|-subscription-(registration|response)(-\d+)?-topic)$/i;

export function importDescribe(text: string, applicationId: string): DescribeResult {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const subs: RawSub[] = [];
  let cur: RawSub | null = null;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = raw.trim();
    const n = i + 1;
    if (!line || /^Topologies:?$/.test(line)) continue;
    let m: RegExpExecArray | null;
    if ((m = /^Sub-topology:\s*(\S+)(.*)$/.exec(line))) {
      cur = { id: m[1]!, global: /global store/i.test(m[2] ?? ''), line: n, sources: [], patterns: [], sinks: [], stores: [] };
      if (subs.some((s) => s.id === cur!.id)) return { ok: false, line: n, message: `Sub-topology ${cur.id} appears twice.` };
      subs.push(cur);
      continue;
    }
    if (line.startsWith('-->') || line.startsWith('<--')) continue;
    if (!cur) return { ok: false, line: n, message: `Expected "Sub-topology: <id>" before "${line.slice(0, 40)}".` };
    if ((m = /^Source:\s*\S+\s*\((.*)\)\s*$/.exec(line))) {
      const body = m[1]!;
      let t: RegExpExecArray | null;
      if ((t = /^topics:\s*(.*)$/.exec(body))) pushAll(cur.sources, list(t[1]!));
      else if ((t = /^topicPattern:\s*(.*)$/.exec(body))) cur.patterns.push(t[1]!.trim());
      else return { ok: false, line: n, message: `Cannot read the source's topics: "${body}".` };
      continue;
    }
    if ((m = /^Sink:\s*\S+\s*\((.*)\)\s*$/.exec(line))) {
      const body = m[1]!;
      const t = /^topic:\s*(.*)$/.exec(body);
      if (t) pushAll(cur.sinks, list(t[1]!));
      // "(extractor class: ...)" sinks choose topics at run time: nothing to declare
      continue;
    }
    if ((m = /^Processor:\s*\S+\s*\((.*)\)\s*$/.exec(line))) {
      const t = /stores:\s*(\[.*\])/.exec(m[1]!);
      if (t) pushAll(cur.stores, list(t[1]!));
      continue;
    }
    if (/^(Source|Sink|Processor):\s*\S+\s*$/.test(line)) continue;
    return { ok: false, line: n, message: `Unrecognised line: "${line.slice(0, 60)}".` };
  }
  if (subs.length === 0) return { ok: false, line: 1, message: 'No "Sub-topology:" found. Paste the output of topology.describe().toString().' };

  const taskSubs = subs.filter((s) => !s.global);
  const written = new Set(taskSubs.flatMap((s) => s.sinks));
  const read = new Set(taskSubs.flatMap((s) => s.sources));
  const isRepartition = (t: string) => REPARTITION_NAME.test(t) && written.has(t) && read.has(t);
  const prefixed = (t: string) => `${applicationId}-${t}`;
  const warnings: string[] = [];
  const subtopologies: ImportedSubtopology[] = taskSubs.map((s) => {
    const external = s.sources.filter((t) => !isRepartition(t));
    if (s.sources.length + s.patterns.length > 1) {
      warnings.push(`Sub-topology ${s.id} reads several topics; describe() does not show whether they are co-partitioned (joins), so add copartitionGroups by hand if needed.`);
    }
    return {
      subtopologyId: s.id,
      sourceTopics: [...new Set(external)],
      sourceTopicRegex: s.patterns,
      stateChangelogTopics: [...new Set(s.stores)].map((st) => info(prefixed(`${st}-changelog`), CHANGELOG_TOPIC_CONFIGS)),
      repartitionSinkTopics: [...new Set(s.sinks.filter(isRepartition).map(prefixed))],
      repartitionSourceTopics: [...new Set(s.sources.filter(isRepartition))].map((t) => info(prefixed(t), REPARTITION_TOPIC_CONFIGS)),
      copartitionGroups: [],
    };
  });
  const skipped = subs.length - taskSubs.length;
  if (skipped) warnings.push(`${skipped} global sub-topolog${skipped === 1 ? 'y was' : 'ies were'} skipped (they generate no tasks).`);
  return {
    ok: true,
    value: {
      subtopologies,
      externalSourceTopics: [...new Set(taskSubs.flatMap((s) => s.sources).filter((t) => !isRepartition(t)))],
      externalSinkTopics: [...new Set(taskSubs.flatMap((s) => s.sinks).filter((t) => !isRepartition(t)))],
      warnings,
    },
  };
}
