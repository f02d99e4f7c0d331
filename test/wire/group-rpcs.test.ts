// The group RPCs scenarios send (OffsetCommit and the admin ones) have wire schemas in both editions: every request
// and response a scenario produces for them, at every version the scenario validator accepts, encodes through the
// Hex view's path (WorkerApi.stepWire) and decodes back to the same JSON. Versions Kafka 4.0 removed (KIP-896:
// OffsetCommit v0-1, OffsetFetch v0) give a clear error instead. Byte-exactness against kafka-clients itself is
// test/oracle/codec.oracle.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Trace } from '../../src/core/scenario/types.ts';
import { requestFieldTable } from '../../src/core/scenario/validate.ts';
import { topicIdOf } from '../../src/core/util/uuid.ts';
import { decodeMessage, fromHex, type Edition, type MessageKind } from '../../src/core/wire/index.ts';
import { WorkerApi, type WireEncoding } from '../../workers/api.ts';

/** A topic id no topic of the cluster has (UNKNOWN_TOPIC_ID at v10). */
const NOWHERE = 'AAAAAAAAAAAAAAAAAAAAAQ';
const RPCS = ['OffsetCommit', 'OffsetFetch', 'OffsetDelete', 'ListGroups', 'DescribeGroups', 'DeleteGroups', 'IncrementalAlterConfigs'] as const;
type GroupRpc = (typeof RPCS)[number];
/** Versions Kafka 4.4.0 no longer has (KIP-896). */
const REMOVED: Partial<Record<GroupRpc, number[]>> = { OffsetCommit: [0, 1], OffsetFetch: [0] };

/** A request with something in every field the version has (filters, nulls, several groups, an invalid config). */
function dataFor(rpc: GroupRpc, v: number): Record<string, unknown> {
  switch (rpc) {
    case 'OffsetCommit': {
      const partition: Record<string, unknown> = { partitionIndex: 0, committedOffset: 5, committedMetadata: 'm' };
      if (v >= 6) partition.committedLeaderEpoch = 3;
      if (v === 1) partition.commitTimestamp = 1000;
      // v10 names topics by topic id: the cluster's id of orders, and one the cluster does not have
      const topics =
        v >= 10
          ? [
              { topicId: topicIdOf('orders'), partitions: [partition, { partitionIndex: 7, committedOffset: 1 }] },
              { topicId: NOWHERE, partitions: [{ partitionIndex: 0, committedOffset: 1 }] },
            ]
          : [{ name: 'orders', partitions: [partition, { partitionIndex: 7, committedOffset: 1 }] }];
      const d: Record<string, unknown> = { groupId: 'audit', topics };
      if (v >= 1) Object.assign(d, { generationIdOrMemberEpoch: -1, memberId: '' });
      if (v >= 2 && v <= 4) d.retentionTimeMs = -1;
      if (v >= 7) d.groupInstanceId = null;
      return d;
    }
    case 'OffsetFetch': {
      if (v === 0) return {};
      // v1-7: one group at the top level (topics nullable from v2, requireStable from v7)
      if (v < 8) return { groupId: 'audit', topics: [{ name: 'orders', partitionIndexes: [0, 1] }], ...(v >= 7 ? { requireStable: true } : {}) };
      const byId = [
        { topicId: topicIdOf('orders'), partitionIndexes: [0, 1] },
        { topicId: NOWHERE, partitionIndexes: [0] },
      ];
      const audit: Record<string, unknown> = { groupId: 'audit', topics: v >= 10 ? byId : [{ name: 'orders', partitionIndexes: [0, 1] }] };
      if (v >= 9) Object.assign(audit, { memberId: null, memberEpoch: -1 });
      return { groups: [{ groupId: 'app', topics: null }, audit], requireStable: true };
    }
    case 'OffsetDelete':
      return { groupId: 'audit', topics: [{ name: 'orders', partitions: [{ partitionIndex: 0 }, { partitionIndex: 1 }] }] };
    case 'ListGroups':
      return v >= 5 ? { statesFilter: [], typesFilter: ['streams', 'classic'] } : v >= 4 ? { statesFilter: ['stable', 'empty'] } : {};
    case 'DescribeGroups':
      return v >= 3 ? { groups: ['app', 'audit', 'nope'], includeAuthorizedOperations: true } : { groups: ['app', 'audit', 'nope'] };
    case 'DeleteGroups':
      return { groupsNames: ['app', 'audit', 'nope'] };
    case 'IncrementalAlterConfigs':
      return {
        resources: [
          { resourceType: 32, resourceName: 'app', configs: [{ name: 'streams.num.standby.replicas', configOperation: 0, value: '1' }] },
          {
            resourceType: 32,
            resourceName: 'app',
            configs: [
              { name: 'streams.session.timeout.ms', configOperation: 1, value: null },
              { name: 'bogus', configOperation: 0, value: 'x' },
            ],
          },
        ],
        validateOnly: v === 1,
      };
  }
}

