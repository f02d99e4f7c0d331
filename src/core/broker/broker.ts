// The broker as a scenario sees it: the KafkaApis checks, the service layer, one coordinator runtime,
// and the cluster's topics. Every RPC goes through here, in the broker's order of layers.
import type { Config } from '../config.ts';
import { Coordinator, type FiredTimer } from '../coordinator/runtime.ts';
import { describeGroups } from '../coordinator/describe.ts';
import { streamsGroupHeartbeat } from '../coordinator/heartbeat.ts';
import { validateHeartbeat } from '../coordinator/service.ts';
import type { RecordBatch } from '../log/log.ts';
import { ApiError, errorCode, type Edition, type ErrorName } from '../protocol/errors.ts';
import { errorHeartbeatResponse, heartbeatResponseJson, type StreamsGroupHeartbeatRequest, type StreamsGroupHeartbeatResponse } from '../protocol/messages.ts';
import { flattenOwnedTasks, nestedRequestJson, normalizeDescribeRequest, normalizeHeartbeatRequest } from '../protocol/normalize.ts';
import type { RpcName, Variant } from '../scenario/types.ts';
import { throwIfTopologyTopicsInvalid } from '../topology/validate.ts';
import { draftRpc } from '../draft/broker.ts';
import { offsetCommitRpc } from '../offsets/broker.ts';
import { OFFSET_COMMIT_VERSIONS } from '../offsets/commit.ts';

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
}

export interface BrokerOptions {
  edition: Edition;
  variant: Variant;
  config: Config;
}

export interface ClientContext {
  clientId: string;
  clientHost: string;
}

/** A heartbeat the broker rejects before the coordinator: nothing written, the session not refreshed (`why`: narration, or null for none). */
function rejected(edition: Edition, name: ErrorName, message: string | null, why: string | null): HeartbeatOutcome {
  return {
    response: errorHeartbeatResponse(errorCode(edition, name), message),
    errorName: name,
    errorMessage: message,
    memberId: null,
    batch: null,
    narration: why !== null ? [why, 'Nothing was written, and the member\'s session was not refreshed.'] : [],
    createdTopics: [],
  };
}

/** Versions the broker accepts per edition and RPC. */
export function supportedVersions(edition: Edition, api: RpcName, variant: Variant): [number, number] | null {
  if (api === 'OffsetCommit') return [...OFFSET_COMMIT_VERSIONS];
  if (edition === 'ak4') {
    if (api === 'StreamsGroupHeartbeat') return variant === 'D-nested-report' || variant === 'B-accumulate-signal' ? [0, 2] : [0, 1];
    if (api === 'StreamsGroupDescribe') return [0, 0];
    return null;
  }
  return [0, 0];
}

export class Broker {
  coordinator: Coordinator;
  /** The cluster's topics; shared with clones until either side changes them (copy-on-write). */
  private topicsMap: Map<string, number>;
  private topicsShared = false;

  constructor(
    readonly options: BrokerOptions,
    topics: Iterable<[string, number]>,
    /** `clone`: the broker this one copies (the topics are then shared, and `topics` is ignored). */
    from?: Broker,
  ) {
    if (from) {
      this.coordinator = from.coordinator.clone();
      this.topicsMap = from.topicsMap;
      this.topicsShared = from.topicsShared = true;
    } else {
      this.coordinator = new Coordinator(options);
      this.topicsMap = new Map(topics);
    }
  }

  get topics(): ReadonlyMap<string, number> {
    return this.topicsMap;
  }

  private writableTopics(): Map<string, number> {
    if (this.topicsShared) {
      this.topicsMap = new Map(this.topicsMap);
      this.topicsShared = false;
    }
    return this.topicsMap;
  }

  get now(): number {
    return this.coordinator.now;
  }

  private streamsEnabled(): boolean {
    return this.options.config.list('group.coordinator.rebalance.protocols').includes('streams');
  }

