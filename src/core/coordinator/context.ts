// What a coordinator operation sees, and what it returns. Operations never mutate hard state:
// they return records, which the runtime appends and replays; effects run only after a successful append.
import type { TaskAssignor } from '../assignor/types.ts';
import type { Config } from '../config.ts';
import type { CoordinatorRecord } from '../log/records.ts';
import type { TopicsImage } from '../model/topology.ts';
import type { Edition } from '../protocol/errors.ts';
import type { StreamsGroup } from './group.ts';
import type { Groups } from './groups.ts';
import type { TimerTask, Timers } from './timers.ts';
import type { VariantNarration, VariantRules } from '../variants/index.ts';
import type { ReleaseRules } from '../releases/types.ts';

export interface RequestContext {
  clientId: string;
  clientHost: string;
  /** Request API version. */
  version: number;
}

export interface OpContext {
  readonly now: number;
  readonly config: Config;
  readonly edition: Edition;
  readonly rules: VariantRules;
  /** The Kafka release line's data and rule switches (src/core/releases/). */
  readonly release: ReleaseRules;
  /** The sentences the variant adds to the narration (its definition's `narration`). */
  readonly variantNarration?: VariantNarration;
  readonly groups: Groups;
  readonly topics: TopicsImage;
  readonly timers: Timers;
  readonly assignor: TaskAssignor;
  /** Skip the plain-language narration (exploration needs only the state). */
  readonly quiet?: boolean;
}

export type Effect =
  | { kind: 'schedule'; task: TimerTask; at: number }
  | { kind: 'schedule-if-absent'; task: TimerTask; at: number }
  | { kind: 'cancel'; key: string }
  /**
   * Soft (in-memory) state change, applied to the group after its records were replayed. `plainField`: Kafka keeps
   * it in a plain field of the group (no TimelineObject), so an exception later in the operation does not undo it.
   */
  | { kind: 'soft'; groupId: string; apply: (g: StreamsGroup) => void; plainField?: true };

export interface OpResult<R> {
  response: R;
  records: CoordinatorRecord[];
  effects: Effect[];
  /** Internal topics the broker should create after this heartbeat (KafkaApis). */
  topicsToCreate?: { name: string; partitions: number; replicationFactor?: number }[];
  /** Plain-language lines explaining what happened and why. */
  narration: string[];
}

/** A soft (in-memory) state change of one group (the change is passed in, not named: it is created per request). */
export function softEffect(groupId: string, apply: (g: StreamsGroup) => void): Effect {
  return { kind: 'soft', groupId, apply };
}

/** A soft state change that Kafka makes in a plain field of the group: it survives a later exception (see FailedAfterEffects). */
export function plainFieldEffect(groupId: string, apply: (g: StreamsGroup) => void): Effect {
  return { kind: 'soft', groupId, apply, plainField: true };
}

/**
 * An unexpected exception (UNKNOWN_SERVER_ERROR, no records) thrown after the operation already changed what Kafka
 * does not roll back: the coordinator's timers (CoordinatorTimer schedules at once) and the plain fields of a group
 * (the snapshot registry reverts only timeline structures). `effects` are those changes, applied despite the failure.
 */
export class FailedAfterEffects extends Error {
  readonly effects: readonly Effect[];
  constructor(message: string, effects: readonly Effect[]) {
    super(message);
    this.effects = effects;
  }
}

/** The effects of an operation so far that a later exception does not undo (timers and plain-field soft state). */
export function effectsSurvivingFailure(effects: readonly Effect[]): Effect[] {
  return effects.filter((e) => e.kind !== 'soft' || e.plainField === true);
}