function scenario(edition: Edition, rpc: GroupRpc, version: number): string {
  const subtopology = { subtopologyId: '0', sourceTopics: ['orders'] };
  return JSON.stringify({
    format: 1,
    protocol: edition,
    config: { 'group.streams.initial.rebalance.delay.ms': 0 },
    topics: [{ name: 'orders', partitions: 2 }],
    topology:
      edition === 'ak4'
        ? { epoch: 0, subtopologies: [subtopology] }
        : [{ ...subtopology, sourceTopicRegex: [], stateChangelogTopics: [], repartitionSinkTopics: [], repartitionSourceTopics: [], copartitionGroups: [] }],
    clients: { a: { profile: 'java', processId: 'p1' } },
    steps: [
      { client: 'a', do: 'join' },
      { send: 'OffsetCommit', data: { groupId: 'audit', memberId: '', generationIdOrMemberEpoch: -1, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 100 }] }] } },
      { send: rpc, version, data: dataFor(rpc, version) },
    ],
  });
}

function run(text: string): Trace {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(`not a valid scenario: ${JSON.stringify(parsed.errors[0])}`);
  return runScenario(parsed.scenario);
}

const api = new WorkerApi();

/** The step's message encodes (as the Hex view asks for it) and its bytes decode to the same JSON. */
function expectRoundTrip(w: WireEncoding | null, json: unknown, version: number, edition: Edition, what: string): void {
  expect(w, what).not.toBeNull();
  if (!w!.ok) throw new Error(`${what}: ${w!.message}`);
  // every byte annotated (a ListGroups v0-v2 request has no bytes at all)
  expect(
    w!.value.annotations.reduce((n, a) => n + a.length, 0),
    what,
  ).toBe(fromHex(w!.value.hex).length);
  const decoded = decodeMessage(w!.value.kind as MessageKind, version, fromHex(w!.value.hex), { edition });
  expect(decoded.consumed, what).toBe(fromHex(w!.value.hex).length);
  // a field the version lacks may be in the trace only at its default (the encoder refuses anything else)
  expect(decoded.json, what).toMatchObject(inForm(json, decoded.json) as Record<string, unknown>);
}

/** `json` without the keys `form` (a decode of the version) does not have. */
function inForm(json: unknown, form: unknown): unknown {
  if (Array.isArray(json) && Array.isArray(form)) return json.map((x, i) => inForm(x, form[i]));
  if (typeof json !== 'object' || json === null || typeof form !== 'object' || form === null) return json;
  const f = form as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(json)
      .filter(([k]) => k in f)
      .map(([k, v]) => [k, inForm(v, f[k])]),
  );
}

