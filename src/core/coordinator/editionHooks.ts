// What the coordinator runtime and replay ask of a protocol edition. The runtime never names an edition: it is given
// one of these (an `Edition`, src/core/edition.ts) and calls it where the editions differ.
import type { Flavour } from '../assignor/flavours.ts';
import type { Config } from '../config.ts';
import type { CoordinatorRecord } from '../log/records.ts';
import type { StreamsGroupMember } from '../model/member.ts';
import type { EditionName } from '../protocol/errors.ts';
import type { Effect, OpContext } from './context.ts';
import type { StreamsGroup } from './group.ts';
import type { Groups } from './groups.ts';

/** What differs per protocol edition inside the runtime's timers and retention check. */
export interface EditionHooks {
  fence(ctx: OpContext, g: StreamsGroup, m: StreamsGroupMember): { records: CoordinatorRecord[]; effects: Effect[]; narration: string[] };
  /** Group.isSubscribedToTopic: the retention check never expires offsets of subscribed topics. */
  isSubscribedToTopic(g: StreamsGroup, topic: string): boolean;
  /** Whether the retention check may delete a group whose offsets are all gone (Group.isEmpty). */
  mayDelete(g: StreamsGroup): boolean;
  deleteGroupRecords(g: StreamsGroup, groups: Groups): CoordinatorRecord[];
  expiryNarration(g: StreamsGroup): string;
}

/** The coordinator's half of an edition: its wire dialect, assignor, runtime hooks and record replay. */
export interface CoordinatorEdition {
  /** The scenario's `"protocol"` name of the edition. */
  readonly name: string;
  /** The wire dialect the edition speaks: which error numbering and message schemas (src/core/protocol/errors.ts, src/core/wire/). */
  readonly wire: EditionName;
  /** The StickyTaskAssignor flavour the coordinator runs. */
  readonly assignorFlavour: Flavour;
  /** The runtime hooks for one broker config. */
  hooks(config: Config): EditionHooks;
  /** The config key of the member session timeout. */
  readonly sessionTimeoutKey: string;
  /** What the initial-rebalance timer's assignor reads as a member's previous tasks (TargetAssignmentBuilder). */
  readonly initialRebalancePreviousTasks: 'assigned' | 'target';
  /** A new, empty group of this edition (replay, and a classic group becoming a streams group). */
  newGroup(groupId: string): StreamsGroup;
  /** Replays one streams group record (GroupMetadataManager.replay); offsets and classic records are replayed by the base. */
  replayGroupRecord(groups: Groups, r: CoordinatorRecord): void;
}
