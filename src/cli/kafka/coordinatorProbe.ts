// Confirms through the group coordinator itself that a change to the cluster has reached it, instead of sleeping.
// Kafka's broker updates its metadata cache first and then hands the new image to the coordinator runtime, which
// queues an "UpdateImage" event on every __consumer_offsets shard behind the requests already waiting there
// (CoordinatorRuntime.onMetadataUpdate). A shard handles its queue in order, so once a probe request, sent to a
// group on the same shard, sees the change, every later request to that shard sees it too. Probe groups are fresh
// each time (a streams group keeps the topology it was created with) and never end in ".<run>", so they are never
// mistaken for a run's groups.
import { offsetsPartitionOf } from '../../core/oracle/offsetsPartition.ts';
import { joinHeartbeat } from './heartbeats.ts';
import { waitFor } from './wait.ts';

/** The requests a probe sends: a peer the tests can fake. */
export interface ProbePeer {
  streamsGroup(api: 'StreamsGroupHeartbeat', version: number, data: Record<string, unknown>): Promise<Record<string, unknown>>;
  createTopics(topics: { name: string; partitions: number }[]): Promise<{ name: string; errorCode: number; errorMessage: string | null }[]>;
  alterGroupConfigs(groupIds: readonly string[], configs: Record<string, string>): Promise<{ groupId: string; errorCode: number; errorMessage: string | null }>;
}

/** StreamsGroupHeartbeatResponse.Status MISSING_SOURCE_TOPICS. */
const MISSING_SOURCE_TOPICS = 1;
/** Errors.INVALID_REQUEST: GroupMetadataManager.throwIfRequestContainsInvalidTasks answers it for a task beyond the topic's partitions. */
const INVALID_REQUEST = 42;
/** Where the probe records what it puts on the cluster (its groups, marker topics and group configs), for the run's clean-up. */
export interface ProbeLedger {
  group(id: string): void;
  topic(name: string): void;
  config(groupId: string, name: string): void;
}

export interface ProbeOptions {
  timeoutMs?: number;
  backoff?: { firstMs: number; maxMs: number };
  ledger?: ProbeLedger;
}

const statusCodes = (res: Record<string, unknown>): number[] => (Array.isArray(res.status) ? (res.status as { statusCode: number }[]).map((s) => s.statusCode) : []);

export class CoordinatorProbe {
  private probes = 0;
  private markers = 0;
  private shards: number[] = [0];
  private partitions = 1;

  /** `prefix` names the probe groups ("<prefix>-probeN") and marker topics ("<prefix>-markerN"): the run id. */
  constructor(
    private readonly peer: ProbePeer,
    private readonly prefix: string,
    private readonly opts: ProbeOptions = {},
  ) {}

  /** The shards to confirm on: every __consumer_offsets partition that holds one of `groups`. */
  watch(groups: readonly string[], offsetsPartitions: number): void {
    this.partitions = offsetsPartitions;
    this.shards = [...new Set(groups.map((g) => offsetsPartitionOf(g, offsetsPartitions)))].sort((a, b) => a - b);
    if (this.shards.length === 0) this.shards = [0];
  }

  /** A fresh probe group id that lives on `shard`. */
  groupOn(shard: number): string {
    for (let tries = 0; tries < 1_000_000; tries++) {
      const id = `${this.prefix}-probe${++this.probes}`;
      if (offsetsPartitionOf(id, this.partitions) !== shard) continue;
      this.opts.ledger?.group(id);
      return id;
    }
    throw new Error(`no probe group id found for __consumer_offsets partition ${shard} of ${this.partitions}`);
  }

  /**
   * Every shard's coordinator sees each topic with at least its partition count: a probe member joins a fresh group
   * whose topology reads each topic in its own subtopology, then heartbeats owning the topic's highest partition as a
   * task. Until the shard's image has that partition the heartbeat gets INVALID_REQUEST
   * (GroupMetadataManager.throwIfRequestContainsInvalidTasks); until it has the topic, the join reports
   * MISSING_SOURCE_TOPICS.
   */
  async topicsVisible(topics: readonly { name: string; partitions: number }[]): Promise<void> {
    if (topics.length === 0) return;
    const what = topics.map((t) => `${t.name} (${t.partitions} partitions)`).join(', ');
    for (const shard of this.shards) {
      let last = '';
      await this.wait(
        `the group coordinator (shard ${shard}) to see ${what}`,
        () => last,
        async () => {
          const group = this.groupOn(shard);
          const join = joinHeartbeat(
            group,
            'probe',
            'probe',
            topics.map((t) => t.name),
          );
          const joined = await this.heartbeat(join, 'probe join');
          let seen = false;
          if (!statusCodes(joined).includes(MISSING_SOURCE_TOPICS)) {
            const owned = await this.peer.streamsGroup('StreamsGroupHeartbeat', 1, {
              ...join,
              memberEpoch: joined.memberEpoch,
              topology: null,
              rebalanceTimeoutMs: -1,
              processId: null,
              clientTags: null,
              activeTasks: topics.map((t, i) => ({ subtopologyId: String(i), partitions: [t.partitions - 1] })),
              standbyTasks: [],
              warmupTasks: [],
            });
            if (owned.errorCode !== 0 && owned.errorCode !== INVALID_REQUEST) throw probeError('probe heartbeat', owned);
            seen = owned.errorCode === 0;
            last = owned.errorCode === 0 ? '' : ` (last answer: ${String(owned.errorMessage)})`;
          }
          await this.leave(join, joined.memberEpoch as number);
          return seen ? true : undefined;
        },
      );
    }
  }

