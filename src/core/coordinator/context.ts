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
  /**
   * `successOnly`: a cancellation Kafka never makes, of a timer that would fire without effect after a successful
   * operation; the playground drops the timer then, but a failed operation keeps it, as Kafka does.
   */
  | { kind: 'cancel'; key: string; successOnly?: true }
  /**
   * A group the operation put in the coordinator's group map without writing a record for it (a simple classic group
   * validateOffsetCommit created for a commit that wrote nothing): it stays in memory, unseen by reads at the
   * committed offset until a later write appends records.
   */
  | { kind: 'put-group'; group: StreamsGroup }
  /**
   * Soft (in-memory) state change, applied to the group after its records were replayed (and kept by a later exception
   * in the operation, see FailedAfterEffects). `plainField`: Kafka keeps it in a plain field of the group (no
   * TimelineObject), which no committed offset hides from reads.
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

/** A soft state change that Kafka makes in a plain field of the group (no TimelineObject). */
export function plainFieldEffect(groupId: string, apply: (g: StreamsGroup) => void): Effect {
  return { kind: 'soft', groupId, apply, plainField: true };
}

/**
 * An exception thrown after the operation already changed the coordinator's memory. Kafka's runtime rolls nothing back
 * for a failed operation (CoordinatorRuntime's CoordinatorWriteEvent completes with the exception; only a failed append
 * reverts the snapshot registry): the timers it scheduled (CoordinatorTimer schedules at once), the group's plain fields
 * and its timeline structures (StreamsGroup.configuredTopology, refinedAssignment) stay as the operation left them,
 * uncommitted until a later write appends records. `effects` are those changes, applied despite the failure; `cause`
 * is what the request is answered with (an ApiError, or any other exception: UNKNOWN_SERVER_ERROR).
 */
export class FailedAfterEffects extends Error {
  readonly effects: readonly Effect[];
  override readonly cause: unknown;
  constructor(cause: unknown, effects: readonly Effect[]) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.cause = cause;
    this.effects = effects;
  }
}

/** The effects of an operation so far, which a later exception does not undo (see FailedAfterEffects). */
export function effectsSurvivingFailure(effects: readonly Effect[]): Effect[] {
  return effects.filter((e) => e.kind !== 'cancel' || e.successOnly !== true);
}
