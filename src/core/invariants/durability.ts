// The durability diff: the live coordinator against one that rebuilds itself from the log.
import { Coordinator } from '../coordinator/runtime.ts';
import type { StreamsGroup } from '../coordinator/group.ts';
import { replay, type Groups } from '../coordinator/replay.ts';
import { diffState, groupScalars, hardState, memberHardState, targetHardState } from '../coordinator/snapshot.ts';
import { timerKey } from '../coordinator/timers.ts';
import type { PartitionLog } from '../log/log.ts';
import { pushAll } from '../util/arrays.ts';
import { describeTasks } from '../model/tasks.ts';
import type { DurabilityReport, MemoryOnly } from './types.ts';
import { SortedText } from '../util/sortedText.ts';

/** Replays the live coordinator's log into a fresh coordinator and compares. */
export function durabilityReport(live: Coordinator, rebuilt: Coordinator): DurabilityReport {
  return { diff: diffState(hardState(live.groups), hardState(rebuilt.groups)), memoryOnly: memoryOnlyOf(live) };
}

/** What only the live coordinator's memory holds (lost on failover), decisive or not. */
function memoryOnlyOf(live: Coordinator): MemoryOnly[] {
  const memoryOnly: MemoryOnly[] = [];
  for (const g of live.groups.values()) {
    for (const [id, p] of g.partialProgress) {
      const roles = Object.entries(p.stillOwned).map(([r, t]) => `${r}: ${t ? describeTasks(t) : '?'} still owned`);
      memoryOnly.push({ what: `group ${g.groupId}: partial revocation progress of ${id} at epoch ${p.memberEpoch} (${roles.join('; ') || 'nothing reported yet'})`, decisive: true });
    }
    if (g.shutdownRequester !== null) memoryOnly.push({ what: `group ${g.groupId}: the shutdown request of ${g.shutdownRequester}`, decisive: true });
    if (g.endpointInformationEpoch !== 0) memoryOnly.push({ what: `group ${g.groupId}: endpoint information epoch ${g.endpointInformationEpoch}`, decisive: false });
    if (g.configuredTopology !== null)
      memoryOnly.push(
        g.readinessFromConfiguredTopology
          ? { what: `group ${g.groupId}: the configured topology its readiness rests on (Kafka 4.1; re-derived on the next heartbeat)`, decisive: true }
          : { what: `group ${g.groupId}: the cached configured topology (re-derived on the next heartbeat)`, decisive: false },
      );
    if (g.taskOffsets.size > 0) memoryOnly.push({ what: `group ${g.groupId}: task offsets reported by ${taskOffsetReporters(g)}`, decisive: false });
  }
  // the initial rebalance delay timers, in firing order (looked up per group: the other timers are many)
  const initial = [...live.groups.keys()].flatMap((id) => live.timers.get(timerKey({ kind: 'initial-rebalance', groupId: id })) ?? []);
  initial.sort((a, b) => a.deadline - b.deadline || a.seq - b.seq);
  for (const t of initial) memoryOnly.push({ what: `the initial rebalance delay timer of ${(t.task as { groupId: string }).groupId} (due at ${t.deadline} ms)`, decisive: true });
  return memoryOnly;
}

/** Per group: the members with task offsets in id order, kept from the writes the group reports. */
const reporters = new WeakMap<StreamsGroup, { written: Set<string>; ids: SortedText }>();

/** The ids of the members whose task offsets the group holds, in order, comma-separated (O(change) per call for a large group). */
function taskOffsetReporters(g: StreamsGroup): string {
  // small groups (exploration copies many): sorted directly, nothing kept
  if (g.taskOffsets.size <= 32 && !reporters.has(g)) return [...g.taskOffsets.keys()].sort().join(', ');
  let r = reporters.get(g);
  if (r === undefined) {
    reporters.set(g, (r = { written: g.watchMemberWrites(), ids: new SortedText(', ') }));
    for (const id of g.taskOffsets.keys()) r.ids.add(id);
  }
  for (const id of r.written) {
    if (g.taskOffsets.has(id)) r.ids.add(id);
    else r.ids.delete(id);
  }
  r.written.clear();
  return r.ids.text();
}

/**
 * The durability check of a run, at the cost of what each step changed: a shadow of the groups is kept by
 * replaying only the batches appended since the last step, and compared with the live groups only where
 * either side changed: the members and targets either group reports written since the last step, and those that
 * differed then (members and targets are immutable values, so an unchanged one is the same object).
 * A full replay (a fresh coordinator loading the whole log) runs every `fullEvery` steps, after a failover
 * (a new log) and whenever the log is not the one the shadow follows.
 */
