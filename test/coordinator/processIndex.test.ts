// The group's process-id indexes against the plain updateMember rule (remove the old member's process ids, add the
// new member's), over random member updates that often keep the same task values (the shortcut in putMember).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { StreamsGroup } from '../../src/core/coordinator/group.ts';
import { newMember, type StreamsGroupMember } from '../../src/core/model/member.ts';
import { EMPTY_SET, taskSet, withEpoch, type TasksTuple, type TasksTupleWithEpochs } from '../../src/core/model/tasks.ts';

/** A few task values, shared by identity between updates (as replay shares them). */
const ASSIGNED: TasksTupleWithEpochs[] = [
  { active: withEpoch(taskSet({ '0': [0, 1] }), 1), standby: taskSet({ '0': [2] }), warmup: EMPTY_SET },
  { active: withEpoch(taskSet({ '0': [1] }), 2), standby: EMPTY_SET, warmup: taskSet({ '0': [0] }) },
  { active: withEpoch(taskSet({ '0': [2], '1': [0] }), 1), standby: taskSet({ '0': [0, 1] }), warmup: EMPTY_SET },
];
const PENDING: TasksTuple[] = [
  { active: EMPTY_SET, standby: EMPTY_SET, warmup: EMPTY_SET },
  { active: taskSet({ '0': [2] }), standby: taskSet({ '0': [1] }), warmup: EMPTY_SET },
];

/** updateMember's rule, as Kafka states it: every old process id out, every new one in. */
class Reference {
  active = new Map<string, string>();
  standby = new Map<string, Set<string>>();
  warmup = new Map<string, Set<string>>();
  members = new Map<string, StreamsGroupMember>();

  copy(): Reference {
    const r = new Reference();
    r.active = new Map(this.active);
    for (const [k, v] of this.standby) r.standby.set(k, new Set(v));
    for (const [k, v] of this.warmup) r.warmup.set(k, new Set(v));
    r.members = new Map(this.members);
    return r;
  }

  put(m: StreamsGroupMember): void {
    const old = this.members.get(m.memberId);
    if (old) this.remove(old);
    this.members.set(m.memberId, m);
    this.add(m);
  }

  drop(id: string): void {
    const old = this.members.get(id);
    if (!old) return;
    this.remove(old);
    this.members.delete(id);
  }

  private each(t: ReadonlyMap<string, ReadonlySet<number> | ReadonlyMap<number, number>>, f: (k: string) => void): void {
    for (const [s, ps] of t) for (const p of ps.keys()) f(`${s}_${p}`);
  }

  private add(m: StreamsGroupMember): void {
    const pid = m.processId;
    this.each(m.assignedTasks.active, (k) => this.active.set(k, pid));
    this.each(m.tasksPendingRevocation.active, (k) => this.active.set(k, pid));
    for (const [idx, t] of [
      [this.standby, m.assignedTasks.standby],
      [this.standby, m.tasksPendingRevocation.standby],
      [this.warmup, m.assignedTasks.warmup],
      [this.warmup, m.tasksPendingRevocation.warmup],
    ] as const) {
      this.each(t, (k) => idx.set(k, (idx.get(k) ?? new Set()).add(pid)));
    }
  }

  private remove(m: StreamsGroupMember): void {
    const pid = m.processId;
    const del = (k: string) => {
      if (this.active.get(k) === pid) this.active.delete(k);
    };
    this.each(m.assignedTasks.active, del);
    this.each(m.tasksPendingRevocation.active, del);
    for (const [idx, t] of [
      [this.standby, m.assignedTasks.standby],
      [this.standby, m.tasksPendingRevocation.standby],
      [this.warmup, m.assignedTasks.warmup],
      [this.warmup, m.tasksPendingRevocation.warmup],
    ] as const) {
      this.each(t, (k) => {
        const set = idx.get(k);
        set?.delete(pid);
        if (set?.size === 0) idx.delete(k);
      });
    }
  }
}

const op = fc.oneof(
  fc.record({
    kind: fc.constant('put' as const),
    id: fc.constantFrom('a', 'b', 'c'),
    pid: fc.constantFrom('p1', 'p2'),
    assigned: fc.nat(ASSIGNED.length - 1),
    pending: fc.nat(PENDING.length - 1),
    epoch: fc.nat(5),
    clone: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.constantFrom('a', 'b', 'c'), clone: fc.boolean() }),
);

function expectIndexes(g: StreamsGroup, ref: Reference): void {
  for (const s of ['0', '1']) {
    for (let p = 0; p < 3; p++) {
      const k = `${s}_${p}`;
      expect(g.activeTaskProcessId.get(s)?.get(p), k).toBe(ref.active.get(k));
      expect([...(g.standbyTaskProcessIds.get(s)?.get(p) ?? [])].sort(), k).toEqual([...(ref.standby.get(k) ?? [])].sort());
      expect([...(g.warmupTaskProcessIds.get(s)?.get(p) ?? [])].sort(), k).toEqual([...(ref.warmup.get(k) ?? [])].sort());
    }
  }
}

describe('process-id indexes', () => {
  it('follow updateMember exactly, with and without clones in between; a cloned group keeps its own', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let g = new StreamsGroup('app');
        let ref = new Reference();
        // the groups cloned from, with what their indexes held then (the clone's writes must not reach them)
        const originals: { g: StreamsGroup; ref: Reference }[] = [];
        for (const o of ops) {
          if (o.clone) {
            originals.push({ g, ref });
            g = g.clone();
            ref = ref.copy();
          }
          if (o.kind === 'remove') {
            g.removeMember(o.id);
            ref.drop(o.id);
          } else {
            const m: StreamsGroupMember = { ...newMember(o.id), memberEpoch: o.epoch, processId: o.pid, assignedTasks: ASSIGNED[o.assigned]!, tasksPendingRevocation: PENDING[o.pending]! };
            g.putMember(m);
            ref.put(m);
          }
          expectIndexes(g, ref);
        }
        for (const o of originals) expectIndexes(o.g, o.ref);
      }),
      { numRuns: 300 },
    );
  });
});
