// Runs an oracle plan on a real Kafka broker over TCP: sets the group configs, creates the topics, sends every
// request as the simulator generated it, waits in real time for `advance` and `run`, restarts the broker for a
// failover, and reads back what the broker wrote to __consumer_offsets for the group after each step. Whatever the run
// put on the broker is removed when it ends, on success and on failure (cleanup.ts).
import { randomBytes } from 'node:crypto';
import { decodeCoordinatorRecord } from '../../core/wire/coordinatorRecords.ts';
import type { OraclePlan, PlannedRequest } from '../../core/oracle/plan.ts';
import { SCALED_RESULT_FIELDS } from '../../core/oracle/plan.ts';
import { chooseRunId, hashNeutralRunId, hashOrderedTopicSets, RunNames } from '../../core/oracle/names.ts';
import { planGroups, planTopologies } from '../../core/oracle/groups.ts';
import type { KafkaStepResult } from '../../core/oracle/compare.ts';
import { KafkaClient, OFFSETS_TOPIC } from '../kafka/client.ts';
import { waitFor } from '../kafka/wait.ts';
import { CoordinatorProbe } from '../kafka/coordinatorProbe.ts';
import { inRequestOrder, offsetsPartitionOf } from '../../core/oracle/offsetsPartition.ts';
import { RunLedger, withCleanup } from './cleanup.ts';
import { leaseOffsetsPartition } from './offsetsLease.ts';

export interface ExecuteOptions {
  host: string;
  port: number;
  /** Restarts the broker (the bundled one); required by plans with failover steps. */
  restart?: () => Promise<void>;
  /** Suffix for the group id and prefix for topic names on the broker (default: random), so runs never collide. */
  runId?: string;
  /** Called before each step (progress). */
  onStep?: (index: number, label: string) => void;
}

export interface ExecuteResult {
  steps: KafkaStepResult[];
  runId: string;
  groupOnBroker: string;
  /** Real time the run took, in ms. */
  elapsedMs: number;
  /** Median round trip of the streams-group requests, in ms. */
  medianRoundTripMs: number | null;
  /** What the comparison must know about this run's names (shown with the normalisations). */
  notes: string[];
}

/** The group resource of IncrementalAlterConfigs (ConfigResource.Type.GROUP). */
const GROUP_RESOURCE = 32;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

function scaleBack(value: unknown, scale: number): unknown {
  if (scale === 1 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scaleBack(v, scale));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = (SCALED_RESULT_FIELDS as readonly string[]).includes(k) && typeof v === 'number' && v > 0 ? v * scale : scaleBack(v, scale);
  }
  return out;
}

/**
 * Runs the plan; throws on a transport failure or a broker that does not behave like one. Every connection it opened is
 * closed, and everything the run created on the broker is removed (groups, topics, group configs), on success and on
 * every error.
 */
export async function executePlan(plan: OraclePlan, opts: ExecuteOptions): Promise<ExecuteResult> {
  // a run id whose topic prefix has Java hash code 0, so that every hash-ordered collection of topic names on the
  // broker iterates in the order it gives the scenario's own names (hashNeutralRunId); about two random parts in three
  // have one
  const randomRunId = (): string => {
    for (let tries = 0; tries < 100; tries++) {
      const id = hashNeutralRunId(randomBytes(4).toString('hex'));
      if (id !== undefined) return id;
    }
    throw new Error('no hash-neutral run id in 100 random draws (each finds one about two times in three)');
  };
  // checked against the HashSets of InternalTopicManager.configureTopics (always kept by a hash-neutral id)
  const orderSets = hashOrderedTopicSets(planTopologies(plan));
  const chosen = opts.runId ?? chooseRunId(randomRunId, orderSets);
  const runId = chosen ?? randomRunId();
  const notes =
    chosen === undefined
      ? ["topic order: no run id tried kept the Java HashSet order of the scenario's internal topic names, so where two are wrong Kafka may name another one than the playground"]
      : [];
  const ledger = new RunLedger(runId);
  // every group of the run on a __consumer_offsets partition of its own: Kafka answers a read from its shard's last
  // committed write, which then is always one of this run's (offsetsLease.ts)
  const partitions = await offsetsPartitionCount(opts.host, opts.port, runId);
  const lease = leaseOffsetsPartition(`${opts.host}:${opts.port}`, partitions);
  const opened: KafkaClient[] = [];
  try {
    const names = new RunNames(runId, { partitions, partition: lease.partition });
    const group = names.group(plan.scenario.groupId);
    return await withCleanup(
      ledger,
      () => connectToCoordinator(opts.host, opts.port, group),
      () =>
        runPlan(plan, opts, { runId, names, ledger, notes }, (c) => {
          opened.push(c);
          return c;
        }),
    );
  } finally {
    for (const c of opened) c.close();
    lease.release();
  }
}

