import { describe, expect, it } from 'vitest';
import { computeMetadataHash, groupHash, requiredTopics, topicHash } from '../../src/core/topology/metadataHash.ts';
import { topicIdOf } from '../../src/core/util/uuid.ts';
import { image, sub, topic, topo } from './fixtures.ts';
import vectors from './metadataHashVectors.json' with { type: 'json' };

const t = topo(sub('0', { sourceTopics: ['in'], repartitionSinkTopics: ['sink-only'], stateChangelogTopics: [topic('c')] }), sub('1', { sourceTopics: ['in'], repartitionSourceTopics: [topic('r')] }));

describe('requiredTopics', () => {
  it('source, repartition source and changelog topics, sorted and unique (not sinks)', () => {
    expect(requiredTopics(t)).toEqual(['c', 'in', 'r']);
  });
});

// The vectors are Kafka 4.4.0's own output (oracle/scripts/metadata-hash-vectors.ts runs its Utils).
describe('topicHash (org.apache.kafka.coordinator.group.Utils.computeTopicHash)', () => {
  it.each(vectors.topics)("$name, $partitions partitions, racks $racks: Kafka's hash", (v) => {
    expect(topicHash(v)).toBe(BigInt(v.hash));
  });
  it('refuses an id that is not a uuid, naming the topic', () => {
    expect(() => topicHash({ id: 'nope', name: 'in', partitions: 1 })).toThrow('topic in: id nope is not a 16-byte uuid');
  });
});

describe('groupHash (org.apache.kafka.coordinator.group.Utils.computeGroupHash)', () => {
  it.each(vectors.groups)("of $topics: Kafka's hash", (v) => {
    expect(groupHash(new Map(Object.entries(v.topics).map(([n, h]) => [n, BigInt(h)])))).toBe(BigInt(v.hash));
  });
});

describe('computeMetadataHash (StreamsGroup.computeMetadataHash)', () => {
  it('is 0 when no required topic is present', () => {
    expect(computeMetadataHash(t, image({ unrelated: 3, 'sink-only': 2 }))).toBe(0);
  });
  it("is Kafka's group hash of the present required topics, with the simulated topic ids", () => {
    const inHash = vectors.topics.find((v) => v.name === 'in' && v.partitions === 4)!;
    expect(inHash.id).toBe(topicIdOf('in'));
    const kafka = vectors.groups.find((g) => Object.keys(g.topics).join() === 'in')!.hash;
    expect(String(computeMetadataHash(t, image({ in: 4 })))).toBe(kafka);
  });
  it('is a number when a safe integer, else its decimal string (a Java long keeps every digit)', () => {
    const h = computeMetadataHash(t, image({ in: 4 }));
    expect(typeof h === 'string' ? !Number.isSafeInteger(Number(h)) : Number.isSafeInteger(h)).toBe(true);
  });
  it('changes with partition counts and with the set of present topics, ignores other topics', () => {
    const h = computeMetadataHash(t, image({ in: 3 }));
    expect(computeMetadataHash(t, image({ in: 4 }))).not.toBe(h);
    expect(computeMetadataHash(t, image({ in: 3, c: 3 }))).not.toBe(h);
    expect(computeMetadataHash(t, image({ in: 3, unrelated: 9 }))).toBe(h);
  });
  it('does not depend on image insertion order', () => {
    expect(computeMetadataHash(t, image({ in: 3, c: 3, r: 3 }))).toBe(computeMetadataHash(t, image({ r: 3, c: 3, in: 3 })));
  });
});
