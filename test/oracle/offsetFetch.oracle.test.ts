// OffsetFetch v1-10 on a real Kafka 4.4.0 broker and on the simulator: the same streams group with one committed
// offset, a streams group with none, and a group that does not exist, fetched by name and for all topics at every
// version. Kafka's side is KafkaApis.handleOffsetFetchRequest (OffsetFetchRequest.groups(),
// OffsetFetchResponse.Builder.build) over GroupCoordinatorService.fetchOffsets / fetchAllOffsets; the answers must be
// equal field for field. v10 names topics by topic id: the broker's id is random, the simulator's derived from the
// name (topicIdOf), so each side is sent its own id of the topic and the simulator's answer is read with the broker's.
// OffsetCommit v10 (KafkaApis.handleOffsetCommitRequest, OffsetCommitResponse.Builder) is compared the same way.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type Broker as KafkaBroker } from '../../oracle/harness/broker.ts';
import { KafkaClient, OFFSETS_TOPIC } from '../../src/cli/kafka/client.ts';
import { waitFor } from '../../src/cli/kafka/wait.ts';
import { CoordinatorProbe } from '../../src/cli/kafka/coordinatorProbe.ts';
import { Broker } from '../../src/core/broker/broker.ts';
import { Config } from '../../src/core/config.ts';
import { editionNamed } from '../../src/core/editions/index.ts';
import { getSchema } from '../../src/core/wire/index.ts';
import { topicIdOf } from '../../src/core/util/uuid.ts';
import { joinHeartbeat } from '../../src/cli/kafka/heartbeats.ts';

const run = randomBytes(4).toString('hex');
const T = `orders-${run}`;
const G = `app-${run}`;
const IDLE = `idle-${run}`;
const NOPE = `nope-${run}`;
const CLIENT = { clientId: 'sgp-oracle', clientHost: '/127.0.0.1' };

const joinRequest = (groupId: string, memberId: string) => joinHeartbeat(groupId, memberId, `${memberId}-process`, [T]);
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
  // the coordinator's metadata image follows the topic's creation: confirmed through the coordinator, then one join each
  const probe = new CoordinatorProbe(client, 'offsetfetch');
  probe.watch([G, IDLE], (await client.metadata([OFFSETS_TOPIC])).get(OFFSETS_TOPIC)?.partitions ?? 1);
  await probe.topicsVisible([{ name: T, partitions: 2 }]);
  const joined = async (groupId: string, memberId: string) => {
    const res = await client.conn.send(hb, hbRes, 1, joinRequest(groupId, memberId));
    expect(res.errorCode).toBe(0);
    expect((res.status as { statusCode: number }[] | null)?.map((st) => st.statusCode)).not.toContain(1);
    return res.memberEpoch as number;
  };
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
});

describe('v10: topics by topic id on Kafka 4.4.0 and on the simulator', () => {
  const ZERO = 'AAAAAAAAAAAAAAAAAAAAAA';
  const NOWHERE = 'AAAAAAAAAAAAAAAAAAAAAQ';
  const SIMPLE = `simple-${run}`;
  /** The request for one side: `ID` stands for that side's id of the topic. */
  const withId = (data: unknown, id: string): Record<string, unknown> => JSON.parse(JSON.stringify(data).replaceAll('"ID"', JSON.stringify(id))) as Record<string, unknown>;
  /** The simulator's answer read with the broker's id of the topic. */
  const asBroker = (ours: unknown): unknown => JSON.parse(JSON.stringify(ours).replaceAll(JSON.stringify(topicIdOf(T)), JSON.stringify(topicId)));
  const group = (groupId: string, topics: unknown, member: Record<string, unknown> = { memberId: null, memberEpoch: -1 }) => ({ groups: [{ groupId, ...member, topics }], requireStable: false });
  const part = (partitionIndex: number) => ({ partitionIndex, committedOffset: 5, committedLeaderEpoch: -1, committedMetadata: null });
  const cases: { label: string; api: 'OffsetFetch' | 'OffsetCommit'; data: unknown }[] = [
    { label: 'fetch by id', api: 'OffsetFetch', data: group(G, [{ topicId: 'ID', partitionIndexes: [0, 1] }]) },
    {
      label: 'fetch with an unknown and the zero id',
      api: 'OffsetFetch',
      data: group(G, [
        { topicId: NOWHERE, partitionIndexes: [0] },
        { topicId: 'ID', partitionIndexes: [0] },
        { topicId: ZERO, partitionIndexes: [1] },
      ]),
    },
    { label: 'fetch all topics', api: 'OffsetFetch', data: group(G, null) },
    { label: 'fetch a group with no commits', api: 'OffsetFetch', data: group(IDLE, [{ topicId: 'ID', partitionIndexes: [0] }]) },
    {
      label: 'fetch an unknown group',
      api: 'OffsetFetch',
      data: group(NOPE, [
        { topicId: 'ID', partitionIndexes: [0] },
        { topicId: NOWHERE, partitionIndexes: [0] },
      ]),
    },
    { label: 'fetch as a member the group does not have', api: 'OffsetFetch', data: group(G, [{ topicId: NOWHERE, partitionIndexes: [0] }], { memberId: 'zz', memberEpoch: 3 }) },
    {
      label: 'commit by id to a new simple group, beside an unknown id, a missing partition and the zero id',
      api: 'OffsetCommit',
      data: {
        groupId: SIMPLE,
        generationIdOrMemberEpoch: -1,
        memberId: '',
        groupInstanceId: null,
        topics: [
          { topicId: NOWHERE, partitions: [part(0)] },
          { topicId: 'ID', partitions: [part(0), part(7)] },
          { topicId: ZERO, partitions: [part(1)] },
        ],
      },
    },
    {
      label: 'commit with a stale member epoch beside an unknown id',
      api: 'OffsetCommit',
      data: {
        groupId: G,
        generationIdOrMemberEpoch: 99,
        memberId: 'a',
        groupInstanceId: null,
        topics: [
          { topicId: NOWHERE, partitions: [part(0)] },
          { topicId: 'ID', partitions: [part(0)] },
        ],
      },
    },
    { label: 'fetch the v10 commit back', api: 'OffsetFetch', data: group(SIMPLE, null) },
  ];
  for (const c of cases) {
    it(c.label, async () => {
      const theirs =
        c.api === 'OffsetFetch'
          ? await client.conn.send(getSchema('OffsetFetchRequest', 'ak4'), getSchema('OffsetFetchResponse', 'ak4'), 10, withId(c.data, topicId))
          : await client.conn.send(getSchema('OffsetCommitRequest', 'ak4'), getSchema('OffsetCommitResponse', 'ak4'), 10, withId(c.data, topicId));
      const ours = sim.send(c.api, 10, withId(c.data, topicIdOf(T)), CLIENT);
      expect(asBroker(ours.response)).toEqual(theirs);
    });
  }
});