/**
 * The broker's __consumer_offsets partition count (offsets.topic.num.partitions). A FindCoordinator for a group of the
 * run's makes the broker create the topic when it does not exist yet (it answers COORDINATOR_NOT_AVAILABLE meanwhile).
 */
async function offsetsPartitionCount(host: string, port: number, runId: string): Promise<number> {
  const client = await connectToCoordinator(host, port, `${runId}-locate`);
  try {
    return await waitFor(`the partitions of ${OFFSETS_TOPIC} in the metadata`, 30_000, async () => {
      const topic = (await client.metadata([OFFSETS_TOPIC])).get(OFFSETS_TOPIC);
      return topic?.errorCode === 0 && topic.partitions > 0 ? topic.partitions : undefined;
    });
  } finally {
    client.close();
  }
}

interface RunScope {
  runId: string;
  names: RunNames;
  ledger: RunLedger;
  notes: string[];
}

async function runPlan(plan: OraclePlan, opts: ExecuteOptions, scope: RunScope, track: (c: KafkaClient) => KafkaClient): Promise<ExecuteResult> {
  const started = Date.now();
  const { runId, names, ledger, notes } = scope;
  const group = names.group(plan.scenario.groupId);
  const scale = plan.timeScale;
  const roundTrips: number[] = [];

  // every group of the scenario, named up front: each gets the group configs, each one's shard is probed
  for (const g of planGroups(plan)) names.group(g);

  let client = track(await connectToCoordinator(opts.host, opts.port, group));
  // from here on the run may leave something on the broker: its clean-up deletes every group it names
  for (const g of names.groups) ledger.group(g);
  // changes are confirmed through the coordinator, on the client of the moment (a failover reconnects)
  const probe = new CoordinatorProbe(
    {
      streamsGroup: (api, version, data) => client.streamsGroup(api, version, data),
      createTopics: (topics) => client.createTopics(topics),
      alterGroupConfigs: (ids, configs) => client.alterGroupConfigs(ids, configs),
    },
    runId,
    { ledger },
  );
  const offsetPartitions = names.placement?.partitions ?? 1;
  /** Next offset to read, per __consumer_offsets partition that holds one of this run's groups (the run's own one). */
  const nextOffsets = new Map<number, number>();
  probe.watch(names.groups, offsetPartitions);
  /** Starts reading the partition of every group named so far from its end (before a request that names a new group). */
  const watchGroups = async () => {
    for (const g of names.groups) {
      const partition = offsetsPartitionOf(g, offsetPartitions);
      if (!nextOffsets.has(partition)) nextOffsets.set(partition, await client.endOffset(OFFSETS_TOPIC, partition));
    }
  };
  await watchGroups();

  // the scenario's group configs hold for every group it names (the simulator's are broker-wide)
  for (const g of names.groups) for (const name of Object.keys(plan.groupConfigs)) ledger.config(g, name);
  const alter = await client.alterGroupConfigs(names.groups, plan.groupConfigs);
  if (alter.errorCode !== 0) throw new Error(`IncrementalAlterConfigs on group ${alter.groupId} failed (error ${alter.errorCode}: ${alter.errorMessage ?? ''})`);
  await coordinatorLoaded(client, group);
  await probe.groupConfigsApplied();
  const initialTopics = plan.scenario.topics.map((t) => ({ name: names.topic(t.name), partitions: t.partitions }));
  await createTopics(client, initialTopics, ledger);
  await probe.topicsVisible(initialTopics);

  const readRecords = async () => {
    const out: { type: string; key: Record<string, unknown>; value: Record<string, unknown> | null }[] = [];
    // the run's own partition (with several, each partition's records in order, partitions in turn)
    for (const [partition, from] of [...nextOffsets].sort((a, b) => a[0] - b[0])) {
      const { records } = await client.readFrom(OFFSETS_TOPIC, partition, from);
      for (const r of records) {
        nextOffsets.set(partition, r.offset + 1);
        if (!r.key) continue;
        const d = decodeCoordinatorRecord(r.key, r.value);
        // every group of this run (a scenario may name several); not the probe groups nor other runs'
        const owner = RunNames.recordGroup(d.key);
        if (owner === undefined || !names.isRunGroup(owner)) continue;
        out.push(names.inbound(scaleBack({ type: d.type, key: d.key, value: d.value }, scale)) as (typeof out)[number]);
      }
    }
    return out;
  };

  const send = async (p: PlannedRequest) => {
    const request = names.outbound(p.api, p.request);
    for (const g of names.groups) ledger.group(g);
    if (p.api === 'IncrementalAlterConfigs') recordGroupConfigs(ledger, request);
    await watchGroups();
    const t0 = performance.now();
    const response = await (p.api === 'StreamsGroupHeartbeat' || p.api === 'StreamsGroupDescribe'
      ? client.streamsGroup(p.api, p.version, request, p.clientId)
      : client.raw(p.api, p.version, request, p.clientId));
    roundTrips.push(performance.now() - t0);
    // a shared broker lists every run's groups: keep this run's (a named normalisation)
    let own = p.api === 'ListGroups' ? names.keepRunGroups(response) : response;
    // the empty group id lives on partition 0, the run's groups on the run's own: the order of one partition (a named normalisation)
    if (p.api === 'DescribeGroups' && Array.isArray(request.groups) && Array.isArray(own.groups)) {
      own = { ...own, groups: inRequestOrder(request.groups as string[], own.groups as Record<string, unknown>[]) };
    }
    return scaleBack(names.inbound(own), scale) as Record<string, unknown>;
  };

  const steps: KafkaStepResult[] = [];
  for (const s of plan.steps) {
    opts.onStep?.(s.index, s.label);
    const result: KafkaStepResult = { index: s.index, label: s.label, kind: s.kind, response: null, exchanges: [], records: [] };
    switch (s.kind) {
      case 'request':
        if (s.request) result.response = await send(s.request);
        // the coordinator gets new group configs after the answer: wait until they hold, as the simulator's do at once
        if (s.request?.api === 'IncrementalAlterConfigs') await probe.groupConfigsApplied();
        break;
      case 'advance':
        await sleep(s.ms / scale);
        break;
      case 'run': {
        const t0 = Date.now();
        for (const x of s.exchanges) {
          await sleep((x.at - s.start) / scale - (Date.now() - t0));
          result.exchanges.push({ member: x.member, response: await send(x) });
        }
        await sleep((s.time - s.start) / scale - (Date.now() - t0));
        break;
      }
      case 'failover': {
        if (!opts.restart) throw new Error(`step ${s.index + 1}: a failover needs a broker that can be restarted`);
        client.close();
        await opts.restart();
        client = track(await connectToCoordinator(opts.host, opts.port, group, true));
        await coordinatorLoaded(client, group);
        break;
      }
      case 'topics': {
        // Each change is confirmed through the coordinator's shards (CoordinatorProbe), never by sleeping.
        const created = s.create.map((t) => ({ name: names.topic(t.name), partitions: t.partitions }));
        await createTopics(client, created, ledger);
        const deleted = s.delete.map((t) => names.topic(t));
        if (deleted.length > 0) {
          for (const r of await client.deleteTopics(deleted)) if (r.errorCode !== 0) throw new Error(`DeleteTopics ${r.name}: error ${r.errorCode}`);
          await probe.deletionApplied(deleted);
        }
        const grown = Object.entries(s.partitions).map(([t, n]) => ({ name: names.topic(t), partitions: n }));
        if (grown.length > 0) {
          const res = await client.createPartitions(Object.fromEntries(grown.map((t) => [t.name, t.partitions])));
          for (const r of res) if (r.errorCode !== 0) throw new Error(`CreatePartitions ${r.name}: error ${r.errorCode} ${r.errorMessage ?? ''}`);
        }
        await probe.topicsVisible([...created.filter((t) => !s.delete.some((d) => names.topic(d) === t.name)), ...grown]);
        break;
      }
    }
    result.records = await readRecords();
    steps.push(result);
  }
  client.close();
  const sorted = [...roundTrips].sort((a, b) => a - b);
  return {
    steps,
    runId,
    groupOnBroker: group,
    elapsedMs: Date.now() - started,
    medianRoundTripMs: sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null,
    notes,
  };
}

