// kip1071-draft: subscription ("partition") metadata (§4.6 step 3) and the target assignment (§4.7, §7.1),
// reusing the shared TargetAssignmentBuilder with the draft's task counts and the draft sticky assignor.
import type { TaskAssignor } from '../../assignor/types.ts';
import type { StreamsGroup } from '../../coordinator/group.ts';
import { buildTargetAssignment } from '../../coordinator/targetAssignment.ts';
import type { CoordinatorRecord } from '../../log/records.ts';
import type { StreamsGroupMember } from '../../model/member.ts';
import { EMPTY_TUPLE, type TasksTuple } from '../../model/tasks.ts';
import type { ConfiguredTopology, TopicsImage } from '../../model/topology.ts';
import type { Subtopology } from '../../protocol/messages.ts';
import { draftNumTasks, withRegexSourceTopics } from '../../topology/draft.ts';
import { topicId } from './ids.ts';
import { draftTargetAssignmentMemberRecord, draftTargetAssignmentMetadataRecord } from './records.ts';
import type { DraftTopicMetadata } from '../../coordinator/draftGroupState.ts';

/**
 * Source topics ∪ repartition source topics of every subtopology, that exist in the image (§4.6 step 3); with
 * `regexes` (the seed) also the topics the source-topic regexes match (the branch ignores them, §11 item 20 ⚠).
 */
export function computeSubscriptionMetadata(topology: readonly Subtopology[] | null, topics: TopicsImage, regexes: boolean): Map<string, DraftTopicMetadata> {
  const out = new Map<string, DraftTopicMetadata>();
  if (!topology) return out;
  const names = new Set<string>();
  for (const s of regexes ? withRegexSourceTopics(topology, topics) : topology) {
    for (const t of s.sourceTopics) names.add(t);
    for (const t of s.repartitionSourceTopics) names.add(t.name);
  }
  for (const name of [...names].sort()) {
    const n = topics.get(name);
    if (n === undefined) continue;
    out.set(name, { topicId: topicId(name), topicName: name, numPartitions: n, partitionRacks: new Map() });
  }
  return out;
}

export function sameSubscriptionMetadata(a: ReadonlyMap<string, DraftTopicMetadata>, b: ReadonlyMap<string, DraftTopicMetadata>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, x] of a) {
    const y = b.get(name);
    if (!y || y.topicId !== x.topicId || y.numPartitions !== x.numPartitions || y.partitionRacks.size !== x.partitionRacks.size) return false;
  }
  return true;
}

export function describeSubscription(m: ReadonlyMap<string, DraftTopicMetadata>): string {
  return m.size === 0 ? 'no topics' : [...m.values()].map((t) => `${t.topicName} (${t.numPartitions})`).join(', ');
}

export interface DraftTargetInput {
  group: StreamsGroup;
  groupEpoch: number;
  updatedMember: StreamsGroupMember | null;
  replacedMemberId: string | null;
  topology: readonly Subtopology[] | null;
  subscription: ReadonlyMap<string, DraftTopicMetadata>;
  assignor: TaskAssignor;
  /** Seed: source-topic regexes subscribe the topics they match (task counts included); branch: ignored. */
  regexes: boolean;
}

/**
 * TargetAssignmentBuilder (§7.1): member target records for new or changed targets, then
 * TargetAssignmentMetadata(groupEpoch). Throws (UNKNOWN_SERVER_ERROR) where the branch throws: a member without a
 * process id (⚠), a subtopology without source topics (⚠), the assignor finding no member for a task (⚠).
 */
export function buildDraftTargetAssignment(input: DraftTargetInput): { records: CoordinatorRecord[]; targets: ReadonlyMap<string, TasksTuple> } {
  const { group } = input;
  const members: StreamsGroupMember[] = [...group.members.values()].filter((m) => m.memberId !== input.replacedMemberId && m.memberId !== input.updatedMember?.memberId);
  if (input.updatedMember) members.push(input.updatedMember);
  for (const m of members) {
    // ⚠ AssignmentMemberSpec requires a process id
    if (m.processId === '') throw new Error(`processId of member ${m.memberId} is null (NullPointerException in the target assignment builder)`);
  }
  let configured: ConfiguredTopology | null = null;
  if (input.topology) {
    const image = new Map([...input.subscription].map(([n, t]) => [n, t.numPartitions]));
    // the subscription holds every topic a regex matched, so matching against it equals matching against the cluster
    const subtopologies = input.regexes ? withRegexSourceTopics(input.topology, image) : input.topology;
    configured = {
      topologyEpoch: 0,
      metadataHash: 0,
      subtopologies: subtopologies.map((s) => ({
        subtopologyId: s.subtopologyId,
        numberOfTasks: draftNumTasks(s, image),
        sourceTopics: s.sourceTopics,
        repartitionSinkTopics: s.repartitionSinkTopics,
        repartitionSourceTopics: new Map(),
        stateChangelogTopics: new Map(),
        // §7.2: isStateful is always false in the branch
        isStateful: false,
      })),
      internalTopicsToBeCreated: [],
      problem: null,
    };
  }
  const result = buildTargetAssignment({
    group,
    groupEpoch: input.groupEpoch,
    updatedMember: input.updatedMember,
    replacedMemberId: input.replacedMemberId,
    configuredTopology: configured,
    assignor: input.assignor,
    // §7.1: the branch passes an empty assignment-config map (no standbys)
    assignmentConfigs: new Map(),
    timestamp: 0,
    // §7.1: the branch's createAssignmentMemberSpec passes each member's current target
    previousTasks: 'target',
  });
  const records = result.records.map((r) => (r.type === 'StreamsGroupTargetAssignmentMetadata' ? draftTargetAssignmentMetadataRecord(group.groupId, input.groupEpoch) : r));
  // TAB: a member without a target entry of its own always gets a record, even a static replacement whose
  // inherited target did not change (the shared builder compares it with the inherited one); [SIM] so does a static
  // member replacing itself (same member id): the batch tombstones its old target first
  const u = input.updatedMember;
  if (
    u &&
    (!group.targetAssignment.has(u.memberId) || input.replacedMemberId === u.memberId) &&
    !records.some((r) => r.type === 'StreamsGroupTargetAssignmentMember' && r.key.memberId === u.memberId)
  ) {
    records.splice(records.length - 1, 0, draftTargetAssignmentMemberRecord(group.groupId, u.memberId, result.targets.get(u.memberId) ?? EMPTY_TUPLE));
  }
  return { records, targets: result.targets };
}

export function targetOf(targets: ReadonlyMap<string, TasksTuple>, memberId: string): TasksTuple {
  return targets.get(memberId) ?? EMPTY_TUPLE;
}
