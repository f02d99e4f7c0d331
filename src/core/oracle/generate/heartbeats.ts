// Raw StreamsGroupHeartbeats for generated scenarios: joins (epoch 0) with every field a join carries, heartbeats at
// the member's own, a stale or a future epoch, leaves (-1) and static leaves (-2), with owned-task lists in every
// null / empty / subset / full / beyond-the-assignment combination, and member metadata that changes (rack, client
// tags, endpoint, process, topology epoch), task offsets and end offsets, shutdownApplication, and one invalid field
// at a time (each answered by the broker: INVALID_REQUEST, STREAMS_INVALID_TOPOLOGY, UNKNOWN_SERVER_ERROR, …).
import type { Json, TopologyPlan } from './header.ts';
import type { MemberState, World } from './world.ts';

/** Who sends the heartbeat: a simulated client's alias (main group) or a raw member of another group. */
export type HeartbeatTarget =
  { kind: 'alias'; alias: string; spec: Json; topology: TopologyPlan } | { kind: 'raw'; groupId: string; memberId: string; instanceId: string | null; processId: string; topology: TopologyPlan };

type Assigned = MemberState['assigned'];
type Role = keyof Assigned;

/** One owned-task list: null, empty, the assignment, a subset of it, or the assignment plus a task past the topics' end. */
function ownedList(w: World, assigned: Assigned | null, role: Role, topology: TopologyPlan): Json[] | null {
  const roll = w.rng.int(6);
  if (roll === 0) return null;
  if (roll === 1 || assigned === null) return roll === 1 ? [] : w.rng.int(2) === 0 ? [] : null;
  const tasks = Object.entries(assigned[role]).map(([subtopologyId, partitions]) => ({ subtopologyId, partitions: [...partitions] }));
  if (roll === 2) return tasks.map((t) => ({ ...t, partitions: t.partitions.filter(() => w.rng.int(2) === 0) })).filter((t) => t.partitions.length > 0);
  if (roll === 3 && role === 'active') {
    // a task the member was never given (another member's, or past the end): INVALID_REQUEST or an epoch fence
    const sub = w.rng.pick(Object.keys(topology.sources));
    const extra = (w.topics.get(topology.sources[sub]![0]!) ?? 1) - (w.rng.int(2) === 0 ? 0 : 1);
    return [...tasks.filter((t) => t.subtopologyId !== sub), { subtopologyId: sub, partitions: [...(tasks.find((t) => t.subtopologyId === sub)?.partitions ?? []), extra] }];
  }
  return tasks;
}

/** Task offsets (or end offsets) for the member's active tasks, or for a subtopology the topology lacks. */
function taskOffsets(w: World, assigned: Assigned | null, topology: TopologyPlan): Json[] {
  const subs = Object.keys(topology.sources);
  const out: Json[] = [];
  for (const [subtopologyId, partitions] of Object.entries(assigned?.active ?? {})) for (const partition of partitions) out.push({ subtopologyId, partition, offset: w.rng.int(500) });
  if (out.length === 0 || w.rng.int(5) === 0) out.push({ subtopologyId: w.rng.int(3) === 0 ? '9' : w.rng.pick(subs), partition: w.rng.int(4), offset: w.rng.int(500) });
  return out;
}

const TAG_VALUES = ['zone-0', 'zone-1', 'rack-0'];

/** Member metadata that may change on any heartbeat (each change of it bumps the group epoch, or not). */
function metadataChanges(w: World, data: Json): void {
  if (w.rng.int(6) === 0) data.rackId = w.rng.pick([null, 'r1', 'r2']);
  if (w.rng.int(6) === 0)
    data.clientTags = w.rng.pick([
      null,
      [],
      [{ key: 'zone', value: w.rng.pick(TAG_VALUES) }],
      [
        { key: 'rack', value: 'rack-1' },
        { key: 'zone', value: 'zone-1' },
      ],
    ]);
  if (w.rng.int(6) === 0) data.userEndpoint = w.rng.pick([null, { host: 'moved', port: 9100 }]);
  if (w.rng.int(8) === 0) data.processId = w.rng.pick(['p-new', 'p0']);
  if (w.rng.int(10) === 0) data.rebalanceTimeoutMs = w.rng.pick(w.mode === 'exact' ? [-1, 1000, 30000] : [-1, 30000]);
  if (w.rng.int(8) === 0) data.endpointInformationEpoch = w.rng.pick([0, 1, 5]);
}