/** Waits until the group coordinator has loaded its partition (a Describe stops answering COORDINATOR_LOAD_IN_PROGRESS). */
async function coordinatorLoaded(client: KafkaClient, group: string): Promise<void> {
  await waitFor(`the coordinator of ${group} to load __consumer_offsets`, 60_000, async () => {
    const res = await client.streamsGroup('StreamsGroupDescribe', 0, { groupIds: [group], includeAuthorizedOperations: false });
    const code = ((res.groups as Record<string, unknown>[])[0]?.errorCode as number | undefined) ?? 0;
    // 14 COORDINATOR_LOAD_IN_PROGRESS, 15 COORDINATOR_NOT_AVAILABLE, 16 NOT_COORDINATOR: not yet
    return code === 14 || code === 15 || code === 16 ? undefined : true;
  });
}

/** The group configs an IncrementalAlterConfigs request of the scenario sets, recorded for the clean-up. */
function recordGroupConfigs(ledger: RunLedger, request: Record<string, unknown>): void {
  const objs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object') : []);
  for (const r of objs(request.resources)) {
    if (r.resourceType !== GROUP_RESOURCE || typeof r.resourceName !== 'string') continue;
    for (const c of objs(r.configs)) if (typeof c.name === 'string') ledger.config(r.resourceName, c.name);
  }
}

