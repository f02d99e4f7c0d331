// What a Kafka release line is to the simulator: data (request versions, configs, what its Java client sends) and
// small named switches on the one shipped coordinator (src/core/coordinator/), which is 4.4's. Each switch is
// consulted in one place, named in its doc comment; each release file (kafka-4.1.ts …) states every value, with the
// release and the Kafka ticket of each difference. See src/core/variants/types.ts for the same pattern for variants.
import type { KafkaRelease } from './names.ts';

/** An inclusive range of request versions. */
export type VersionRange = readonly [number, number];

/** The rule switches the coordinator, the broker and the simulated client consult (each in one place). */
export interface ReleaseSwitches {
  /**
   * Service layer (service.ts validateHeartbeat, GroupCoordinatorService.throwIfStreamsGroupHeartbeatRequestIsUsingUnsupportedFeatures):
   * INVALID_REQUEST for an instance id, task offsets, task end offsets or a non-empty warm-up list ([4.1]–[4.3]; every
   * release refuses source-topic regexes).
   */
  readonly serviceRejectsLaterFeatures: boolean;
  /**
   * Simulated Java client (clients/simulated.ts join): the release's StreamsGroupHeartbeatRequestManager.HeartbeatState
   * sets TaskOffsets and TaskEndOffsets (empty lists on a join) ([4.4]; 4.1–4.3's client never sends them).
   */
  readonly clientSendsTaskOffsets: boolean;
  /** Heartbeat response (heartbeat.ts): an empty status list is sent as null ([4.1]); later releases always send a list. */
  readonly emptyStatusIsNull: boolean;
}

/** One release line as data. */
export interface ReleaseRules {
  readonly release: KafkaRelease;
  /** The patch release this line models (the jars its shard oracle runs). */
  readonly patch: string;
  /** Streams groups are generally available (4.2 on); in 4.1 they are early access behind `streams.version` and the unstable API flags. */
  readonly ga: boolean;
  /** Request versions the release has, for the RPCs whose versions differ between releases (kafka-clients common/message/*Request.json). */
  readonly versions: { readonly StreamsGroupHeartbeat: VersionRange; readonly StreamsGroupDescribe: VersionRange };
  /** The StreamsGroupHeartbeat version the release's Java Streams client sends (its newest). */
  readonly clientHeartbeatVersion: number;
  /**
   * Broker configs (src/core/config.ts names) the release does not have (GroupCoordinatorConfig), each with the value
   * the release behaves as: a scenario that sets one is refused, and the coordinator reads this value.
   */
  readonly absentConfigs: Readonly<Record<string, number | string>>;
  /** Group configs (GroupConfig, IncrementalAlterConfigs on a GROUP resource) the release does not have. */
  readonly absentGroupConfigs: readonly string[];
  readonly switches: ReleaseSwitches;
  /** What differs from the next release, one line each, with the Kafka ticket (the per-release summary table). */
  readonly differences: readonly ReleaseDifference[];
}

/** One row of the release → difference → ticket table (README, UI). */
export interface ReleaseDifference {
  /** One plain sentence: what this release does that the newer ones do not (or the reverse). */
  readonly what: string;
  /** The Kafka ticket(s): KAFKA-NNNNN, KIP-NNNN. */
  readonly ticket: string;
}
