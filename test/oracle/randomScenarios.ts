// Seeded random request sequences for the differential suite: simulated Java clients (some static, some sharing a
// process) join, heartbeat, leave and crash; raw heartbeats carry random owned-task lists (null, empty, subsets,
// all-or-none violations) and stale or future epochs; topics appear and grow; describes; and (optionally) failovers.
// Timeouts stay far from the steps (no clock moves), so every sequence can run on a real broker.
import { Random } from '../../src/core/util/random.ts';

export interface RandomScenarioOptions {
  steps: number;
  failover: boolean;
}

type Json = Record<string, unknown>;

export function randomScenario(seed: number, opts: RandomScenarioOptions): Json {
  const rng = new Random(seed);
  const topics = [{ name: 'in0', partitions: 1 + rng.int(6) }];
  if (rng.int(2) === 0) topics.push({ name: 'in1', partitions: 1 + rng.int(6) });
  const subtopologies = topics.map((t, i) => ({ subtopologyId: String(i), sourceTopics: [t.name] }));
  const clientCount = 2 + rng.int(3);
  const clients: Record<string, Json> = {};
  const aliases: string[] = [];
  // even seeds: member ids shaped like the Java client's (Uuid.randomUuid().toString(), 22 base64url characters),
  // from their own stream, so ids share HashMap buckets and member-table slots as real groups' do
  const idRng = seed % 2 === 0 ? new Random(seed * 7919 + 1) : null;
  for (let i = 0; i < clientCount; i++) {
    const alias = idRng ? javaMemberId(idRng) : String.fromCharCode(97 + i);
    aliases.push(alias);
    const spec: Json = { profile: 'java', processId: `p${rng.int(2) === 0 ? i : 0}` };
    if (rng.int(3) === 0) spec.instanceId = `i-${alias}`;
    clients[alias] = spec;
  }
  const joined = new Set<string>();
  const crashed = new Set<string>();
  const steps: Json[] = [];
  const partitions = new Map(topics.map((t) => [t.name, t.partitions]));
  let created = 0;
  const failoverAt = opts.failover ? 3 + rng.int(Math.max(1, opts.steps - 4)) : -1;
  for (let i = 0; i < opts.steps; i++) {
    if (i === failoverAt) {
      steps.push({ failover: true });
      continue;
    }
    const alias = rng.pick(aliases);
    const roll = rng.int(100);
    if (!joined.has(alias) && roll < 60) {
      steps.push({ client: alias, do: crashed.has(alias) ? 'restart' : 'join' });
      joined.add(alias);
      crashed.delete(alias);
    } else if (joined.has(alias) && roll < 45) {
      steps.push({ client: alias, do: 'heartbeat' });
    } else if (joined.has(alias) && roll < 55) {
      steps.push({ client: alias, do: 'leave' });
      joined.delete(alias);
    } else if (joined.has(alias) && roll < 60) {
      steps.push({ client: alias, do: 'crash' });
      joined.delete(alias);
      crashed.add(alias);
    } else if (roll < 80) {
      steps.push(
        rawHeartbeat(
          rng,
          alias,
          topics.map((t) => t.name),
          partitions,
        ),
      );
    } else if (roll < 88) {
      const t = rng.pick(topics);
      const before = partitions.get(t.name)!;
      const n = Math.min(before + 1 + rng.int(2), 12);
      partitions.set(t.name, n);
      // CreatePartitions only grows a topic (INVALID_PARTITIONS "Topic already has N partition(s)." otherwise)
      if (n > before) steps.push({ topics: { partitions: { [t.name]: n } } });
    } else if (roll < 92 && created < 2) {
      steps.push({ topics: { create: [{ name: `extra${created++}`, partitions: 1 + rng.int(3) }] } });
    } else {
      steps.push({ send: 'StreamsGroupDescribe', data: { groupIds: ['app'] } });
    }
  }
  return {
    format: 1,
    title: `random sequence ${seed}`,
    config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0 },
    topics,
    topology: { epoch: 0, subtopologies },
    clients,
    steps,
  };
}

/** A raw heartbeat of an alias's member: a random epoch near its own and random owned-task lists. */
function rawHeartbeat(rng: Random, alias: string, topicNames: string[], partitions: Map<string, number>): Json {
  const list = (): unknown => {
    const k = rng.int(4);
    if (k === 0) return null;
    if (k === 1) return [];
    const out: Json[] = [];
    topicNames.forEach((t, i) => {
      const ps = [...Array(partitions.get(t)!).keys()].filter(() => rng.int(2) === 0);
      if (ps.length > 0) out.push({ subtopologyId: String(i), partitions: ps });
    });
    return out;
  };
  const lists =
    rng.int(3) === 0
      ? [list(), list(), list()]
      : (() => {
          const a = list();
          return a === null ? [null, null, null] : [a, [], []];
        })();
  const epoch = rng.pick([1, 2, 3, 5, 99, -1]);
  return {
    send: 'StreamsGroupHeartbeat',
    version: 1,
    member: alias,
    data: { memberEpoch: epoch, activeTasks: lists[0], standbyTasks: lists[1], warmupTasks: lists[2] },
  };
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A member id as the Java client makes one (a random Uuid in base64url, 22 characters). */
function javaMemberId(rng: Random): string {
  return Array.from({ length: 22 }, (_, i) => BASE64URL[i === 21 ? rng.int(4) * 16 : rng.int(64)]).join('');
}