/** One invalid field (the broker answers it with an error), applied to a request about to be sent. */
function breakOneField(w: World, data: Json, join: boolean, topology: TopologyPlan): void {
  const choices: (() => void)[] = [
    () => (data.memberId = ''),
    () => (data.instanceId = ''),
    () => (data.rackId = ''),
    () =>
      (data.activeTasks = [
        { subtopologyId: '0', partitions: [0] },
        { subtopologyId: '0', partitions: [1] },
      ]),
    () =>
      (data.clientTags = [
        { key: 'zone', value: 'a' },
        { key: 'zone', value: 'b' },
      ]),
    () => (data.memberEpoch = -3),
    () => (data.groupId = ''),
    () => (data.topology = { epoch: (topology.topology.epoch as number) + 1, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'], sourceTopicRegex: ['in.*'] }] }),
    () => (data.topology = { epoch: topology.topology.epoch, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'], stateChangelogTopics: [{ name: 'bad-changelog', partitions: 3 }] }] }),
    // the same invalid name twice (KafkaApis' message lists the invalid names)
    () => (data.topology = { epoch: topology.topology.epoch, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0', 'bad topic!', 'bad topic!'] }] }),
    () => (data.topology = { epoch: topology.topology.epoch, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'], repartitionSinkTopics: ['nowhere-repartition'] }] }),
  ];
  if (w.mode === 'exact') choices.push(() => (data.topology = { epoch: topology.topology.epoch, subtopologies: [{ subtopologyId: '0', sourceTopics: ['__consumer_offsets'] }] }));
  if (join) {
    choices.push(
      () => (data.processId = null),
      () => (data.rebalanceTimeoutMs = -1),
      () => (data.topology = null),
      () => (data.activeTasks = null),
      () => (data.standbyTasks = [{ subtopologyId: '0', partitions: [0] }]),
    );
  }
  w.rng.pick(choices)();
}

/** A raw heartbeat step for the target, aimed at its current state in the simulator. */
export function rawHeartbeat(w: World, target: HeartbeatTarget): Json {
  const member = target.kind === 'alias' ? w.memberOfAlias(target.alias) : w.members(target.groupId).find((m) => m.memberId === target.memberId);
  const instanceId = target.kind === 'alias' ? ((target.spec.instanceId as string | undefined) ?? null) : target.instanceId;
  const processId = target.kind === 'alias' ? (target.spec.processId as string) : target.processId;
  const epochs = member
    ? [member.memberEpoch, member.memberEpoch, member.memberEpoch, member.memberEpoch - 1, member.memberEpoch + 1, 0, -1, instanceId !== null ? -2 : -1, 99]
    : [0, 0, 0, 0, 1, -1, -2];
  const memberEpoch = w.rng.pick(epochs);
  const data: Json = {};
  if (target.kind === 'raw') Object.assign(data, { groupId: target.groupId, memberId: target.memberId });
  // a static member may come back under a new member id (the old one is replaced)
  else if (memberEpoch === 0 && instanceId !== null && w.rng.int(4) === 0) data.memberId = `${target.alias}-again-${w.rng.int(1000)}`;
  data.memberEpoch = memberEpoch;
  if (memberEpoch === 0) {
    Object.assign(data, {
      instanceId,
      rackId: (target.kind === 'alias' ? target.spec.rackId : null) ?? null,
      rebalanceTimeoutMs: (target.kind === 'alias' ? target.spec.rebalanceTimeoutMs : undefined) ?? 300000,
      topology: target.kind === 'alias' && target.spec.topology ? target.spec.topology : target.topology.topology,
      processId,
      activeTasks: [],
      standbyTasks: [],
      warmupTasks: [],
    });
    if (target.kind === 'alias' && target.spec.clientTags) data.clientTags = Object.entries(target.spec.clientTags as Record<string, string>).map(([key, value]) => ({ key, value }));
    if (target.kind === 'alias' && target.spec.userEndpoint) data.userEndpoint = target.spec.userEndpoint;
    // task offsets reported in the join itself (the standby placement of that same heartbeat)
    if (w.rng.int(4) === 0) data.taskOffsets = taskOffsets(w, null, target.topology);
    if (w.rng.int(6) === 0) data.taskEndOffsets = taskOffsets(w, null, target.topology);
    if (w.rng.int(6) === 0) metadataChanges(w, data);
  } else if (memberEpoch < 0) {
    if (instanceId !== null || w.rng.int(4) === 0) data.instanceId = instanceId;
    // a shutdown request carried by a leave (that may fail)
    if (w.rng.int(5) === 0) data.shutdownApplication = true;
  } else {
    const assigned = member?.assigned ?? null;
    const lists = w.rng.int(3) === 0 ? 'independent' : 'together';
    if (lists === 'together') {
      const active = ownedList(w, assigned, 'active', target.topology);
      Object.assign(data, {
        activeTasks: active,
        standbyTasks: active === null ? null : (ownedList(w, assigned, 'standby', target.topology) ?? []),
        warmupTasks: active === null ? null : (ownedList(w, assigned, 'warmup', target.topology) ?? []),
      });
    } else {
      Object.assign(data, {
        activeTasks: ownedList(w, assigned, 'active', target.topology),
        standbyTasks: ownedList(w, assigned, 'standby', target.topology),
        warmupTasks: ownedList(w, assigned, 'warmup', target.topology),
      });
    }
    // a static member mostly names its instance id; without it, its metadata changes are judged as a dynamic member's
    if (instanceId !== null && w.rng.int(4) > 0) data.instanceId = instanceId;
    if (w.rng.int(4) === 0) data.taskOffsets = taskOffsets(w, assigned, target.topology);
    if (w.rng.int(6) === 0) data.taskEndOffsets = taskOffsets(w, assigned, target.topology);
    if (w.rng.int(12) === 0) data.shutdownApplication = true;
    if (w.rng.int(10) === 0) data.topology = target.topology.topology;
    metadataChanges(w, data);
  }
  if (w.rng.int(9) === 0) breakOneField(w, data, memberEpoch === 0, target.topology);
  const step: Json = { send: 'StreamsGroupHeartbeat', version: w.rng.int(5) === 0 ? 0 : 1, data };
  if (target.kind === 'alias') step.member = target.alias;
  return step;
}
