// Offset and admin requests for generated scenarios: OffsetCommit, OffsetFetch, OffsetDelete, ListGroups,
// DescribeGroups, StreamsGroupDescribe, DeleteGroups and IncrementalAlterConfigs, every version the broker serves, with
// valid, boundary and invalid field values (unknown groups and topics, the empty group id, partitions past the end,
// stale and unknown members, metadata past the size limit, state and type filters in several spellings, group configs
// at and beyond their bounds).
import { topicIdOf } from '../../util/uuid.ts';
import { ZERO_UUID } from '../../offsets/topicIds.ts';
import { SERVED_VERSIONS } from '../coverage.ts';
import type { Json } from './header.ts';
import type { World, MemberState } from './world.ts';

const version = (w: World, rpc: string): number => {
  const [lo, hi] = SERVED_VERSIONS[rpc]!;
  return lo + w.rng.int(hi - lo + 1);
};

/**
 * Kafka commits and fetches offsets of the empty group id (kept for old clients), and a run on a shared live broker
 * cannot give "" a name of its own: live mode leaves "" out of OffsetCommit and OffsetFetch.
 */
const offsetsGroupId = (w: World): string => w.groupId(w.mode === 'exact');

/** Metadata longer than offset.metadata.max.bytes (4096): OFFSET_METADATA_TOO_LARGE. */
const LONG_METADATA = 'm'.repeat(4097);

/** A member of the group to commit or fetch as, or none (an admin request). */
function someMember(w: World, groupId: string): MemberState | undefined {
  const ms = w.members(groupId);
  return ms.length > 0 && w.rng.int(3) > 0 ? w.rng.pick(ms) : undefined;
}

/** An epoch for a member: its own mostly, else one behind, one ahead, or -1. */
function epochFor(w: World, m: MemberState): number {
  return w.rng.pick([m.memberEpoch, m.memberEpoch, m.memberEpoch, m.memberEpoch - 1, m.memberEpoch + 1, -1]);
}

/**
 * A topic id for v10: the simulator's id of a topic (live mode: the broker makes its own ids, so only the zero id and
 * an id no topic has can mean the same thing on both sides).
 */
function topicIdFor(w: World, name: string): string {
  if (w.mode === 'live' || w.rng.int(8) === 0) return w.rng.int(2) === 0 ? ZERO_UUID : topicIdOf(UNKNOWN_ID_SEED);
  return topicIdOf(name);
}
const UNKNOWN_ID_SEED = 'a-topic-that-never-exists';

export function offsetCommit(w: World): Json {
  const v = version(w, 'OffsetCommit');
  const groupId = offsetsGroupId(w);
  const m = someMember(w, groupId);
  const data: Json = { groupId };
  if (m) Object.assign(data, { memberId: m.memberId, generationIdOrMemberEpoch: epochFor(w, m) });
  else if (w.rng.int(6) === 0) Object.assign(data, { memberId: 'ghost', generationIdOrMemberEpoch: 1 });
  else Object.assign(data, { memberId: '', generationIdOrMemberEpoch: -1 });
  if (v >= 7) data.groupInstanceId = m?.instanceId ?? null;
  if (v >= 2 && v <= 4) data.retentionTimeMs = w.rng.pick([-1, 60000]);
  const topics: Json[] = [];
  const count = 1 + w.rng.int(2);
  for (let i = 0; i < count; i++) {
    const name = w.topicName();
    const partitions = w.partitions(name).map((p): Json => {
      const out: Json = { partitionIndex: p, committedOffset: w.rng.pick([0, 7, 100 + w.rng.int(900), -1]) };
      if (v >= 6) out.committedLeaderEpoch = w.rng.pick([-1, 3]);
      out.committedMetadata = w.rng.pick([null, '', 'meta', 'meta', w.rng.int(10) === 0 ? LONG_METADATA : 'x']);
      return out;
    });
    topics.push(v >= 10 ? { topicId: topicIdFor(w, name), partitions } : { name, partitions });
  }
  data.topics = topics;
  return { send: 'OffsetCommit', version: v, data };
}

function fetchTopics(w: World, byId: boolean): Json[] {
  const count = 1 + w.rng.int(2);
  return Array.from({ length: count }, () => {
    const name = w.topicName();
    const partitionIndexes = w.partitions(name);
    return byId ? { topicId: topicIdFor(w, name), partitionIndexes } : { name, partitionIndexes };
  });
}

export function offsetFetch(w: World): Json {
  // v10 by topic id: the live broker's ids are its own, so there only "all topics" (null) compares
  const v = version(w, 'OffsetFetch');
  if (v < 8) {
    const data: Json = { groupId: offsetsGroupId(w), topics: v >= 2 && w.rng.int(2) === 0 ? null : fetchTopics(w, false) };
    if (v >= 7) data.requireStable = w.rng.int(2) === 0;
    return { send: 'OffsetFetch', version: v, data };
  }
  const groups = Array.from({ length: 1 + w.rng.int(3) }, (): Json => {
    const groupId = offsetsGroupId(w);
    const g: Json = { groupId };
    if (v >= 9) {
      const m = someMember(w, groupId);
      if (m) Object.assign(g, { memberId: m.memberId, memberEpoch: epochFor(w, m) });
      else if (w.rng.int(5) === 0) Object.assign(g, { memberId: 'ghost', memberEpoch: 3 });
      else Object.assign(g, { memberId: null, memberEpoch: -1 });
    }
    g.topics = w.rng.int(2) === 0 || (v >= 10 && w.mode === 'live') ? null : fetchTopics(w, v >= 10);
    return g;
  });
  return { send: 'OffsetFetch', version: v, data: { groups, requireStable: w.rng.int(2) === 0 } };
}

