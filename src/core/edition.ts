// A protocol edition as a plug-in: everything that differs between the protocol as shipped (ak4) and a draft
// design (kip1071-draft), behind one interface. The engine (broker, coordinator runtime, replay, clients) is given an
// `Edition` and calls it; it never names one. The editions live in src/core/editions/ and import the engine, never
// the reverse; src/core/editions/index.ts maps a scenario's "protocol" name to its edition. See
// docs/adding-an-edition.md.
import type { RecordSchemas } from './log/recordShape.ts';
import type { BrokerView, ClientContext, RpcOutcome } from './broker/types.ts';
import type { ClientRequestShape, SimulatedClient } from './clients/simulated.ts';
import type { Config } from './config.ts';
import type { CoordinatorEdition } from './coordinator/editionHooks.ts';
import type { RecordType } from './log/records.ts';
import type { RequestFieldTable, StructFields, WireType } from './scenario/fieldSpec.ts';
import type { RpcName, TraceStep, Variant } from './scenario/types.ts';

export type { CoordinatorEdition, EditionHooks } from './coordinator/editionHooks.ts';

/** One RPC at the broker, after the KafkaApis gate: the edition's checks, then the coordinator operation. */
export type RpcHandler = (broker: BrokerView, version: number, data: Record<string, unknown>, client: ClientContext, quiet: boolean) => RpcOutcome;

/** Where the edition's requests carry the group's topology (the scenario validator, the request-log import). */
export interface TopologyShape {
  /** The topology's type in the edition's requests: a scenario's and a client's "topology" are checked against it. */
  readonly type: WireType;
  /** How the validator's messages name it. */
  readonly description: string;
  /** The RPC whose request carries the topology. */
  readonly carriedBy: RpcName;
  /** The list of subtopologies inside a topology value (anything else if it has none). */
  subtopologies(topology: unknown): unknown;
}

export interface Edition extends CoordinatorEdition {
  /** The request fields of each RPC by version (index = version), for the scenario validator and the request-log import. */
  readonly requestFields: RequestFieldTable;
  /** The request fields under a variant, when a variant changes them (a proposal's new heartbeat version); else `base`. */
  variantRequestFields?(variant: Variant, rpc: RpcName, base: readonly StructFields[] | undefined): readonly StructFields[] | undefined;
  /** Where its requests carry the topology, and its shape. */
  readonly topology: TopologyShape;
  /** The variants a scenario of this edition may choose (src/core/variants/). */
  readonly variants: readonly Variant[];
  /** The released broker that runs this edition, for the Kafka oracle ("Kafka 4.x"), or null: none does. */
  readonly releasedBroker: string | null;
  /** Whether a scenario of this edition may choose a Kafka release line (`kafka`, src/core/releases/): only a shipped protocol has releases. */
  readonly hasReleases: boolean;
  /** Whether its coordinator matches source-topic regexes (the draft does; Kafka 4.x's service refuses any regex), so the validator checks them (topicRegex.ts). */
  readonly matchesTopicRegexes: boolean;
  /** The apiKey of each of the edition's streams group RPCs (request logs name RPCs by apiKey). */
  readonly apiKeys: Readonly<Partial<Record<RpcName, number>>>;
  /** The type id (key version) of each coordinator record type (kafka-dump-log prints records by type id). */
  readonly recordTypeIds: Readonly<Record<RecordType, number>>;
  /** The key and value schema of each record type it writes, to check an initialLog's records before replay. */
  readonly recordSchemas: RecordSchemas;
  /** The RPCs the edition serves, by name: the shared group RPCs (src/core/broker/sharedRpcs.ts) and its own. */
  readonly rpcs: Readonly<Partial<Record<RpcName, RpcHandler>>>;
  /**
   * The RPCs whose handler answers a loading coordinator itself, after validating the request (the broker answers
   * COORDINATOR_LOAD_IN_PROGRESS for the others before their handler runs).
   */
  readonly validatedBeforeLoad?: readonly RpcName[];
  /** The versions of the edition's own RPCs (the shared ones have the same versions in every edition), or null. */
  versions(api: RpcName, variant: Variant): [number, number] | null;
  /** The error message for an RPC the edition does not have. */
  unsupportedRpcMessage(api: RpcName): string;
  /** A StreamsGroupHeartbeat error response in the edition's form (a refused request, a loading coordinator). */
  heartbeatErrorResponse(code: number, message: string | null, version: number): Record<string, unknown>;
  /** How this edition's simulated client shapes its requests (null: the shipped Java client's). */
  client(config: Config, topology: unknown): ClientRequestShape | null;
  /** What a client does after a heartbeat's answer besides reconciling (the draft: StreamsGroupInitialize when asked). */
  afterHeartbeat?(broker: BrokerView, c: SimulatedClient, heartbeat: RpcOutcome, step: TraceStep): void;
  /** The config key of the heartbeat interval the coordinator hands its members. */
  readonly heartbeatIntervalKey: string;
  /**
   * Whether StreamsGroupHeartbeat is the broker's shipped handler (Broker.heartbeat) and the client the shipped one:
   * the explorer's lean path may then call Broker.heartbeatRequest directly.
   */
  readonly shippedHeartbeat: boolean;
  /** The StreamsGroupHeartbeat version a scenario step sends when it names none. */
  readonly defaultHeartbeatVersion: number;
  /** Whether a client's heartbeat version follows the variant (KAFKA-20870's v2 variants); otherwise it sends v0. */
  readonly heartbeatVersionFollowsVariant: boolean;
}