  /** `quiet`: skip the coordinator's narration (the explorer needs only the state). */
  send(api: RpcName, version: number, data: Record<string, unknown>, client: ClientContext, quiet = false): RpcOutcome {
    const range = supportedVersions(this.options.edition, api, this.options.variant);
    // OffsetCommit is the same RPC in both editions (src/core/offsets/)
    if (api === 'OffsetCommit') return offsetCommitRpc(this, version, data);
    if (this.options.edition === 'kip1071-draft') return draftRpc(this, api, version, data, client);
    if (api === 'StreamsGroupHeartbeat') return this.heartbeat(version, data, client, quiet);
    if (api === 'StreamsGroupDescribe') return this.describe(version, data);
    void range;
    const name: ErrorName = 'UNSUPPORTED_VERSION';
    return this.errorOutcome(data, { errorCode: errorCode(this.options.edition, name), errorMessage: `${api} is not part of the shipped protocol.` }, name, null);
  }

  private errorOutcome(request: Record<string, unknown>, response: Record<string, unknown>, errorName: ErrorName, message: string | null): RpcOutcome {
    return { request, response, errorName, errorMessage: message, memberId: null, memberEpoch: null, batch: null, narration: [], createdTopics: [] };
  }

  private heartbeat(version: number, data: Record<string, unknown>, client: ClientContext, quiet: boolean): RpcOutcome {
    const nested = this.coordinator.rules.nestedReport && version >= 2;
    const flat = normalizeHeartbeatRequest(data);
    // option D v2: one nullable OwnedTasks struct instead of the three lists
    const req = nested ? flattenOwnedTasks(data, flat) : flat;
    const request = nested ? nestedRequestJson(req) : (req as unknown as Record<string, unknown>);
    const out = this.runHeartbeat(version, req, client, quiet, true);
    return {
      request,
      response: heartbeatResponseJson(out.response, version),
      errorName: out.errorName,
      errorMessage: out.errorMessage,
      memberId: out.memberId,
      memberEpoch: out.errorName === 'NONE' ? out.response.memberEpoch : null,
      batch: out.batch,
      narration: out.narration,
      createdTopics: out.createdTopics,
      topicsToCreate: out.topicsToCreate,
    };
  }

  /**
   * StreamsGroupHeartbeat for a request already in the coordinator's form (the explorer's lean path): the same
   * KafkaApis and service-layer checks and the same coordinator operation as `send`, without the JSON forms and
   * without narration.
   */
  heartbeatRequest(version: number, req: StreamsGroupHeartbeatRequest, client: ClientContext): HeartbeatOutcome {
    return this.runHeartbeat(version, req, client, true, false);
  }

  private runHeartbeat(version: number, req: StreamsGroupHeartbeatRequest, client: ClientContext, quiet: boolean, narrate: boolean): HeartbeatOutcome {
    const edition = this.options.edition;
    const [lo, hi] = supportedVersions(edition, 'StreamsGroupHeartbeat', this.options.variant)!;
    if (version < lo || version > hi) return rejected(edition, 'UNSUPPORTED_VERSION', null, narrate ? `The broker does not support StreamsGroupHeartbeat v${version}.` : null);
    // KafkaApis: the streams protocol must be enabled
    if (!this.streamsEnabled()) return rejected(edition, 'UNSUPPORTED_VERSION', null, narrate ? 'The streams rebalance protocol is not enabled (group.coordinator.rebalance.protocols).' : null);
    // KafkaApis: topology topic names must be valid and not Kafka-internal
    if (req.topology) {
      try {
        throwIfTopologyTopicsInvalid(req.topology);
      } catch (e) {
        if (e instanceof ApiError) return rejected(edition, e.errorName, e.apiMessage, narrate ? `KafkaApis rejects the topology: ${e.apiMessage}` : null);
        throw e;
      }
    }
    // service layer
    const invalid = validateHeartbeat(req, this.coordinator.rules, version);
    if (invalid) return rejected(edition, invalid.errorName, invalid.apiMessage, narrate ? `The service layer rejects the request before the coordinator sees it: ${invalid.apiMessage}` : null);
    const c = this.coordinator;
    const rctx = { clientId: client.clientId, clientHost: client.clientHost, version };
    const out = c.execute(() => streamsGroupHeartbeat(c.context(this.topics, quiet), rctx, req), errorHeartbeatResponse);
    const narration = narrate ? [...out.narration] : [];
    if (narrate && out.errorName !== 'NONE') narration.push(`The coordinator answers ${out.errorName}${out.errorMessage ? `: ${out.errorMessage}` : ''}. Nothing was written, and the session was not refreshed.`);
    // KafkaApis creates missing internal topics asynchronously after the response
    const createdTopics = this.createTopics(out.topicsToCreate);
    if (narrate && createdTopics.length > 0) narration.push(`The broker creates the missing internal topics ${createdTopics.map((t) => `${t.name} (${t.partitions})`).join(', ')}; the next heartbeat sees them.`);
    return {
      response: out.response,
      errorName: out.errorName,
      errorMessage: out.errorMessage,
      memberId: out.errorName === 'NONE' ? out.response.memberId : null,
      batch: out.batch,
      narration,
      createdTopics,
      topicsToCreate: out.topicsToCreate,
    };
  }

