// Metadata hash of a streams group ([4.4] §4.4 step 6), as Kafka 4.4.0 computes it: XXH3-64 of each required topic
// present in the cluster (Utils.computeTopicHash), then XXH3-64 of those topic hashes in topic-name order
// (Utils.computeGroupHash, over StreamsGroup.computeMetadataHash's present required topics). Topic ids come from the
// simulated cluster (topicIdOf), which a shard oracle run hands to Kafka too, so the values are Kafka's exactly.
import type { StreamsTopology, TopicsImage } from '../model/topology.ts';
import { int64Json, type Int64Json } from '../util/int64.ts';
import { slot } from '../util/slot.ts';
import { topicIdOf } from '../util/uuid.ts';
import { fromBase64 } from '../wire/bytes.ts';
import { xxh3 } from '../util/xxh3.ts';

/** StreamsTopology.requiredTopics: source, repartition source and changelog topic names (sorted, unique). */
export function requiredTopics(topology: StreamsTopology): string[] {
  const names = new Set<string>();
  for (const s of topology.subtopologies) {
    for (const t of s.sourceTopics) names.add(t);
    for (const t of s.repartitionSourceTopics) names.add(t.name);
    for (const t of s.stateChangelogTopics) names.add(t.name);
  }
  return [...names].sort(byUtf16);
}

/** Java's String.compareTo order (UTF-16 code units), which Map.Entry.comparingByKey uses. */
const byUtf16 = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The bytes a hash4j HashStream64 is fed: put* calls, little-endian, as Kafka's Utils makes them. */
class HashInput {
  private buf = new Uint8Array(64);
  private len = 0;

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  putByte(v: number): this {
    this.room(1);
    this.buf[this.len++] = v & 0xff;
    return this;
  }

  putInt(v: number): this {
    this.room(4);
    for (let i = 0; i < 4; i++) this.buf[this.len++] = (v >>> (8 * i)) & 0xff;
    return this;
  }

  /** A long given as its 8 big-endian bytes (a uuid half), written little-endian. */
  putLongBigEndianBytes(bytes: Uint8Array): this {
    this.room(8);
    for (let i = 7; i >= 0; i--) this.buf[this.len++] = bytes[i]!;
    return this;
  }

  putLong(v: bigint): this {
    this.room(8);
    new DataView(this.buf.buffer, this.buf.byteOffset + this.len, 8).setBigInt64(0, v, true);
    this.len += 8;
    return this;
  }

  /** hash4j's putString: the UTF-16 code units (putChars), then the length as an int. */
  putString(s: string): this {
    this.room(2 * s.length);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      this.buf[this.len++] = c & 0xff;
      this.buf[this.len++] = c >>> 8;
    }
    return this.putInt(s.length);
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.len);
  }
}

/** A topic as Kafka's CoordinatorMetadataImage.TopicMetadata describes it. */
export interface TopicForHash {
  /** Kafka's Uuid.toString() form (22 URL-safe base64 characters). */
  id: string;
  name: string;
  partitions: number;
  /** Each partition's replica racks (missing or empty: no racks, as on the playground's rackless cluster). */
  racks?: readonly (readonly string[])[];
}

/**
 * Utils.computeTopicHash: magic byte 0, the topic id (most, then least significant long), the name, the partition
 * count, then each partition's index and its racks in sorted order (each as its length, then the string).
 */
export function topicHash(topic: TopicForHash): bigint {
  const id = fromBase64(topic.id);
  if (id === undefined || id.length !== 16) throw new Error(`topic ${topic.name}: id ${topic.id} is not a 16-byte uuid`);
  const input = new HashInput().putByte(0).putLongBigEndianBytes(id.subarray(0, 8)).putLongBigEndianBytes(id.subarray(8)).putString(topic.name).putInt(topic.partitions);
  for (let p = 0; p < topic.partitions; p++) {
    input.putInt(p);
    for (const rack of [...(topic.racks?.[p] ?? [])].sort(byUtf16)) input.putInt(rack.length).putString(rack);
  }
  return BigInt.asIntN(64, xxh3(input.bytes()));
}

/** Utils.computeGroupHash: 0 for no topics, else XXH3-64 of the topic hashes (longs) in topic-name order. */
export function groupHash(topicHashes: ReadonlyMap<string, bigint>): bigint {
  if (topicHashes.size === 0) return 0n;
  const input = new HashInput();
  for (const name of [...topicHashes.keys()].sort(byUtf16)) input.putLong(topicHashes.get(name)!);
  return BigInt.asIntN(64, xxh3(input.bytes()));
}

/**
 * StreamsGroup.computeMetadataHash: the group hash of the required topics present in the image (absent ones are left
 * out), each topic with its simulated id and no racks; 0 when none is present.
 */
export function computeMetadataHash(topology: StreamsTopology, topics: TopicsImage): Int64Json {
  // remembered by the present topics and their partition counts (ids derive from names): XXH3 on BigInts is slow
  let key = '';
  for (const name of requiredTopicsOf(topology)) {
    const partitions = topics.get(name);
    if (partitions !== undefined) key += `${partitions}:${name.length}:${name}|`;
  }
  let h = groupHashes.get(key);
  if (h === undefined) {
    const hashes = new Map<string, bigint>();
    for (const name of requiredTopicsOf(topology)) {
      const partitions = topics.get(name);
      if (partitions !== undefined) hashes.set(name, topicHashOf(name, partitions));
    }
    h = int64Json(groupHash(hashes));
    if (groupHashes.size >= CACHE_LIMIT) groupHashes.clear();
    groupHashes.set(key, h);
  }
  return h;
}

const CACHE_LIMIT = 4096;
const groupHashes = new Map<string, Int64Json>();
/** Topic hashes by name and partition count, as Kafka caches them per metadata image. */
const topicHashes = new Map<string, bigint>();

function topicHashOf(name: string, partitions: number): bigint {
  const key = `${partitions}:${name}`;
  let h = topicHashes.get(key);
  if (h === undefined) {
    h = topicHash({ id: topicIdOf(name), name, partitions });
    if (topicHashes.size >= CACHE_LIMIT) topicHashes.clear();
    topicHashes.set(key, h);
  }
  return h;
}

/** requiredTopics, remembered per stored topology (an immutable value). */
function requiredTopicsOf(topology: StreamsTopology): readonly string[] {
  return required.get(topology) ?? required.set(topology, requiredTopics(topology));
}

const required = slot<readonly string[]>();
