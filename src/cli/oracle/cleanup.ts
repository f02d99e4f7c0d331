// What an `sgp oracle` run leaves on a cluster, and its removal. The run records every group it names, every topic and
// marker it creates and every group config it sets (RunLedger); when the run ends, on success or on any error, its
// members leave, its groups are deleted, its topics (with the internal topics the broker created for its groups) are
// deleted and its group configs are removed, in that order. Only names that carry the run id are ever touched.

import { HEARTBEAT_REQUEST_DEFAULTS } from '../../core/protocol/messages.ts';

type Obj = Record<string, unknown>;

/** The requests the clean-up sends: KafkaClient's, as a peer the tests can fake. */
export interface CleanupPeer {
  streamsGroup(api: 'StreamsGroupHeartbeat' | 'StreamsGroupDescribe', version: number, data: Obj): Promise<Obj>;
  deleteGroups(groupIds: readonly string[]): Promise<{ groupId: string; errorCode: number }[]>;
  metadata(names: null): Promise<Map<string, unknown>>;
  deleteTopics(names: string[]): Promise<{ name: string; errorCode: number }[]>;
  deleteGroupConfigs(configs: ReadonlyMap<string, readonly string[]>): Promise<{ groupId: string; errorCode: number; errorMessage: string | null }[]>;
}

/** Errors.GROUP_ID_NOT_FOUND: a group that was never created, or is gone already. */
const GROUP_ID_NOT_FOUND = 69;
/**
 * Errors.UNKNOWN_MEMBER_ID: the member left on its own between the Describe and its leave (its session timed out on
 * the broker's clock, or a static member's temporary leave expired): it is gone already, which is what the leave wants
 * (GroupMetadataManager.streamsGroupLeave finds no such member: StreamsGroup.getMemberOrThrow, or
 * throwIfStaticMemberIsUnknown for a static one).
 */
const UNKNOWN_MEMBER_ID = 25;
/** Errors.UNKNOWN_TOPIC_OR_PARTITION: a topic the scenario deleted itself. */
const UNKNOWN_TOPIC_OR_PARTITION = 3;

/** Everything one run put on the cluster. A name without the run id is never recorded, so never deleted. */
export class RunLedger {
  private readonly groupSet = new Set<string>();
  private readonly topicSet = new Set<string>();
  private readonly configSet = new Map<string, Set<string>>();

  constructor(readonly runId: string) {}

  /** The run's groups are "<id>.<run>", its probe groups "<run>-probeN". */
  ownsGroup(id: string): boolean {
    return id.endsWith(`.${this.runId}`) || id.startsWith(`${this.runId}-`);
  }

  /** The run's topics are "<run>.<topic>" (the internal topics Kafka creates for its groups too), its markers "<run>-markerN". */
  ownsTopic(name: string): boolean {
    return name.startsWith(`${this.runId}.`) || name.startsWith(`${this.runId}-`);
  }

  group(id: string): void {
    if (this.ownsGroup(id)) this.groupSet.add(id);
  }

  topic(name: string): void {
    if (this.ownsTopic(name)) this.topicSet.add(name);
  }

  /** A group config the run sets (recorded before the request, so a request that fails half-way is reverted too). */
  config(groupId: string, name: string): void {
    if (!this.ownsGroup(groupId)) return;
    this.group(groupId);
    let names = this.configSet.get(groupId);
    if (!names) this.configSet.set(groupId, (names = new Set()));
    names.add(name);
  }

  get groups(): string[] {
    return [...this.groupSet];
  }

  get topics(): string[] {
    return [...this.topicSet];
  }

  get configs(): Map<string, string[]> {
    return new Map([...this.configSet].map(([g, names]) => [g, [...names]]));
  }

  get empty(): boolean {
    return this.groupSet.size === 0 && this.topicSet.size === 0;
  }
}

