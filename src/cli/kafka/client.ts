// The Kafka requests `sgp oracle` needs, over one connection to a single-broker cluster or to the group coordinator
// of a larger one: ApiVersions, FindCoordinator, Metadata, CreateTopics, CreatePartitions, DeleteTopics,
// IncrementalAlterConfigs (GROUP resources), DeleteGroups, Fetch/ListOffsets of __consumer_offsets, and the
// streams-group RPCs.
import { getSchema, type MessageSchema } from '../../core/wire/index.ts';
import { KAFKA_GROUP_RPC, KAFKA_RPC } from '../../core/wire/schemas/kafka-4.4.generated.ts';
import { versionList } from '../../core/wire/versions.ts';
import { decodeRecordBatches, type LogRecord } from '../../core/wire/recordBatch.ts';
import { fromBase64 } from '../../core/wire/bytes.ts';
import { KafkaConnection } from './connection.ts';

/** The one version the oracle uses of a cluster RPC, or any version Kafka 4.4 has of a group RPC (the ones scenarios send). */
const groupRpc = (kind: string, v: number): MessageSchema | undefined => {
  const s = KAFKA_GROUP_RPC[kind];
  return s && versionList(s.validVersions).includes(v) ? s : undefined;
};
const rpc = (name: string, v: number): [MessageSchema, MessageSchema] => {
  const req = KAFKA_RPC[`${name}Request@${v}`] ?? groupRpc(`${name}Request`, v);
  const res = KAFKA_RPC[`${name}Response@${v}`] ?? groupRpc(`${name}Response`, v);
  if (!req || !res) throw new Error(`no schema for ${name} v${v}`);
  return [req, res];
};

export const OFFSETS_TOPIC = '__consumer_offsets';
/** GROUP config resource type (ConfigResource.Type.GROUP). */
const GROUP_RESOURCE = 32;

