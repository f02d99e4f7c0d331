import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StickyTaskAssignor } from '../../src/core/assignor/sticky.ts';
import { TaskAssignorException, type GroupAssignment } from '../../src/core/assignor/types.ts';
import { group, plain, topology, type MemberInit } from './helpers.ts';

interface Scenario {
  subtopologies: { partitions: number; stateful: boolean }[];
  members: { process: number; active: number[]; standby: number[]; warmup: number[]; offsets: [number, number][] }[];
  replicas: number;
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  subtopologies: fc.array(fc.record({ partitions: fc.integer({ min: 0, max: 6 }), stateful: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  members: fc.array(
    fc.record({
      process: fc.integer({ min: 0, max: 4 }),
      active: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 4 }),
      standby: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 3 }),
      warmup: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 2 }),
      offsets: fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 1000 })), { maxLength: 3 }),
    }),
    { maxLength: 8 },
  ),
  replicas: fc.integer({ min: 0, max: 2 }),
});

/** Task number n → (subtopology, partition), spread over the subtopologies (some land outside the topology). */
function taskOf(n: number, s: Scenario): [string, number] {
  const i = n % s.subtopologies.length;
  return [`s${i}`, Math.floor(n / s.subtopologies.length)];
}

function toRecord(ns: number[], s: Scenario): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const n of ns) {
    const [st, p] = taskOf(n, s);
    (out[st] ??= []).push(p);
  }
  return out;
}

function build(s: Scenario, fresh: boolean) {
  const members: [string, MemberInit][] = s.members.map((m, i) => {
    const offsets: Record<string, Record<number, number>> = {};
    for (const [n, o] of m.offsets) {
      const [st, p] = taskOf(n, s);
      (offsets[st] ??= {})[p] = o;
    }
    return [
      `member-${i}`,
      fresh ? { process: `proc-${m.process}` } : { process: `proc-${m.process}`, active: toRecord(m.active, s), standby: toRecord(m.standby, s), warmup: toRecord(m.warmup, s), offsets },
    ];
  });
  const spec = group(members, { 'num.standby.replicas': String(s.replicas), numStandbyReplicas: String(s.replicas) });
  const parts: Record<string, number> = {};
  const stateful: string[] = [];
  s.subtopologies.forEach((st, i) => {
    parts[`s${i}`] = st.partitions;
    if (st.stateful) stateful.push(`s${i}`);
  });
  return { spec, topo: topology(parts, stateful), parts, stateful };
}

function checkInvariants(s: Scenario, result: GroupAssignment, parts: Record<string, number>, stateful: string[], processOf: (m: string) => string) {
  const numProcesses = new Set(s.members.map((m) => m.process)).size;
  expect(result.members.size).toBe(s.members.length);
  for (const [sub, n] of Object.entries(parts)) {
    for (let p = 0; p < n; p++) {
      const activeHolders: string[] = [];
      const standbyHolders: string[] = [];
      for (const [id, a] of result.members) {
        if (a.activeTasks.get(sub)?.has(p)) activeHolders.push(id);
        if (a.standbyTasks.get(sub)?.has(p)) standbyHolders.push(id);
      }
      // every task active exactly once when members exist
      expect(activeHolders).toHaveLength(1);
      // no process holds a task twice, in any roles
      const processes = [...activeHolders, ...standbyHolders].map(processOf);
      expect(new Set(processes).size).toBe(processes.length);
      // standby count honoured as far as there are other processes; stateless tasks get none
      expect(standbyHolders).toHaveLength(stateful.includes(sub) ? Math.min(s.replicas, numProcesses - 1) : 0);
    }
  }
  // only tasks of the topology, never warm-ups
  for (const a of result.members.values()) {
    expect(a.warmupTasks.size).toBe(0);
    for (const [sub, ps] of [...a.activeTasks, ...a.standbyTasks]) for (const p of ps) expect(p).toBeLessThan(parts[sub] ?? 0);
  }
}

describe.each(['4.4', '4.2', '4.1', 'draft'] as const)('invariants over random groups [%s]', (flavour) => {
  const assignor = new StickyTaskAssignor({ flavour });

  it('assigns every task once, never twice per process, honours standbys, is deterministic', () => {
    fc.assert(
      fc.property(scenario, fc.boolean(), (s, fresh) => {
        const { spec, topo, parts, stateful } = build(s, fresh);
        const total = Object.values(parts).reduce((a, b) => a + b, 0);
        if (s.members.length === 0) {
          if (total > 0) expect(() => assignor.assign(spec, topo)).toThrow(TaskAssignorException);
          return;
        }
        let result: GroupAssignment;
        try {
          result = assignor.assign(spec, topo);
        } catch (e) {
          // the draft fails when every previous standby of a task sits on a process that already holds it (§7.3 ⚠)
          if (flavour === 'draft' && e instanceof TaskAssignorException && !fresh) return;
          throw e;
        }
        checkInvariants(s, result, parts, stateful, (m) => spec.members.get(m)!.processId);
        expect(plain(assignor.assign(spec, topo))).toEqual(plain(result));
      }),
      { numRuns: 300 },
    );
  });
});

describe.each(['4.4', '4.2'] as const)('balance and stability [%s]', (flavour) => {
  const assignor = new StickyTaskAssignor({ flavour });

  it('a fresh assignment spreads active tasks within one task per member', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        fc.pre(s.members.length > 0);
        const { spec, topo } = build(s, true);
        const counts = [...assignor.assign(spec, topo).members.values()].map((a) => [...a.activeTasks.values()].reduce((n, ps) => n + ps.size, 0));
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('feeding a fresh assignment back as the previous one keeps every active task in place', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        fc.pre(s.members.length > 0);
        const { spec, topo } = build(s, true);
        const first = plain(assignor.assign(spec, topo));
        const again = group(
          [...spec.members].map(([id, m]): [string, MemberInit] => [id, { process: m.processId, active: first[id]!.active, standby: first[id]!.standby }]),
          Object.fromEntries(spec.assignmentConfigs),
        );
        const second = plain(assignor.assign(again, topo));
        for (const id of Object.keys(first)) expect(second[id]!.active).toEqual(first[id]!.active);
      }),
      { numRuns: 300 },
    );
  });
});