export class DurabilityTracker {
  private shadow: Groups | null = null;
  private log: PartitionLog | null = null;
  private replayedTo = 0;
  private sinceFull = 0;
  /**
   * Per group: the two group objects compared and the members and targets written in each since (see
   * StreamsGroup.watchMemberWrites), the keys that differed, the collections versions when all was equal, and per
   * member / target the two values last found equal.
   */
  private readonly equal = new Map<
    string,
    {
      lg: StreamsGroup;
      sg: StreamsGroup;
      liveWrites: Set<string>;
      shadowWrites: Set<string>;
      differing: Set<string>;
      live: object | null;
      shadow: object | null;
      members: Map<string, [unknown, unknown]>;
      targets: Map<string, [unknown, unknown]>;
    }
  >();

  constructor(private readonly fullEvery = 1000) {}

  report(live: Coordinator): DurabilityReport {
    const log = live.log;
    if (this.shadow === null || log !== this.log || log.endOffset < this.replayedTo || ++this.sinceFull >= this.fullEvery) {
      this.shadow = new Coordinator(live.options, log, live.now).groups;
      this.equal.clear();
      this.sinceFull = 0;
    } else {
      for (const b of log.batchesFrom(this.replayedTo)) for (const r of b.records) replay(this.shadow, r, live.options.edition);
    }
    this.log = log;
    this.replayedTo = log.endOffset;
    return { diff: this.diff(live.groups, this.shadow), memoryOnly: memoryOnlyOf(live) };
  }

  private diff(live: Groups, shadow: Groups): DurabilityReport['diff'] {
    const out: DurabilityReport['diff'] = [];
    for (const id of new Set([...live.keys(), ...shadow.keys()])) {
      const lg = live.get(id);
      const sg = shadow.get(id);
      if (!lg || !sg) {
        this.equal.delete(id);
        const one = (g: StreamsGroup | undefined) => (g ? hardState(new Map([[id, g]]))[id] : undefined);
        pushAll(out, diffState(one(lg), one(sg), id));
        continue;
      }
      const scalars = [groupScalars(lg), groupScalars(sg)] as const;
      if (!sameValue(scalars[0], scalars[1])) pushAll(out, diffState(scalars[0], scalars[1], id));
      let memo = this.equal.get(id);
      if (memo && memo.live === lg.collectionsVersion && memo.shadow === sg.collectionsVersion) continue;
      // the same two group objects as last time: only the members and targets written since, and those that differed
      let keys: Iterable<string>;
      if (memo && memo.lg === lg && memo.sg === sg) {
        keys = new Set([...memo.liveWrites, ...memo.shadowWrites, ...memo.differing]);
      } else {
        memo = { lg, sg, liveWrites: lg.watchMemberWrites(), shadowWrites: sg.watchMemberWrites(), differing: new Set(), live: null, shadow: null, members: new Map(), targets: new Map() };
        this.equal.set(id, memo);
        keys = new Set([...lg.members.keys(), ...sg.members.keys(), ...lg.targetAssignment.keys(), ...sg.targetAssignment.keys()]);
      }
      memo.liveWrites.clear();
      memo.shadowWrites.clear();
      memo.differing.clear();
      const before = out.length;
      for (const key of keys) {
        const a = out.length;
        compareEntry(key, lg.members, sg.members, memo.members, `${id}.members`, memberHardState, out);
        compareEntry(key, lg.targetAssignment, sg.targetAssignment, memo.targets, `${id}.targetAssignment`, targetHardState, out);
        if (out.length > a) memo.differing.add(key);
      }
      // equal everywhere: unchanged collections on both sides need no look next time
      memo.live = out.length === before ? lg.collectionsVersion : null;
      memo.shadow = out.length === before ? sg.collectionsVersion : null;
    }
    for (const id of this.equal.keys()) if (!live.has(id) || !shadow.has(id)) this.equal.delete(id);
    // in the order a diff of the whole snapshots lists them: by path, key by key
    return out.sort((a, b) => comparePaths(a.path, b.path));
  }
}

/** Compares one key of two maps, unless both values are the ones last found equal. */
function compareEntry<T>(
  key: string,
  live: ReadonlyMap<string, T>,
  shadow: ReadonlyMap<string, T>,
  equal: Map<string, [unknown, unknown]>,
  path: string,
  snapshot: (v: T) => unknown,
  out: DurabilityReport['diff'],
): void {
  const l = live.get(key);
  const s = shadow.get(key);
  if (l === undefined && s === undefined) {
    equal.delete(key);
    return;
  }
  const seen = equal.get(key);
  if (seen && seen[0] === l && seen[1] === s) return;
  const a = l === undefined ? undefined : snapshot(l);
  const b = s === undefined ? undefined : snapshot(s);
  // the same plain values, key for key in the same order, print the same JSON: equal without printing either
  const d = sameValue(a, b) ? [] : diffState(a, b, `${path}.${key}`);
  if (d.length === 0) equal.set(key, [l, s]);
  else {
    equal.delete(key);
    pushAll(out, d);
  }
}

/** Whether two plain values are the same, keys in the same order and primitives identical (then their JSON is the same). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

function comparePaths(a: string, b: string): number {
  const x = a.split('.');
  const y = b.split('.');
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length - y.length;
}