export class KafkaError extends Error {
  constructor(
    readonly api: string,
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ApiRange {
  apiKey: number;
  minVersion: number;
  maxVersion: number;
}

export class KafkaClient {
  private constructor(
    readonly conn: KafkaConnection,
    readonly apis: ApiRange[],
  ) {}

  static async connect(host: string, port: number, timeoutMs = 10_000): Promise<KafkaClient> {
    const conn = await KafkaConnection.connect(host, port, { timeoutMs });
    try {
      const [avReq, avRes] = rpc('ApiVersions', 3);
      const res = await conn.send(avReq, avRes, 3, { clientSoftwareName: 'sgp-oracle', clientSoftwareVersion: '0.1.0' });
      if (res.errorCode !== 0) throw new KafkaError('ApiVersions', res.errorCode as number, `ApiVersions failed with error ${String(res.errorCode)}`);
      return new KafkaClient(conn, res.apiKeys as ApiRange[]);
    } catch (e) {
      // an open socket keeps the process alive: close it on every failure
      conn.close();
      throw e;
    }
  }

  /** The version range the broker supports for an API, or undefined. */
  supports(apiKey: number): ApiRange | undefined {
    return this.apis.find((a) => a.apiKey === apiKey);
  }

  close(): void {
    this.conn.close();
  }

  async findCoordinator(groupId: string): Promise<{ errorCode: number; nodeId: number; host: string; port: number }> {
    const res = await this.call('FindCoordinator', 4, { keyType: 0, coordinatorKeys: [groupId] });
    const c = (res.coordinators as Record<string, unknown>[])[0]!;
    return { errorCode: c.errorCode as number, nodeId: c.nodeId as number, host: c.host as string, port: c.port as number };
  }

  /** Topic name → partition count, for the named topics (all topics when `names` is null). */
  async metadata(names: string[] | null): Promise<Map<string, { errorCode: number; partitions: number; topicId: string }>> {
    const res = await this.call('Metadata', 12, {
      topics: names === null ? null : names.map((name) => ({ topicId: 'AAAAAAAAAAAAAAAAAAAAAA', name })),
      allowAutoTopicCreation: false,
      includeTopicAuthorizedOperations: false,
    });
    const out = new Map<string, { errorCode: number; partitions: number; topicId: string }>();
    for (const t of res.topics as Record<string, unknown>[]) {
      out.set(t.name as string, { errorCode: t.errorCode as number, partitions: (t.partitions as unknown[]).length, topicId: t.topicId as string });
    }
    return out;
  }

  async createTopics(topics: { name: string; partitions: number }[]): Promise<{ name: string; errorCode: number; errorMessage: string | null }[]> {
    if (topics.length === 0) return [];
    const res = await this.call('CreateTopics', 7, {
      topics: topics.map((t) => ({ name: t.name, numPartitions: t.partitions, replicationFactor: 1, assignments: [], configs: [] })),
      timeoutMs: 30_000,
      validateOnly: false,
    });
    return (res.topics as Record<string, unknown>[]).map((t) => ({ name: t.name as string, errorCode: t.errorCode as number, errorMessage: t.errorMessage as string | null }));
  }

  async createPartitions(counts: Record<string, number>): Promise<{ name: string; errorCode: number; errorMessage: string | null }[]> {
    const res = await this.call('CreatePartitions', 3, {
      topics: Object.entries(counts).map(([name, count]) => ({ name, count, assignments: null })),
      timeoutMs: 30_000,
      validateOnly: false,
    });
    return (res.results as Record<string, unknown>[]).map((t) => ({ name: t.name as string, errorCode: t.errorCode as number, errorMessage: t.errorMessage as string | null }));
  }

  async deleteTopics(names: string[]): Promise<{ name: string; errorCode: number }[]> {
    // v6 names each topic in `topics` (name, or the zero id with a name); `topicNames` is the v0-5 field
    const res = await this.call('DeleteTopics', 6, { topics: names.map((name) => ({ name, topicId: 'AAAAAAAAAAAAAAAAAAAAAA' })), timeoutMs: 30_000 });
    return (res.responses as Record<string, unknown>[]).map((t) => ({ name: t.name as string, errorCode: t.errorCode as number }));
  }

  /** Sets group configs (`streams.session.timeout.ms`, …) on one GROUP resource per group, in one request; the first failure, else success. */
  async alterGroupConfigs(groupIds: string | readonly string[], configs: Record<string, string>): Promise<{ groupId: string; errorCode: number; errorMessage: string | null }> {
    const ids = typeof groupIds === 'string' ? [groupIds] : groupIds;
    const res = await this.call('IncrementalAlterConfigs', 1, {
      resources: ids.map((id) => ({ resourceType: GROUP_RESOURCE, resourceName: id, configs: Object.entries(configs).map(([name, value]) => ({ name, configOperation: 0, value })) })),
      validateOnly: false,
    });
    const results = (res.responses as Record<string, unknown>[]).map((r) => ({ groupId: r.resourceName as string, errorCode: r.errorCode as number, errorMessage: r.errorMessage as string | null }));
    return results.find((r) => r.errorCode !== 0) ?? { groupId: ids[0] ?? '', errorCode: 0, errorMessage: null };
  }

  /** Removes group configs (IncrementalAlterConfigs DELETE, configOperation 1) per group, in one request; every resource's answer. */
  async deleteGroupConfigs(configs: ReadonlyMap<string, readonly string[]>): Promise<{ groupId: string; errorCode: number; errorMessage: string | null }[]> {
    if (configs.size === 0) return [];
    const res = await this.call('IncrementalAlterConfigs', 1, {
      resources: [...configs].map(([id, names]) => ({ resourceType: GROUP_RESOURCE, resourceName: id, configs: names.map((name) => ({ name, configOperation: 1, value: null })) })),
      validateOnly: false,
    });
    return (res.responses as Record<string, unknown>[]).map((r) => ({ groupId: r.resourceName as string, errorCode: r.errorCode as number, errorMessage: r.errorMessage as string | null }));
  }

  /** DeleteGroups v2: each group's answer (NON_EMPTY_GROUP while members remain, GROUP_ID_NOT_FOUND for an unknown one). */
  async deleteGroups(groupIds: readonly string[]): Promise<{ groupId: string; errorCode: number }[]> {
    if (groupIds.length === 0) return [];
    const res = await this.call('DeleteGroups', 2, { groupsNames: [...groupIds] });
    return (res.results as Record<string, unknown>[]).map((r) => ({ groupId: r.groupId as string, errorCode: r.errorCode as number }));
  }

  /** The log end offset of a partition (ListOffsets, timestamp -1 = latest). */
  async endOffset(topic: string, partition: number): Promise<number> {
    const res = await this.call('ListOffsets', 7, {
      replicaId: -1,
      isolationLevel: 0,
      topics: [{ name: topic, partitions: [{ partitionIndex: partition, currentLeaderEpoch: -1, timestamp: -1 }] }],
    });
    const p = ((res.topics as Record<string, unknown>[])[0]!.partitions as Record<string, unknown>[])[0]!;
    if (p.errorCode !== 0) throw new KafkaError('ListOffsets', p.errorCode as number, `ListOffsets ${topic}-${partition}: error ${String(p.errorCode)}`);
    return p.offset as number;
  }

  /** Every record of a partition from `offset` up to its high watermark, reading until it is reached (bounded). */
  async readFrom(topic: string, partition: number, offset: number, maxRounds = 1000): Promise<{ records: LogRecord[]; highWatermark: number }> {
    const records: LogRecord[] = [];
    let next = offset;
    for (let round = 0; round < maxRounds; round++) {
      const res = await this.call('Fetch', 12, {
        replicaId: -1,
        maxWaitMs: 0,
        minBytes: 0,
        maxBytes: 8 << 20,
        isolationLevel: 0,
        sessionId: 0,
        sessionEpoch: -1,
        topics: [{ topic, partitions: [{ partition, currentLeaderEpoch: -1, fetchOffset: next, lastFetchedEpoch: -1, logStartOffset: -1, partitionMaxBytes: 8 << 20 }] }],
        forgottenTopicsData: [],
        rackId: '',
      });
      if (res.errorCode !== 0) throw new KafkaError('Fetch', res.errorCode as number, `Fetch failed with error ${String(res.errorCode)}`);
      const p = ((res.responses as Record<string, unknown>[])[0]!.partitions as Record<string, unknown>[])[0]!;
      if (p.errorCode !== 0) throw new KafkaError('Fetch', p.errorCode as number, `Fetch ${topic}-${partition} at ${next}: error ${String(p.errorCode)}`);
      const hw = p.highWatermark as number;
      const bytes = p.records === null ? new Uint8Array(0) : fromBase64(p.records as string)!;
      for (const batch of decodeRecordBatches(bytes)) {
        if (batch.lastOffset < next) continue;
        if (!batch.isControl) for (const rec of batch.records) if (rec.offset >= next) records.push(rec);
        next = batch.lastOffset + 1;
      }
      if (next >= hw) return { records, highWatermark: hw };
      if (bytes.length === 0) return { records, highWatermark: hw };
    }
    throw new Error(`reading ${topic}-${partition}: still behind the high watermark after ${maxRounds} fetches`);
  }

  /** A streams-group RPC (ak4 edition schemas), sent as the playground would encode it. */
  streamsGroup(api: 'StreamsGroupHeartbeat' | 'StreamsGroupDescribe', version: number, data: Record<string, unknown>, clientId?: string): Promise<Record<string, unknown>> {
    return this.conn.send(getSchema(`${api}Request`, 'ak4'), getSchema(`${api}Response`, 'ak4'), version, data, clientId);
  }

  /** Any RPC from the generated Kafka 4.4 schemas, by name and version. */
  raw(name: string, version: number, data: Record<string, unknown>, clientId?: string): Promise<Record<string, unknown>> {
    return this.call(name, version, data, clientId);
  }

  private call(name: string, version: number, data: Record<string, unknown>, clientId?: string): Promise<Record<string, unknown>> {
    const [req, res] = rpc(name, version);
    return this.conn.send(req, res, version, data, clientId);
  }
}
