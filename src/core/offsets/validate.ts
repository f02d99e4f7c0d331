// OffsetCommit validation for streams groups (StreamsGroup.validateOffsetCommit [4.4] with its per-partition
// assignment-epoch validator; the kip1071-draft branch's exact-epoch check, kip1071-draft §9.7).
import type { StreamsGroup } from '../coordinator/group.ts';
import { apiError } from '../protocol/errors.ts';

/** Checks one committed partition; throws an ApiError that fails the whole commit. */
export type CommitPartitionValidator = (topic: string, partition: number) => void;

const NO_OP: CommitPartitionValidator = () => {};

/** First OffsetCommit version a member of the streams protocol may use. */
export const FIRST_STREAMS_COMMIT_VERSION = 9;

export function validateOffsetCommit(g: StreamsGroup, memberId: string, memberEpoch: number, version: number, exactEpoch = false): CommitPartitionValidator {
  // ClassicGroup.validateOffsetCommit on a simple (always Empty) group: a negative generation commits; anything else
  // names a member the group does not have
  if (g.classic) {
    if (memberEpoch < 0) return NO_OP;
    throw apiError('UNKNOWN_MEMBER_ID', null);
  }
  // a negative epoch on a group without members: an admin client or a consumer without group management
  if (memberEpoch < 0 && g.members.size === 0) return NO_OP;
  const member = g.members.get(memberId);
  // the member must exist
  if (!member) throw apiError('UNKNOWN_MEMBER_ID', `Member ${memberId} is not a member of group ${g.groupId}.`);
  // the group's own rule (Group.validateOffsetCommit): a draft group (kip1071-draft's) checks the epoch only
  if (g.draft) {
    // kip1071-draft §9.7: the epoch must equal the member's epoch; below v9 the stale-epoch error becomes UNSUPPORTED_VERSION
    if (memberEpoch !== member.memberEpoch) {
      if (version < FIRST_STREAMS_COMMIT_VERSION) throw apiError('UNSUPPORTED_VERSION', null);
      throw apiError('STALE_MEMBER_EPOCH', `The received member epoch ${memberEpoch} does not match the expected member epoch ${member.memberEpoch}.`);
    }
    return NO_OP;
  }
  // a streams member must commit with OffsetCommit v9 or later
  if (version < FIRST_STREAMS_COMMIT_VERSION) throw apiError('UNSUPPORTED_VERSION', 'OffsetCommit version 9 or above must be used by members using the streams group protocol');
  // the member's own epoch commits every partition
  if (memberEpoch === member.memberEpoch) return NO_OP;
  // [4.1] StreamsGroup.validateMemberEpoch: any other epoch is stale (release switch offsetCommitNeedsExactEpoch)
  if (exactEpoch) throw apiError('STALE_MEMBER_EPOCH', `The received member epoch ${memberEpoch} does not match the expected member epoch ${member.memberEpoch}.`);
  // a newer epoch than the coordinator issued is stale
  if (memberEpoch > member.memberEpoch) throw apiError('STALE_MEMBER_EPOCH', `Received member epoch ${memberEpoch} is newer than current member epoch ${member.memberEpoch}.`);
  // [4.4] an older epoch: each partition's task must be held since an epoch at or before the received one
  const topology = g.topology;
  if (!topology) throw apiError('STALE_MEMBER_EPOCH', 'Topology is not available for offset commit validation.');
  return (topic, partition) => {
    // the topic must be a source or repartition source topic of the topology
    const sub = topology.subtopologies.find((s) => s.sourceTopics.includes(topic) || s.repartitionSourceTopics.some((r) => r.name === topic));
    if (!sub) throw apiError('STALE_MEMBER_EPOCH', `Topic ${topic} is not in the topology.`);
    const s = sub.subtopologyId;
    // assigned active tasks carry their assignment epoch; the simulator keeps no epoch for tasks pending revocation
    // (Kafka does): such a task counts as granted at the member's current epoch, so an older epoch is refused
    const assigned = member.assignedTasks.active.get(s)?.get(partition);
    const pending = member.tasksPendingRevocation.active.get(s)?.has(partition) ? member.memberEpoch : undefined;
    const epoch = assigned ?? pending;
    if (epoch === undefined) throw apiError('STALE_MEMBER_EPOCH', `Task ${s}-${partition} is not assigned or pending revocation for member.`);
    if (memberEpoch < epoch) throw apiError('STALE_MEMBER_EPOCH', `Received member epoch ${memberEpoch} is older than assignment epoch ${epoch} for task ${s}-${partition}.`);
  };
}
