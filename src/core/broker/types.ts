// The broker's request and outcome types, and the view of the broker that RPC handlers (an edition's, the shared
// offsets and admin handlers) are given. A leaf: handlers import it, never broker.ts.
import type { Config } from '../config.ts';
import type { Coordinator } from '../coordinator/runtime.ts';
import type { CoordinatorEdition } from '../coordinator/editionHooks.ts';
import type { RecordBatch } from '../log/log.ts';
import type { ErrorName } from '../protocol/errors.ts';
import type { StreamsGroupHeartbeatResponse } from '../protocol/messages.ts';
import type { RpcName, Variant } from '../scenario/types.ts';
import type { KafkaRelease } from '../releases/names.ts';

/** Where the broker turned a request away: before the coordinator (KafkaApis, the service layer) or in it. */
export type BrokerLayer = 'KafkaApis' | 'service layer' | 'coordinator';

export interface RpcOutcome {
  /** The request as the broker read it (defaults filled), in Kafka's JSON form. */
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  errorName: ErrorName | 'NONE';
  errorMessage: string | null;
  /** Member id the response assigns (heartbeats), for alias binding. */
  memberId: string | null;
  memberEpoch: number | null;
  batch: RecordBatch | null;
  narration: string[];
  /** Internal topics the broker created after this request. */
  createdTopics: { name: string; partitions: number }[];
  /** The coordinator's topics-to-create list (StreamsGroupHeartbeat, the draft's Initialize), before the broker creates them. */
  topicsToCreate?: readonly { name: string; partitions: number; replicationFactor?: number }[];
  /** The layer that answered with the error (absent on success). */
  rejectedBy?: BrokerLayer;
}

/** A heartbeat's outcome in the coordinator's form (RpcOutcome without the JSON forms). */
export interface HeartbeatOutcome {
  response: StreamsGroupHeartbeatResponse;
  errorName: ErrorName | 'NONE';
  errorMessage: string | null;
  /** Member id the response assigns, for alias binding. */
  memberId: string | null;
  batch: RecordBatch | null;
  /** Empty on the lean path. */
  narration: string[];
  createdTopics: { name: string; partitions: number }[];
  /** The coordinator's topics-to-create list (absent when rejected before the coordinator). */
  topicsToCreate?: readonly { name: string; partitions: number; replicationFactor?: number }[];
  rejectedBy?: BrokerLayer;
}

/** `E`: the broker's full `Edition` (src/core/edition.ts); a handler sees the coordinator's half. */
export interface BrokerOptions<E extends CoordinatorEdition = CoordinatorEdition> {
  /** The protocol edition (src/core/editions/): its RPC handlers, versions, replay and hooks. */
  edition: E;
  variant: Variant;
  config: Config;
  /** The Kafka release line (src/core/releases/; absent: 4.4, the shipped coordinator). */
  release?: KafkaRelease;
}

export interface ClientContext {
  clientId: string;
  clientHost: string;
}

/** What an RPC handler may use of the broker. */
export interface BrokerView {
  readonly options: BrokerOptions;
  readonly coordinator: Coordinator;
  readonly topics: ReadonlyMap<string, number>;
  readonly now: number;
  /** While a failover's new coordinator loads the partition: until when (null when it serves). */
  readonly loadingUntil: number | null;
  /** GROUP config resources set by IncrementalAlterConfigs, by group id. */
  readonly groupConfigs: Map<string, ReadonlyMap<string, string>>;
  configOf(groupId: string): Config;
  /** Creates topics that do not exist yet; groups that need them refresh their metadata. */
  createTopics(list: readonly { name: string; partitions: number }[]): { name: string; partitions: number }[];
  send(api: RpcName, version: number, data: Record<string, unknown>, client: ClientContext, quiet?: boolean): RpcOutcome;
  /** The shipped StreamsGroupHeartbeat at the broker (KafkaApis and service-layer checks, then the coordinator). */
  heartbeat(version: number, data: Record<string, unknown>, client: ClientContext, quiet: boolean): RpcOutcome;
  /** The shipped StreamsGroupDescribe v0-1 at the broker. */
  describe(version: number, data: Record<string, unknown>): RpcOutcome;
}
