// The broker as a scenario sees it: the KafkaApis checks, the service layer, one coordinator runtime,
// and the cluster's topics. Every RPC goes through here, in the broker's order of layers.
import { unavailableOutcome } from './unavailable.ts';
import { incrementalAlterConfigsRpc } from './adminRpc.ts';
import { effectiveConfig, ownDefaultsOf } from './groupConfigs.ts';
import type { Config } from '../config.ts';
import { Coordinator, type FiredTimer } from '../coordinator/runtime.ts';
import { describeGroups } from '../coordinator/describe.ts';
import { streamsGroupHeartbeat } from '../coordinator/heartbeat.ts';
import { validateHeartbeat } from '../coordinator/service.ts';
import { ApiError, errorCode, type ErrorName } from '../protocol/errors.ts';
import type { Edition } from '../edition.ts';
import { describedGroupError, errorHeartbeatResponse, heartbeatResponseJson, type StreamsGroupHeartbeatRequest } from '../protocol/messages.ts';
import { flattenOwnedTasks, nestedRequestJson, normalizeDescribeRequest, normalizeHeartbeatRequest } from '../protocol/normalize.ts';
import type { RpcName } from '../scenario/types.ts';
import type { Variant } from '../variants/index.ts';
import { releaseRules, SHIPPED_RELEASE, type ReleaseRules } from '../releases/index.ts';
import { editionForRelease } from '../coordinator/releaseEdition.ts';
import { releaseContrast } from '../releases/narrate.ts';
import { throwIfTopologyTopicsInvalid } from '../topology/validate.ts';
import { OFFSET_COMMIT_VERSIONS } from '../offsets/commit.ts';
import { OFFSET_FETCH_VERSIONS } from '../offsets/fetch.ts';
import { deletedTopicOffsetTombstones } from '../offsets/topicDeletion.ts';
import { gateRequest, gateResponse } from './requestGate.ts';
import { pushAll } from '../util/arrays.ts';
import type { BrokerLayer, BrokerOptions as BrokerOptionsOf, BrokerView, ClientContext, HeartbeatOutcome, RpcOutcome } from './types.ts';

export type { BrokerLayer, ClientContext, HeartbeatOutcome, RpcOutcome };

export type BrokerOptions = BrokerOptionsOf<Edition>;

/** A heartbeat the broker rejects before the coordinator: nothing written, the session not refreshed (`why`: narration, or null for none). */
function rejected(edition: Edition, layer: BrokerLayer, name: ErrorName, message: string | null, why: string | null): HeartbeatOutcome {
  return {
    rejectedBy: layer,
    response: errorHeartbeatResponse(errorCode(edition.wire, name), message),
    errorName: name,
    errorMessage: message,
    memberId: null,
    batch: null,
    narration: why !== null ? [why, "Nothing was written, and the member's session was not refreshed."] : [],
    createdTopics: [],
  };
}

/**
 * Versions the broker accepts per edition and RPC: the shared group RPCs', then the edition's own. An older release
 * (src/core/releases/) serves at most the streams group versions it has; the variants' versions extend 4.4's.
 */
export function supportedVersions(edition: Edition, api: RpcName, variant: Variant, release: ReleaseRules = SHIPPED_RELEASE): [number, number] | null {
  const range = editionVersions(edition, api, variant);
  if (range === null || release === SHIPPED_RELEASE || (api !== 'StreamsGroupHeartbeat' && api !== 'StreamsGroupDescribe')) return range;
  const has = release.versions[api];
  return [Math.max(range[0], has[0]), Math.min(range[1], has[1])];
}

function editionVersions(edition: Edition, api: RpcName, variant: Variant): [number, number] | null {
  if (api === 'OffsetCommit') return [...OFFSET_COMMIT_VERSIONS];
  // the same RPCs in both editions: ListGroups v0-5 (v5 adds the type filter), DeleteGroups v0-2
  if (api === 'ListGroups') return [0, 5];
  if (api === 'DeleteGroups') return [0, 2];
  if (api === 'IncrementalAlterConfigs') return [0, 1];
  // OffsetFetch v1-10 (v0 was removed by KIP-896; v10 names topics by id); OffsetDelete has v0 only
  if (api === 'OffsetFetch') return [...OFFSET_FETCH_VERSIONS];
  if (api === 'OffsetDelete') return [0, 0];
  if (api === 'DescribeGroups') return [0, 6];
  return edition.versions(api, variant);
}