async function createTopics(client: KafkaClient, topics: { name: string; partitions: number }[], ledger: RunLedger): Promise<void> {
  if (topics.length === 0) return;
  for (const t of topics) ledger.topic(t.name);
  for (const r of await client.createTopics(topics)) {
    if (r.errorCode !== 0) throw new Error(`CreateTopics ${r.name}: error ${r.errorCode} ${r.errorMessage ?? ''}`);
  }
  await waitFor('created topics in the metadata', 30_000, async () => {
    const meta = await client.metadata(topics.map((t) => t.name));
    return topics.every((t) => meta.get(t.name)?.errorCode === 0 && meta.get(t.name)?.partitions === t.partitions) ? true : undefined;
  });
}

/**
 * Connects to the group's coordinator (FindCoordinator until it answers NONE; bounded). A refused connection fails at
 * once unless the broker is coming back from a restart (`retryConnect`).
 */
async function connectToCoordinator(host: string, port: number, group: string, retryConnect = false): Promise<KafkaClient> {
  const deadline = Date.now() + 60_000;
  for (let i = 0; ; i++) {
    let client: KafkaClient | undefined;
    try {
      client = await KafkaClient.connect(host, port);
      const c = await client.findCoordinator(group);
      if (c.errorCode === 0) {
        if (c.host === host && c.port === port) return client;
        client.close();
        return await KafkaClient.connect(c.host, c.port);
      }
      client.close();
    } catch (e) {
      client?.close();
      if (!retryConnect || Date.now() > deadline) throw e;
    }
    if (Date.now() > deadline) throw new Error(`no coordinator for group ${group} at ${host}:${port} within 60 s`);
    await sleep(Math.min(50 * 2 ** i, 1000));
  }
}