export function offsetDelete(w: World): Json {
  const topics = Array.from({ length: 1 + w.rng.int(2) }, () => {
    const name = w.topicName();
    return { name, partitions: w.partitions(name).map((p) => ({ partitionIndex: p })) };
  });
  return { send: 'OffsetDelete', version: 0, data: { groupId: w.groupId(), topics } };
}

/** State filters as a user might spell them: Kafka's names, other cases, states of other group types, nonsense. */
const STATE_SPELLINGS = ['Empty', 'empty', 'EMPTY', 'NotReady', 'not_ready', 'Assigning', 'Reconciling', 'Stable', 'STABLE', 'Dead', 'PreparingRebalance', 'CompletingRebalance', 'bogus'];
const TYPE_SPELLINGS = ['streams', 'Streams', 'STREAMS', 'classic', 'consumer', 'share', 'bogus'];

const subset = <T>(w: World, items: readonly T[], max: number): T[] => Array.from({ length: w.rng.int(max + 1) }, () => w.rng.pick(items));

export function listGroups(w: World): Json {
  const v = version(w, 'ListGroups');
  const data: Json = {};
  if (v >= 4) data.statesFilter = subset(w, STATE_SPELLINGS, 2);
  if (v >= 5) data.typesFilter = subset(w, TYPE_SPELLINGS, 2);
  return { send: 'ListGroups', version: v, data };
}

/** Group ids for a describe or delete: one to three, with repeats, unknown ids and the empty id. */
function groupList(w: World): string[] {
  return Array.from({ length: 1 + w.rng.int(3) }, () => w.groupId());
}

export function describeGroups(w: World): Json {
  const v = version(w, 'DescribeGroups');
  const data: Json = { groups: groupList(w) };
  if (v >= 3) data.includeAuthorizedOperations = w.rng.int(2) === 0;
  return { send: 'DescribeGroups', version: v, data };
}

export function streamsGroupDescribe(w: World): Json {
  const v = version(w, 'StreamsGroupDescribe');
  const data: Json = { groupIds: groupList(w), includeAuthorizedOperations: w.rng.int(2) === 0 };
  if (v >= 1) data.includeTopologyDescription = w.rng.int(2) === 0;
  return { send: 'StreamsGroupDescribe', version: v, data };
}

export function deleteGroups(w: World): Json {
  return { send: 'DeleteGroups', version: version(w, 'DeleteGroups'), data: { groupsNames: groupList(w) } };
}

/** Group configs with a valid, a boundary and an invalid value each (GroupConfig.validate's bounds at Kafka's defaults). */
const GROUP_CONFIG_VALUES: Record<string, readonly string[]> = {
  'streams.session.timeout.ms': ['50000', '45000', '60000', '44999', '60001'],
  'streams.heartbeat.interval.ms': ['6000', '5000', '15000', '4999', '15001'],
  'streams.num.standby.replicas': ['1', '0', '2', '3', '-1'],
  'streams.initial.rebalance.delay.ms': ['0', '1000', '-1'],
  'streams.assignment.interval.ms': ['0', '500', '15000', '15001', '-1'],
  'streams.task.offset.interval.ms': ['1', '30000', '0'],
  'streams.num.warmup.replicas': ['0', '1', '-1'],
  'streams.acceptable.recovery.lag': ['0', '100', '-1'],
  'streams.rack.aware.assignment.tags': ['zone', 'zone,rack', 'zone,zone', ''],
  'streams.assignor.name': ['sticky', 'bogus'],
  'streams.bogus.config': ['1'],
  'consumer.session.timeout.ms': ['45000'],
};

export function incrementalAlterConfigs(w: World): Json {
  const v = version(w, 'IncrementalAlterConfigs');
  const names = Object.keys(GROUP_CONFIG_VALUES);
  const resources = Array.from({ length: 1 + (w.rng.int(4) === 0 ? 1 : 0) }, () => {
    const configs = Array.from({ length: 1 + w.rng.int(2) }, () => {
      const name = w.rng.pick(names);
      // DELETE (1) reverts to the broker's value: exact mode only (the live oracle broker's values are scaled)
      const op = w.mode === 'exact' && w.rng.int(6) === 0 ? 1 : 0;
      // live: the oracle broker's floor for the task offset interval is 10 ms after the time scale divides the value
      const values = w.mode === 'live' && name === 'streams.task.offset.interval.ms' ? ['30000'] : GROUP_CONFIG_VALUES[name]!;
      const value = w.rng.int(12) === 0 ? 'abc' : w.rng.pick(values);
      return { name, configOperation: op, value: op === 1 ? null : value };
    });
    return { resourceType: 32, resourceName: w.rng.int(10) === 0 ? '' : w.groupId() || w.header.doc.groupId, configs };
  });
  return { send: 'IncrementalAlterConfigs', version: v, data: { resources, validateOnly: w.rng.int(5) === 0 } };
}