  private describe(version: number, data: Record<string, unknown>): RpcOutcome {
    const req = normalizeDescribeRequest(data);
    const request = req as unknown as Record<string, unknown>;
    const edition = this.options.edition;
    // StreamsGroupDescribe v0-1 (v1: KIP-1331 topology description, KIP-1357 assignor name)
    if (version < 0 || version > 1 || !this.streamsEnabled()) {
      const code = errorCode(edition, 'UNSUPPORTED_VERSION');
      const response = { throttleTimeMs: 0, groups: req.groupIds.map((groupId) => ({ errorCode: code, errorMessage: null, groupId, groupState: '', groupEpoch: 0, assignmentEpoch: 0, topology: null, members: [], authorizedOperations: -2147483648 })) };
      return { ...this.errorOutcome(request, response, 'UNSUPPORTED_VERSION', null), narration: ['StreamsGroupDescribe is not available.'] };
    }
    const described = describeGroups(this.coordinator.groups, req, edition);
    if (version >= 1) {
      // v1: a found group names its assignor; no description is stored here, so a requested one is NOT_STORED (1)
      described.groups = described.groups.map((g) => ({
        ...g,
        topologyDescription: null,
        topologyDescriptionStatus: req.includeTopologyDescription ? 1 : 0,
        assignorName: g.errorCode === 0 ? this.coordinator.assignor.name : null,
      }));
    }
    const response = described as unknown as Record<string, unknown>;
    const groups = (response.groups as { errorCode: number }[]) ?? [];
    const firstError = groups.find((g) => g.errorCode !== 0);
    const errorName = firstError ? (Object.entries({ INVALID_GROUP_ID: errorCode(edition, 'INVALID_GROUP_ID'), GROUP_ID_NOT_FOUND: errorCode(edition, 'GROUP_ID_NOT_FOUND') }).find(([, c]) => c === firstError.errorCode)?.[0] as ErrorName) : 'NONE';
    return { request, response, errorName, errorMessage: null, memberId: null, memberEpoch: null, batch: null, narration: [`Describe reads the committed state of ${req.groupIds.length} group(s).`], createdTopics: [] };
  }

  /** Creates topics that do not exist yet; groups that need them refresh their metadata. */
  createTopics(list: readonly { name: string; partitions: number }[]): { name: string; partitions: number }[] {
    const created = list.filter((t) => !this.topics.has(t.name));
    if (created.length > 0) {
      const topics = this.writableTopics();
      for (const t of created) topics.set(t.name, t.partitions);
      this.coordinator.onMetadataUpdate(created.map((t) => t.name));
    }
    return created.map((t) => ({ ...t }));
  }

  changeTopics(change: { create?: { name: string; partitions: number }[]; delete?: string[]; partitions?: Record<string, number> }): string[] {
    const changed: string[] = [];
    const topics = this.writableTopics();
    for (const t of change.create ?? []) {
      topics.set(t.name, t.partitions);
      changed.push(t.name);
    }
    for (const name of change.delete ?? []) if (topics.delete(name)) changed.push(name);
    for (const [name, n] of Object.entries(change.partitions ?? {})) {
      topics.set(name, n);
      changed.push(name);
    }
    this.coordinator.onMetadataUpdate(changed);
    return changed;
  }

  advance(ms: number): FiredTimer[] {
    return this.coordinator.advanceTo(this.coordinator.now + ms, this.topics);
  }

  advanceTo(t: number): FiredTimer[] {
    return this.coordinator.advanceTo(t, this.topics);
  }

  /** A copy for exploration: the coordinator is cloned (no replay), the topics shared until either side changes them. */
  clone(): Broker {
    return new Broker(this.options, this.topicsMap, this);
  }

  /** A new coordinator loads the partition; the cluster's topics are unchanged. */
  failover(): void {
    this.coordinator = this.coordinator.failover();
  }
}
