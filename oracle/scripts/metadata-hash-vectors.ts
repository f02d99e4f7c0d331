// Writes test/topology/metadataHashVectors.json: Kafka 4.4.0's own metadata hashes (the oracle module's
// MetadataHashRunner: hash4j's XXH3-64, Utils.computeTopicHash, Utils.computeGroupHash) for fixed inputs that reach
// every length class of XXH3 and every part of a topic's hash (ids, names, partition counts, racks). The playground's
// unit tests (test/util/xxh3.test.ts, test/topology/metadataHash.test.ts) check src/core against this file.
//   npx tsx oracle/scripts/metadata-hash-vectors.ts            write the file (then npx prettier --write it)
//   npx tsx oracle/scripts/metadata-hash-vectors.ts --check    exit 1 when the committed file differs (npm run test:oracle)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runJsonLines } from '../../test/oracle/javaOracle.ts';
import { toBase64 } from '../../src/core/wire/bytes.ts';
import { topicIdOf } from '../../src/core/util/uuid.ts';
import { oracleClasspath } from '../harness/maven.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const VECTORS_FILE = join(here, '../../test/topology/metadataHashVectors.json');

/** The bytes hashed for an XXH3 vector of length `len` (the unit test makes the same). */
export function patternBytes(len: number): Uint8Array {
  const b = new Uint8Array(len);
  for (let i = 0; i < len; i++) b[i] = (i * 167 + len * 13 + 11) & 255;
  return b;
}

// every XXH3 length class: 0, 1–3, 4–8, 9–16, 17–128 (each pair count), 129–240, and long inputs across stripes and blocks
const LENGTHS = [
  ...Array.from({ length: 18 }, (_, i) => i),
  31,
  32,
  33,
  48,
  63,
  64,
  65,
  80,
  95,
  96,
  97,
  112,
  127,
  128,
  129,
  130,
  143,
  144,
  200,
  239,
  240,
  241,
  255,
  256,
  300,
  1023,
  1024,
  1025,
  1087,
  1088,
  1089,
  2047,
  2048,
  2049,
  3000,
  5000,
];

interface TopicCase {
  id: string;
  name: string;
  partitions: number;
  racks?: string[][];
}

const TOPICS: TopicCase[] = [
  { id: topicIdOf('in'), name: 'in', partitions: 4 },
  { id: topicIdOf('in'), name: 'in', partitions: 5 },
  { id: topicIdOf('words'), name: 'words', partitions: 1 },
  { id: topicIdOf('app-store-changelog'), name: 'app-store-changelog', partitions: 12 },
  { id: topicIdOf('app-KSTREAM-REPARTITION-0000000003-repartition'), name: 'app-KSTREAM-REPARTITION-0000000003-repartition', partitions: 64 },
  { id: topicIdOf('wide'), name: 'wide', partitions: 300 },
  { id: topicIdOf('ü€'), name: 'ü€', partitions: 2 },
  { id: 'AAAAAAAAAAAAAAAAAAAAAA', name: 'zero', partitions: 0 },
  { id: topicIdOf('racked'), name: 'racked', partitions: 3, racks: [['r2', 'r1'], [], ['rack-c', 'rack-a', 'rack-b']] },
];

interface GroupCase {
  topics: Record<string, string>;
}

export interface Vectors {
  xxh3: { len: number; hash: string }[];
  topics: (TopicCase & { hash: string })[];
  groups: (GroupCase & { hash: string })[];
}

/** Kafka's hashes for the fixed inputs. */
export function kafkaVectors(): Vectors {
  const cp = oracleClasspath();
  const run = (inputs: object[]): string[] =>
    runJsonLines<object, { hash?: string; error?: string }>(cp, 'dev.sgp.oracle.MetadataHashRunner', inputs).map((r) => {
      if (r.hash === undefined) throw new Error(`MetadataHashRunner: ${r.error}`);
      return r.hash;
    });
  const xxh3 = run(LENGTHS.map((len) => ({ op: 'xxh3', bytes: toBase64(patternBytes(len)) }))).map((hash, i) => ({ len: LENGTHS[i]!, hash }));
  const topics = run(TOPICS.map((t) => ({ op: 'topic', ...t }))).map((hash, i) => ({ ...TOPICS[i]!, hash }));
  const byName = (n: string) => topics.find((t) => t.name === n)!.hash;
  const groupCases: GroupCase[] = [
    { topics: {} },
    { topics: { in: byName('in') } },
    { topics: { words: byName('words'), in: byName('in'), 'app-store-changelog': byName('app-store-changelog') } },
    { topics: { b: '-1', a: '9223372036854775807', c: '-9223372036854775808' } },
  ];
  const groups = run(groupCases.map((g) => ({ op: 'group', ...g }))).map((hash, i) => ({ ...groupCases[i]!, hash }));
  return { xxh3, topics, groups };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const vectors = kafkaVectors();
  if (process.argv.includes('--check')) {
    // compared as JSON values: the committed file is laid out by prettier
    if (JSON.stringify(JSON.parse(readFileSync(VECTORS_FILE, 'utf8'))) !== JSON.stringify(vectors)) {
      console.error(`${VECTORS_FILE} differs from Kafka's hashes: run npx tsx oracle/scripts/metadata-hash-vectors.ts`);
      process.exit(1);
    }
  } else writeFileSync(VECTORS_FILE, JSON.stringify(vectors, null, 2) + '\n');
}