describe('group RPCs in Kafka binary form', () => {
  for (const edition of ['ak4', 'kip1071-draft'] as const) {
    for (const rpc of RPCS) {
      const versions = requestFieldTable(edition)[rpc]!.length;
      it(`${edition} ${rpc}: every version the validator accepts (v0-v${versions - 1})`, () => {
        for (let v = 0; v < versions; v++) {
          const step = run(scenario(edition, rpc, v)).steps.at(-1)!;
          expect([step.api, step.version]).toEqual([rpc, v]);
          const w = api.stepWire(rpc, v, edition, step.request, step.response);
          if (REMOVED[rpc]?.includes(v)) {
            expect(step.errorName).toBe('UNSUPPORTED_VERSION');
            for (const side of [w.request, w.response]) {
              expect(side?.ok).toBe(false);
              if (side && !side.ok) expect(side.message).toMatch(new RegExp(`v${v} is not in Kafka 4\\.4\\.0.*KIP-896`));
            }
            continue;
          }
          expectRoundTrip(w.request, step.request, v, edition, `${rpc} v${v} request`);
          expectRoundTrip(w.response, step.response, v, edition, `${rpc} v${v} response`);
        }
      });
    }
  }

  it("the responses are in their version's form (ListGroups: GroupState v4+, GroupType v5+; OffsetFetch v1-7 by group)", () => {
    const listed = (v: number) => (run(scenario('ak4', 'ListGroups', v)).steps.at(-1)!.response as { groups: Record<string, unknown>[] }).groups;
    expect(listed(3)).toEqual([
      { groupId: 'app', protocolType: 'streams' },
      { groupId: 'audit', protocolType: '' },
    ]);
    expect(listed(4).map((g) => Object.keys(g))).toEqual([
      ['groupId', 'protocolType', 'groupState'],
      ['groupId', 'protocolType', 'groupState'],
    ]);
    expect(listed(5)[0]).toEqual({ groupId: 'app', protocolType: 'streams', groupState: 'Stable', groupType: 'streams' });
    // OffsetFetchResponse.Builder.build below v8: the group's topics at the top level, ErrorCode v2+, ThrottleTimeMs v3+,
    // CommittedLeaderEpoch v5+ (the admin commit put 100 on audit's orders-0)
    const fetched = (v: number) => run(scenario('ak4', 'OffsetFetch', v)).steps.at(-1)!;
    const partition = (p: number, offset: number, v: number) => ({ partitionIndex: p, committedOffset: offset, ...(v >= 5 ? { committedLeaderEpoch: -1 } : {}), metadata: '', errorCode: 0 });
    const topics = (v: number) => [{ name: 'orders', partitions: [partition(0, 100, v), partition(1, -1, v)] }];
    const fetch7 = fetched(7);
    expect([fetch7.request, fetch7.response]).toEqual([
      { groupId: 'audit', topics: [{ name: 'orders', partitionIndexes: [0, 1] }], requireStable: true },
      { throttleTimeMs: 0, topics: topics(7), errorCode: 0 },
    ]);
    expect(fetched(1).response).toEqual({ topics: topics(1) });
    expect(fetched(2).response).toEqual({ topics: topics(2), errorCode: 0 });
    expect(fetched(4).response).toEqual({ throttleTimeMs: 0, topics: topics(4), errorCode: 0 });
  });

  it('every group RPC step of the teaching examples encodes, in requests and responses', () => {
    const dir = join(import.meta.dirname, '..', '..', 'static', 'examples');
    let checked = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json')) {
      const text = readFileSync(join(dir, file), 'utf8');
      const edition = ((JSON.parse(text) as { protocol?: Edition }).protocol ?? 'ak4') as Edition;
      for (const s of run(text).steps) {
        if (!s.api || s.version === null || !(RPCS as readonly string[]).includes(s.api)) continue;
        const w = api.stepWire(s.api, s.version, edition, s.request, s.response);
        expectRoundTrip(w.request, s.request, s.version, edition, `${file} step ${s.index} request`);
        expectRoundTrip(w.response, s.response, s.version, edition, `${file} step ${s.index} response`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  it('the paste-hex box offers them in both editions', () => {
    for (const edition of ['ak4', 'kip1071-draft'] as const) {
      const kinds = new Map(api.wireKinds(edition).map((k) => [k.kind, k.versions]));
      expect(kinds.get('ListGroupsResponse')).toEqual([0, 1, 2, 3, 4, 5]);
      expect(kinds.get('OffsetCommitRequest')).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(kinds.get('IncrementalAlterConfigsRequest')).toEqual([0, 1]);
    }
    // ListGroups v5 request: statesFilter empty (compact length 0+1), typesFilter one string of 7 bytes, no tagged fields
    const d = api.decodeHex('ListGroupsRequest', 5, 'ak4', '01 02 08 73 74 72 65 61 6d 73 00');
    expect(d.ok && d.json).toEqual({ statesFilter: [], typesFilter: ['streams'] });
  });
});
