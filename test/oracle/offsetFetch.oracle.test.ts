// OffsetFetch v1-9 on a real Kafka 4.4.0 broker and on the simulator: the same streams group with one committed
// offset, a streams group with none, and a group that does not exist, fetched by name and for all topics at every
// version the simulator serves. Kafka's side is KafkaApis.handleOffsetFetchRequest (OffsetFetchRequest.groups(),
// OffsetFetchResponse.Builder.build) over GroupCoordinatorService.fetchOffsets / fetchAllOffsets; the answers must be
// equal field for field. v10 (topics by topic id) is sent to Kafka only, to keep what it answers on record.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type Broker as KafkaBroker } from '../../oracle/harness/broker.ts';
import { KafkaClient } from '../../src/cli/kafka/client.ts';
import { waitFor } from '../../src/cli/kafka/wait.ts';
import { Broker } from '../../src/core/broker/broker.ts';
import { Config } from '../../src/core/config.ts';
import { editionNamed } from '../../src/core/editions/index.ts';
import { getSchema } from '../../src/core/wire/index.ts';

const run = randomBytes(4).toString('hex');
const T = `orders-${run}`;
const G = `app-${run}`;
const IDLE = `idle-${run}`;
const NOPE = `nope-${run}`;
const CLIENT = { clientId: 'sgp-oracle', clientHost: '/127.0.0.1' };

const topology = {
  epoch: 0,
  subtopologies: [{ subtopologyId: '0', sourceTopics: [T], sourceTopicRegex: [], stateChangelogTopics: [], repartitionSinkTopics: [], repartitionSourceTopics: [], copartitionGroups: [] }],
};
const joinRequest = (groupId: string, memberId: string) => ({
  groupId,
  memberId,
  memberEpoch: 0,
  endpointInformationEpoch: -1,
  instanceId: null,
  rackId: null,
  rebalanceTimeoutMs: 30_000,
  topology,
  activeTasks: [],
  standbyTasks: [],
  warmupTasks: [],
  processId: `${memberId}-process`,
  userEndpoint: null,
  clientTags: [],
  taskOffsets: null,
  taskEndOffsets: null,
  shutdownApplication: false,
});
const commitRequest = (memberId: string, epoch: number) => ({
  groupId: G,
  generationIdOrMemberEpoch: epoch,
  memberId,
  groupInstanceId: null,
  topics: [{ name: T, partitions: [{ partitionIndex: 0, committedOffset: 42, committedLeaderEpoch: -1, committedMetadata: 'm' }] }],
});

/** Every fetch, by version: the group's partitions by name, all topics (v2+), a group with no commits, an unknown group. */
function fetches(): { label: string; version: number; data: Record<string, unknown> }[] {
  const out: { label: string; version: number; data: Record<string, unknown> }[] = [];
  const named = [{ name: T, partitionIndexes: [0, 1] }];
  for (let v = 1; v <= 9; v++) {
    const one = (groupId: string, topics: unknown) =>
      v >= 8 ? { groups: [{ groupId, ...(v >= 9 ? { memberId: null, memberEpoch: -1 } : {}), topics }], requireStable: false } : { groupId, topics, ...(v >= 7 ? { requireStable: false } : {}) };
    out.push({ label: `v${v} named`, version: v, data: one(G, named) });
    if (v >= 2) out.push({ label: `v${v} all topics`, version: v, data: one(G, null) });
    out.push({ label: `v${v} a group with no commits`, version: v, data: one(IDLE, named) });
    out.push({ label: `v${v} an unknown group`, version: v, data: one(NOPE, v >= 2 ? null : named) });
  }
  return out;
}

let kafka: KafkaBroker;
let client: KafkaClient;
let sim: Broker;
let topicId = '';

beforeAll(async () => {
  kafka = await startBroker();
  client = await KafkaClient.connect(kafka.host, kafka.port);
  for (const r of await client.createTopics([{ name: T, partitions: 2 }])) expect(r.errorCode).toBe(0);
  topicId = await waitFor('the topic in the metadata', 30_000, async () => (await client.metadata([T])).get(T)?.topicId);
  const hb = getSchema('StreamsGroupHeartbeatRequest', 'ak4');
  const hbRes = getSchema('StreamsGroupHeartbeatResponse', 'ak4');
  // the coordinator's metadata image follows the topic's creation shortly: join until the source topic is not missing
  const joined = (groupId: string, memberId: string) =>
    waitFor(`${groupId} to join with its source topic`, 60_000, async () => {
      const res = await client.conn.send(hb, hbRes, 1, joinRequest(groupId, memberId));
      if (res.errorCode !== 0) return undefined;
      return (res.status as { statusCode: number }[] | null)?.some((s) => s.statusCode === 1) ? undefined : (res.memberEpoch as number);
    });
  const epoch = await joined(G, 'a');
  await joined(IDLE, 'b');
  const commit = await client.raw('OffsetCommit', 9, commitRequest('a', epoch));
  expect(commit.topics).toEqual([{ name: T, partitions: [{ partitionIndex: 0, errorCode: 0 }] }]);

  sim = new Broker({ edition: editionNamed('ak4'), variant: 'current', config: Config.from({}) }, [[T, 2]]);
  const simJoin = (groupId: string, memberId: string) => sim.send('StreamsGroupHeartbeat', 1, joinRequest(groupId, memberId), CLIENT);
  const simEpoch = simJoin(G, 'a').memberEpoch!;
  simJoin(IDLE, 'b');
  expect(sim.send('OffsetCommit', 9, commitRequest('a', simEpoch), CLIENT).errorName).toBe('NONE');
});

afterAll(async () => {
  client?.close();
  await kafka?.stop();
});

describe('OffsetFetch v1-9 on Kafka 4.4.0 and on the simulator', () => {
  const req = getSchema('OffsetFetchRequest', 'ak4');
  const res = getSchema('OffsetFetchResponse', 'ak4');
  for (const f of fetches()) {
    it(f.label, async () => {
      const theirs = await client.conn.send(req, res, f.version, f.data);
      const ours = sim.send('OffsetFetch', f.version, f.data, CLIENT);
      expect(ours.response).toEqual(theirs);
    });
  }

  it('v10 names topics by topic id: what Kafka answers (the simulator refuses v10)', async () => {
    const v10 = { groups: [{ groupId: G, memberId: null, memberEpoch: -1, topics: [{ topicId, partitionIndexes: [0] }] }], requireStable: false };
    const theirs = await client.conn.send(req, res, 10, v10);
    console.log(`Kafka 4.4.0 OffsetFetch v10: ${JSON.stringify(theirs)}`);
    expect((theirs.groups as { topics: { topicId: string }[] }[])[0]!.topics[0]!.topicId).toBe(topicId);
    expect(sim.send('OffsetFetch', 10, v10, CLIENT).errorName).toBe('UNSUPPORTED_VERSION');
  });
});