  /** Every shard's coordinator no longer sees each topic: a probe member of a fresh group reading only it gets MISSING_SOURCE_TOPICS. */
  async topicsGone(names: readonly string[]): Promise<void> {
    for (const shard of this.shards) {
      for (const name of names) {
        await this.wait(
          `the group coordinator (shard ${shard}) to see topic ${name} deleted`,
          () => '',
          async () => {
            const join = joinHeartbeat(this.groupOn(shard), 'probe', 'probe', [name]);
            const joined = await this.heartbeat(join, 'probe join');
            await this.leave(join, joined.memberEpoch as number);
            return statusCodes(joined).includes(MISSING_SOURCE_TOPICS) ? true : undefined;
          },
        );
      }
    }
  }

  /**
   * A deletion is fully applied: each shard sees the topics gone, and the offsets' tombstones that the deletion makes
   * Kafka write are in the log. GroupCoordinatorService.onMetadataUpdate queues the shards' "UpdateImage" events and
   * then, in the same call, the "on-topics-deleted" write; so a shard that sees the deletion may not have written its
   * tombstones yet. A marker topic created afterwards lands in a later image, whose UpdateImage every shard queues
   * after that write; a probe that sees the marker has its own join records committed after the tombstones.
   */
  async deletionApplied(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.topicsGone(names);
    const marker = { name: `${this.prefix}-marker${++this.markers}`, partitions: 1 };
    this.opts.ledger?.topic(marker.name);
    for (const r of await this.peer.createTopics([marker])) {
      if (r.errorCode !== 0) throw new Error(`CreateTopics ${r.name} (marker): error ${r.errorCode} ${r.errorMessage ?? ''}`);
    }
    await this.topicsVisible([marker]);
  }

  /**
   * Group configs set before this call are in force: the broker hands each new config image to the coordinator's
   * GroupConfigManager (DynamicConfigPublisher → GroupCoordinatorService.updateGroupConfig) after IncrementalAlterConfigs
   * has answered. A marker heartbeat interval set on a fresh probe group in a later request lands in a later image; once
   * a probe member's heartbeat carries it, the earlier configs are applied.
   */
  async groupConfigsApplied(): Promise<void> {
    const group = this.groupOn(this.shards[0]!);
    // between Kafka's default lower and upper bounds (5000 and 15000 ms) and never the default 5000
    const marker = String(5001 + (this.markers++ % 9998));
    this.opts.ledger?.config(group, 'streams.heartbeat.interval.ms');
    const set = await this.peer.alterGroupConfigs([group], { 'streams.heartbeat.interval.ms': marker });
    if (set.errorCode !== 0) throw new Error(`IncrementalAlterConfigs on probe group ${group}: error ${set.errorCode} ${set.errorMessage ?? ''}`);
    const join = joinHeartbeat(group, 'probe', 'probe', []);
    let last = '';
    await this.wait(
      `the group coordinator to apply group configs (marker streams.heartbeat.interval.ms=${marker} on ${group})`,
      () => last,
      async () => {
        const joined = await this.heartbeat(join, 'probe join');
        last = ` (last heartbeat interval: ${String(joined.heartbeatIntervalMs)})`;
        await this.leave(join, joined.memberEpoch as number);
        return String(joined.heartbeatIntervalMs) === marker ? true : undefined;
      },
    );
  }

  private async heartbeat(request: Record<string, unknown>, what: string): Promise<Record<string, unknown>> {
    const res = await this.peer.streamsGroup('StreamsGroupHeartbeat', 1, request);
    if (res.errorCode !== 0) throw probeError(what, res);
    return res;
  }

  /** The probe member leaves (epoch -1): its group is left empty. */
  private async leave(join: Record<string, unknown>, epoch: number): Promise<void> {
    if (epoch < 0) return;
    await this.peer.streamsGroup('StreamsGroupHeartbeat', 1, {
      ...join,
      memberEpoch: -1,
      topology: null,
      activeTasks: null,
      standbyTasks: null,
      warmupTasks: null,
      processId: null,
      clientTags: null,
      rebalanceTimeoutMs: -1,
    });
  }

  /** A bounded wait; on timeout the error also tells the last answer (`last`). */
  private async wait(what: string, last: () => string, probe: () => Promise<true | undefined>): Promise<void> {
    try {
      await waitFor(what, this.opts.timeoutMs ?? 30_000, probe, this.opts.backoff);
    } catch (e) {
      throw new Error(`${(e as Error).message}${last()}`, { cause: e });
    }
  }
}

function probeError(what: string, res: Record<string, unknown>): Error {
  return new Error(`${what} failed with error ${String(res.errorCode)}: ${String(res.errorMessage)}`);
}