/** Why a version Kafka 4.4 has is not served, for the refusal's narration ('' when there is nothing to add). */
function unservedReason(api: RpcName, version: number): string {
  if (api !== 'OffsetFetch') return '';
  if (version === 0) return ': Kafka 4.0 removed OffsetFetch v0 (KIP-896)';
  return '';
}

/**
 * RPCs whose broker-side checks run before the coordinator runtime, also while a failover's coordinator loads:
 * KafkaApis.handleOffsetCommitRequest's topic checks, GroupCoordinatorService.deleteOffsets' group id check,
 * deleteGroups' set of distinct ids, streamsGroupDescribe's empty ids.
 */
const CHECKED_BEFORE_THE_RUNTIME: ReadonlySet<RpcName> = new Set<RpcName>(['OffsetCommit', 'OffsetDelete', 'DeleteGroups', 'StreamsGroupDescribe']);

export class Broker implements BrokerView {
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
      // a clone's group configs are its own (cluster metadata it may alter), and its coordinator reads them
      from.groupConfigs.forEach((configs, groupId) => this.groupConfigs.set(groupId, configs));
      this.coordinator = from.coordinator.clone((groupId) => this.configOf(groupId));
      this.loadingUntil = from.loadingUntil;
      this.heartbeatVersions = from.heartbeatVersions;
      this.topicsMap = from.topicsMap;
      this.topicsShared = from.topicsShared = true;
    } else {
      // the coordinator reads a group's configs through the broker (they live in the cluster metadata)
      // an older release replays its groups with its own new-group epochs (coordinator/releaseEdition.ts)
      const edition = editionForRelease(options.edition, releaseRules(options.release));
      this.coordinator = new Coordinator({ ...options, edition, groupConfig: (groupId) => this.configOf(groupId) });
      this.topicsMap = new Map(topics);
    }
  }

  /** GROUP config resources set by IncrementalAlterConfigs, by group id (cluster metadata: a failover keeps them). */
  readonly groupConfigs = new Map<string, ReadonlyMap<string, string>>();

  /** The config as one group sees it: its group configs over the broker's. */
  configOf(groupId: string): Config {
    const overrides = this.groupConfigs.get(groupId);
    if (overrides === undefined) return this.options.config;
    const release = this.coordinator.release;
    // [4.2] an emptied group config stays (release field emptyGroupConfigKept), with GroupConfig's own defaults
    if (overrides.size === 0 && !release.emptyGroupConfigKept) return this.options.config;
    return effectiveConfig(this.options.config, overrides, ownDefaultsOf(release));
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
    // KafkaApis: an unknown API or version, or data that does not parse, gets an error code, never a throw
    const refused = gateRequest(api, version, data);
    if (refused) {
      const response = gateResponse(this.options.edition, api, version, refused);
      return { ...this.errorOutcome({}, response, refused.errorName, refused.message), narration: [`The broker refuses the request: ${refused.message}`] };
    }
    const admin = api === 'IncrementalAlterConfigs' || api === 'ListGroups' || api === 'DeleteGroups' || api === 'OffsetFetch' || api === 'OffsetDelete' || api === 'DescribeGroups';
    if (admin) {
      const [lo, hi] = supportedVersions(this.options.edition, api, this.options.variant, this.coordinator.release)!;
      if (version < lo || version > hi)
        return unavailableOutcome(this.options.edition, api, version, data, 'UNSUPPORTED_VERSION', `The simulated broker serves ${api} v${lo}-v${hi}, not v${version}${unservedReason(api, version)}.`);
    }
    // the controller handles config changes; the group coordinator is not involved
    if (api === 'IncrementalAlterConfigs') return incrementalAlterConfigsRpc(this, data);
    // a failover with loadMs: the new coordinator is still loading the partition (the RPCs whose KafkaApis or
    // service checks answer part of a request first pass on, and an edition's validatedBeforeLoad RPCs, which check
    // the load themselves after validating the request: their handlers answer the rest)
    if (this.loadingUntil !== null && !CHECKED_BEFORE_THE_RUNTIME.has(api) && !this.options.edition.validatedBeforeLoad?.includes(api))
      return unavailableOutcome(
        this.options.edition,
        api,
        version,
        data,
        'COORDINATOR_LOAD_IN_PROGRESS',
        `The new coordinator is still loading the partition (until ${this.loadingUntil} ms): COORDINATOR_LOAD_IN_PROGRESS, the client retries.`,
      );
    // the edition's handler: the shared group RPCs (offsets, admin: src/core/broker/sharedRpcs.ts) and its own
    const handler = this.options.edition.rpcs[api];
    if (handler) return handler(this, version, data, client, quiet);
    const name: ErrorName = 'UNSUPPORTED_VERSION';
    return this.errorOutcome({ ...data }, { errorCode: errorCode(this.options.edition.wire, name), errorMessage: this.options.edition.unsupportedRpcMessage(api) }, name, null);
  }

  private errorOutcome(request: Record<string, unknown>, response: Record<string, unknown>, errorName: ErrorName, message: string | null): RpcOutcome {
    return { request, response, errorName, errorMessage: message, memberId: null, memberEpoch: null, batch: null, narration: [], createdTopics: [], rejectedBy: 'KafkaApis' };
  }

  /**
   * " " + the release contrast when the release's refusal of later features (serviceRejectsLaterFeatures) decided the
   * rejection, that is when 4.4's service layer would not refuse the request the same way; else "".
   */
  private laterFeatureContrast(req: StreamsGroupHeartbeatRequest, version: number, invalid: ApiError): string {
    const release = this.coordinator.release;
    if (!release.switches.serviceRejectsLaterFeatures || validateHeartbeat(req, this.coordinator.rules, version, SHIPPED_RELEASE)?.apiMessage === invalid.apiMessage) return '';
    return ` ${releaseContrast(
      release,
      (r) => r.switches.serviceRejectsLaterFeatures,
      (v) => (v ? 'the service layer refuses static members, task offsets and warm-up tasks (INVALID_REQUEST)' : 'the coordinator takes them'),
    )}`;
  }

  /** The shipped StreamsGroupHeartbeat (an edition's handler calls it). */
  heartbeat(version: number, data: Record<string, unknown>, client: ClientContext, quiet: boolean): RpcOutcome {
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
      ...(out.rejectedBy ? { rejectedBy: out.rejectedBy } : {}),
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
    const out = this.runHeartbeatChecks(version, req, client, quiet, narrate);
    // [4.1] StreamsGroupHeartbeatResponse's Status defaults to null: an error or a leave response, which sets no
    // status, carries null (release switch emptyStatusIsNull; a successful heartbeat applies it in heartbeat.ts)
    if (this.coordinator.release.switches.emptyStatusIsNull && out.response.status?.length === 0) return { ...out, response: { ...out.response, status: null } };
    return out;
  }

  /** The StreamsGroupHeartbeat versions served, per release rules (the options never change; a failover keeps the release). */
  private heartbeatVersions: { release: ReleaseRules; range: [number, number] } | null = null;

  private heartbeatVersionRange(): [number, number] {
    const release = this.coordinator.release;
    if (this.heartbeatVersions?.release !== release) this.heartbeatVersions = { release, range: supportedVersions(this.options.edition, 'StreamsGroupHeartbeat', this.options.variant, release)! };
    return this.heartbeatVersions.range;
  }

  private runHeartbeatChecks(version: number, req: StreamsGroupHeartbeatRequest, client: ClientContext, quiet: boolean, narrate: boolean): HeartbeatOutcome {
    const edition = this.options.edition;
    const [lo, hi] = this.heartbeatVersionRange();
    if (version < lo || version > hi) return rejected(edition, 'KafkaApis', 'UNSUPPORTED_VERSION', null, narrate ? `The broker does not support StreamsGroupHeartbeat v${version}.` : null);
    // KafkaApis: the streams protocol must be enabled
    if (!this.streamsEnabled())
      return rejected(edition, 'KafkaApis', 'UNSUPPORTED_VERSION', null, narrate ? 'The streams rebalance protocol is not enabled (group.coordinator.rebalance.protocols).' : null);
    // KafkaApis: topology topic names must be valid and not Kafka-internal
    if (req.topology) {
      try {
        throwIfTopologyTopicsInvalid(req.topology);
      } catch (e) {
        if (e instanceof ApiError) return rejected(edition, 'KafkaApis', e.errorName, e.apiMessage, narrate ? `KafkaApis rejects the topology: ${e.apiMessage}` : null);
        throw e;
      }
    }
    // service layer
    const invalid = validateHeartbeat(req, this.coordinator.rules, version, this.coordinator.release);
    if (invalid)
      return rejected(
        edition,
        'service layer',
        invalid.errorName,
        invalid.apiMessage,
        narrate ? `The service layer rejects the request before the coordinator sees it: ${invalid.apiMessage}${this.laterFeatureContrast(req, version, invalid)}` : null,
      );
    // GroupCoordinatorService.streamsGroupHeartbeat validates the request first; only then does the runtime answer
    // COORDINATOR_LOAD_IN_PROGRESS while the new coordinator loads the partition
    if (this.loadingUntil !== null)
      return rejected(
        edition,
        'service layer',
        'COORDINATOR_LOAD_IN_PROGRESS',
        null,
        narrate ? `The new coordinator is still loading the partition (until ${this.loadingUntil} ms): COORDINATOR_LOAD_IN_PROGRESS, the client retries.` : null,
      );
    const c = this.coordinator;
    const rctx = { clientId: client.clientId, clientHost: client.clientHost, version };
    const out = c.execute(() => streamsGroupHeartbeat(c.context(this.topics, quiet, req.groupId), rctx, req), errorHeartbeatResponse);
    const narration = narrate ? [...out.narration] : [];
    if (narrate && out.errorName !== 'NONE')
      narration.push(`The coordinator answers ${out.errorName}${out.errorMessage ? `: ${out.errorMessage.replace(/\.+$/, '')}` : ''}. Nothing was written, and the session was not refreshed.`);
    // KafkaApis creates missing internal topics asynchronously after the response
    const createdTopics = this.createTopics(out.topicsToCreate);
    if (narrate && createdTopics.length > 0)
      narration.push(`The broker creates the missing internal topics ${createdTopics.map((t) => `${t.name} (${t.partitions})`).join(', ')}; the next heartbeat sees them.`);
    const outcome: HeartbeatOutcome = {
      response: out.response,
      errorName: out.errorName,
      errorMessage: out.errorMessage,
      memberId: out.errorName === 'NONE' ? out.response.memberId : null,
      batch: out.batch,
      narration,
      createdTopics,
      topicsToCreate: out.topicsToCreate,
    };
    // (set after, not spread in: a spread makes every outcome a copy)
    if (out.errorName !== 'NONE') outcome.rejectedBy = 'coordinator';
    return outcome;
  }

  /** The shipped StreamsGroupDescribe (an edition's handler calls it). */
  describe(version: number, data: Record<string, unknown>): RpcOutcome {
    const req = normalizeDescribeRequest(data);
    const request = req as unknown as Record<string, unknown>;
    const edition = this.options.edition;
    // StreamsGroupDescribe v0-1 (v1: KIP-1331 topology description, KIP-1357 assignor name); an older release has v0 only
    const describeMax = this.coordinator.release.versions.StreamsGroupDescribe[1];
    if (version < 0 || version > describeMax || !this.streamsEnabled()) {
      const code = errorCode(edition.wire, 'UNSUPPORTED_VERSION');
      const response = { throttleTimeMs: 0, groups: req.groupIds.map((groupId) => describedGroupError(groupId, code, version)) };
      return { ...this.errorOutcome(request, response, 'UNSUPPORTED_VERSION', null), narration: ['StreamsGroupDescribe is not available.'] };
    }
    const described = describeGroups(this.coordinator.groups, req, edition.wire);
    // while a failover's coordinator loads, the runtime refuses every group the service passes on (the empty ids are
    // answered before it: GroupCoordinatorService.streamsGroupDescribe)
    const loading = this.loadingUntil !== null;
    if (loading) {
      const code = errorCode(edition.wire, 'COORDINATOR_LOAD_IN_PROGRESS');
      described.groups = described.groups.map((g) => (g.groupId === '' ? g : describedGroupError(g.groupId, code, 0)));
    }
    if (version >= 1) {
      // v1: a found group names its assignor; StreamsGroupTopologyDescriptionManager.attachTopologyDescriptions: no
      // description is stored here, so one requested for a found group is NOT_STORED (1); a group with an error keeps
      // NOT_REQUESTED (0)
      described.groups = described.groups.map((g) => ({
        ...g,
        topologyDescription: null,
        topologyDescriptionStatus: req.includeTopologyDescription && g.errorCode === 0 ? 1 : 0,
        assignorName: g.errorCode === 0 ? this.coordinator.assignor.name : null,
      }));
    }
    if (loading)
      return {
        request,
        response: described as unknown as Record<string, unknown>,
        errorName: 'COORDINATOR_LOAD_IN_PROGRESS',
        errorMessage: null,
        memberId: null,
        memberEpoch: null,
        batch: null,
        narration: [`The new coordinator is still loading the partition (until ${this.loadingUntil} ms): COORDINATOR_LOAD_IN_PROGRESS, the client retries.`],
        createdTopics: [],
      };
    const response = described as unknown as Record<string, unknown>;
    const groups = (response.groups as { errorCode: number }[]) ?? [];
    const firstError = groups.find((g) => g.errorCode !== 0);
    const errorName = firstError
      ? (Object.entries({ INVALID_GROUP_ID: errorCode(edition.wire, 'INVALID_GROUP_ID'), GROUP_ID_NOT_FOUND: errorCode(edition.wire, 'GROUP_ID_NOT_FOUND') }).find(
          ([, c]) => c === firstError.errorCode,
        )?.[0] as ErrorName)
      : 'NONE';
    return {
      request,
      response,
      errorName,
      errorMessage: null,
      memberId: null,
      memberEpoch: null,
      batch: null,
      narration: [`Describe reads the committed state of ${req.groupIds.length} group(s).`],
      createdTopics: [],
    };
  }

  /** Creates topics that do not exist yet; groups that need them refresh their metadata. */
  createTopics(list: readonly { name: string; partitions: number }[]): { name: string; partitions: number }[] {
    if (list.length === 0) return [];
    const created = list.filter((t) => !this.topics.has(t.name));
    if (created.length > 0) {
      const topics = this.writableTopics();
      for (const t of created) topics.set(t.name, t.partitions);
      this.coordinator.onMetadataUpdate(created.map((t) => t.name));
    }
    return created.map((t) => ({ name: t.name, partitions: t.partitions }));
  }

  /** Applies a cluster metadata change; `narration` receives what the coordinator does about it. */
  changeTopics(change: { create?: { name: string; partitions: number }[]; delete?: string[]; partitions?: Record<string, number> }, narration: string[] = []): string[] {
    const changed: string[] = [];
    const deleted: string[] = [];
    const deletedPartitions = new Map<string, number>();
    const topics = this.writableTopics();
    for (const t of change.create ?? []) {
      topics.set(t.name, t.partitions);
      changed.push(t.name);
    }
    for (const name of change.delete ?? []) {
      const partitions = topics.get(name);
      if (partitions !== undefined) deletedPartitions.set(name, partitions);
      if (topics.delete(name)) {
        changed.push(name);
        deleted.push(name);
      }
    }
    for (const [name, n] of Object.entries(change.partitions ?? {})) {
      topics.set(name, n);
      changed.push(name);
    }
    this.coordinator.onMetadataUpdate(changed);
    // GroupCoordinatorService.onMetadataUpdate: deleted topics lose their committed offsets (a coordinator still
    // loading is not asked)
    if (deleted.length > 0 && this.loadingUntil === null) {
      const c = this.coordinator;
      const out = c.execute(
        // [4.1]/[4.2] onPartitionsDeleted gets each deleted topic's partitions 0…n-1 (topicDeletionByPartitionList)
        () => deletedTopicOffsetTombstones(c.groups, deleted, c.release.switches.topicDeletionByPartitionList ? deletedPartitions : null),
        () => null,
      );
      pushAll(narration, out.narration);
    }
    return changed;
  }

  advance(ms: number): FiredTimer[] {
    return this.advanceTo(this.coordinator.now + ms);
  }

  advanceTo(t: number): FiredTimer[] {
    if (this.loadingUntil !== null) {
      // while the new coordinator loads, no timer runs; it loads the log at loadingUntil and starts its timers then
      if (t < this.loadingUntil) {
        this.coordinator.now = Math.max(this.coordinator.now, t);
        return [];
      }
      this.coordinator.now = this.loadingUntil;
      this.loadingUntil = null;
      this.coordinator = this.coordinator.failover();
    }
    return this.coordinator.advanceTo(t, this.topics);
  }

  /** A copy for exploration: the coordinator is cloned (no replay), the topics shared until either side changes them. */
  clone(): Broker {
    return new Broker(this.options, this.topicsMap, this);
  }

  /** Set by a failover that takes time: when the new coordinator has loaded the partition. */
  loadingUntil: number | null = null;

  /**
   * A new coordinator loads the partition; the cluster's topics are unchanged. With `loadMs` the load takes that long:
   * requests meanwhile get COORDINATOR_LOAD_IN_PROGRESS, and the loaded coordinator's timers start at load time.
   */
  failover(loadMs = 0): void {
    if (loadMs > 0) {
      this.loadingUntil = this.coordinator.now + loadMs;
      return;
    }
    this.coordinator = this.coordinator.failover();
  }
}