/** A leave heartbeat (StreamsGroupHeartbeat v1) for a member still in a group. */
function leaveRequest(groupId: string, memberId: string, instanceId: string | null): Obj {
  return {
    ...HEARTBEAT_REQUEST_DEFAULTS,
    groupId,
    memberId,
    // -1 for every member, static ones too: -2 is a temporary leave that keeps a static member in the group until its
    // session times out (GroupMetadataManager.streamsGroupLeave), so the group would stay NON_EMPTY; -1 with the
    // instance id removes it
    memberEpoch: -1,
    endpointInformationEpoch: -1,
    instanceId,
  };
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Removes what the ledger holds. Each stage runs even when an earlier one failed; returns what could not be removed
 * (empty when the cluster holds nothing of the run's any more).
 */
export async function cleanUpRun(peer: CleanupPeer, ledger: RunLedger): Promise<string[]> {
  const problems: string[] = [];
  const groups = ledger.groups;
  // 1. every member still in one of the run's streams groups leaves: DeleteGroups refuses a group with members
  // (StreamsGroup.validateDeleteGroup: NON_EMPTY_GROUP)
  if (groups.length > 0) {
    try {
      const described = await peer.streamsGroup('StreamsGroupDescribe', 0, { groupIds: groups, includeAuthorizedOperations: false });
      for (const g of (described.groups as Obj[] | undefined) ?? []) {
        if (g.errorCode !== 0 || typeof g.groupId !== 'string' || !ledger.ownsGroup(g.groupId)) continue;
        for (const m of (g.members as Obj[] | undefined) ?? []) {
          const res = await peer.streamsGroup('StreamsGroupHeartbeat', 1, leaveRequest(g.groupId, String(m.memberId), (m.instanceId as string | null | undefined) ?? null));
          if (res.errorCode !== 0 && res.errorCode !== UNKNOWN_MEMBER_ID)
            problems.push(`member ${String(m.memberId)} of group ${g.groupId} could not leave (error ${String(res.errorCode)}: ${String(res.errorMessage)})`);
        }
      }
    } catch (e) {
      problems.push(`the run's group members could not be made to leave: ${message(e)}`);
    }
    // 2. the groups
    try {
      for (const r of await peer.deleteGroups(groups)) {
        if (r.errorCode !== 0 && r.errorCode !== GROUP_ID_NOT_FOUND) problems.push(`group ${r.groupId} was not deleted (DeleteGroups error ${r.errorCode})`);
      }
    } catch (e) {
      problems.push(`groups ${groups.join(', ')} were not deleted: ${message(e)}`);
    }
  }
  // 3. the topics: those the run created, and every other topic with the run's prefix (the changelog and repartition
  // topics Kafka created for the run's groups)
  try {
    const onBroker = [...(await peer.metadata(null)).keys()].filter((t) => ledger.ownsTopic(t));
    const topics = [...new Set([...ledger.topics, ...onBroker])];
    if (topics.length > 0) {
      for (const r of await peer.deleteTopics(topics)) {
        if (r.errorCode !== 0 && r.errorCode !== UNKNOWN_TOPIC_OR_PARTITION) problems.push(`topic ${r.name} was not deleted (DeleteTopics error ${r.errorCode})`);
      }
    }
  } catch (e) {
    problems.push(`the run's topics (${ledger.runId}.*) were not deleted: ${message(e)}`);
  }
  // 4. the group configs the run set, removed (IncrementalAlterConfigs DELETE)
  const configs = ledger.configs;
  if (configs.size > 0) {
    try {
      for (const r of await peer.deleteGroupConfigs(configs)) {
        if (r.errorCode !== 0) problems.push(`group configs of ${r.groupId} were not removed (error ${r.errorCode}: ${r.errorMessage ?? ''})`);
      }
    } catch (e) {
      problems.push(`group configs of ${[...configs.keys()].join(', ')} were not removed: ${message(e)}`);
    }
  }
  return problems;
}

/**
 * Runs `body`, then cleans up after it whether it succeeded or threw. A clean-up that leaves something behind fails a
 * run that succeeded; after a failure, the original error stays the error and says what was left.
 */
export async function withCleanup<T>(ledger: RunLedger, connect: () => Promise<CleanupPeer & { close(): void }>, body: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await body();
  } catch (e) {
    const left = await cleanUp(ledger, connect);
    if (left.length === 0) throw e;
    throw new Error(`${message(e)}; and the clean-up left on the cluster: ${left.join('; ')}`, { cause: e });
  }
  const left = await cleanUp(ledger, connect);
  if (left.length > 0) throw new Error(`the run finished, but the clean-up left on the cluster: ${left.join('; ')}`);
  return result;
}

async function cleanUp(ledger: RunLedger, connect: () => Promise<CleanupPeer & { close(): void }>): Promise<string[]> {
  if (ledger.empty) return [];
  let peer: (CleanupPeer & { close(): void }) | undefined;
  try {
    peer = await connect();
    return await cleanUpRun(peer, ledger);
  } catch (e) {
    return [`everything of run ${ledger.runId} (no connection for the clean-up: ${message(e)})`];
  } finally {
    peer?.close();
  }
}
