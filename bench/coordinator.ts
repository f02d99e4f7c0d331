// Benchmarks of the coordinator: steady-state heartbeats per second in a stable 1,000-member group,
// and log replay in records per second on a 1M-record log. Medians over repeated runs.
import { pathToFileURL } from 'node:url';
import { Broker } from '../src/core/broker/broker.ts';
import { Config } from '../src/core/config.ts';
import { Coordinator } from '../src/core/coordinator/runtime.ts';
import {
  currentAssignmentRecord,
  groupMetadataRecord,
  memberMetadataRecord,
  releaseTaskValues,
  targetAssignmentMemberRecord,
  targetAssignmentMetadataRecord,
  topologyRecord,
} from '../src/core/coordinator/records.ts';
import { PartitionLog } from '../src/core/log/log.ts';
import type { CoordinatorRecord } from '../src/core/log/records.ts';
import { newMember } from '../src/core/model/member.ts';
import { taskSet, withEpoch } from '../src/core/model/tasks.ts';
import { editionNamed } from '../src/core/editions/index.ts';
import { median } from './stats.ts';

export interface Row {
  name: string;
  median: number;
  unit: string;
  /** The same rate per second of the process's CPU time (all its threads): steadier than wall time on a busy machine. */
  medianPerCpuSecond?: number;
  runs: number;
  peakHeapMb: number;
}

const heapMb = () => process.memoryUsage().heapUsed / 2 ** 20;
const CLIENT = { clientId: 'bench', clientHost: '/127.0.0.1' };
const TOPOLOGY = {
  epoch: 0,
  subtopologies: [
    { subtopologyId: '0', sourceTopics: ['in'] },
    { subtopologyId: '1', sourceTopics: ['in2'] },
  ],
};

/** A stable group of `n` members (one per process) over 2 x n tasks. */
export function stableGroup(n: number): Broker {
  const config = Config.from({ 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0 });
  const broker = new Broker({ edition: editionNamed('ak4'), variant: 'current', config }, [
    ['in', n],
    ['in2', n],
  ]);
  const join = (i: number) =>
    broker.send(
      'StreamsGroupHeartbeat',
      1,
      { groupId: 'app', memberId: `m${i}`, memberEpoch: 0, rebalanceTimeoutMs: 300000, topology: TOPOLOGY, activeTasks: [], standbyTasks: [], warmupTasks: [], processId: `p${i}` },
      CLIENT,
    );
  for (let i = 0; i < n; i++) join(i);
  // everybody heartbeats with full reports until the group is stable
  for (let round = 0; round < 10; round++) {
    const g = broker.coordinator.groups.get('app')!;
    if (g.state() === 'STABLE') break;
    for (const m of [...g.members.values()]) {
      const owned = (role: 'standby' | 'warmup') => [...m.assignedTasks[role]].map(([s, ps]) => ({ subtopologyId: s, partitions: [...ps] }));
      const active = [...m.assignedTasks.active].map(([s, ps]) => ({ subtopologyId: s, partitions: [...ps.keys()] }));
      broker.send(
        'StreamsGroupHeartbeat',
        1,
        { groupId: 'app', memberId: m.memberId, memberEpoch: m.memberEpoch, activeTasks: active, standbyTasks: owned('standby'), warmupTasks: owned('warmup') },
        CLIENT,
      );
    }
  }
  if (broker.coordinator.groups.get('app')!.state() !== 'STABLE') throw new Error('the benchmark group did not stabilise');
  return broker;
}

export function benchHeartbeats(members = 1000, perRun = 200000, runs = 7): Row {
  const broker = stableGroup(members);
  const g = broker.coordinator.groups.get('app')!;
  const requests = [...g.members.values()].map((m) => ({ groupId: 'app', memberId: m.memberId, memberEpoch: m.memberEpoch, endpointInformationEpoch: 0 }));
  const rates: number[] = [];
  let peak = heapMb();
  for (let r = 0; r < runs + 1; r++) {
    const t0 = performance.now();
    for (let i = 0; i < perRun; i++) {
      const out = broker.send('StreamsGroupHeartbeat', 1, requests[i % requests.length]!, CLIENT);
      if (out.errorName !== 'NONE') throw new Error(`heartbeat failed: ${out.errorName}`);
    }
    const dt = performance.now() - t0;
    if (r > 0) rates.push(perRun / (dt / 1000)); // the first run warms up
    peak = Math.max(peak, heapMb());
  }
  return { name: `steady-state heartbeats, ${members}-member stable group`, median: median(rates), unit: 'heartbeats/s', runs, peakHeapMb: peak };
}

/** A valid 1M-record log: one group of 1,000 members whose assignments keep moving. */
export function syntheticLog(records = 1_000_000, members = 1000): PartitionLog {
  const log = new PartitionLog();
  const groupId = 'app';
  const batch: CoordinatorRecord[] = [
    topologyRecord(groupId, {
      epoch: 0,
      subtopologies: TOPOLOGY.subtopologies.map((s) => ({
        subtopologyId: s.subtopologyId,
        sourceTopics: s.sourceTopics,
        sourceTopicRegex: [],
        stateChangelogTopics: [],
        repartitionSinkTopics: [],
        repartitionSourceTopics: [],
        copartitionGroups: [],
      })),
    }),
  ];
  for (let i = 0; i < members; i++) batch.push(memberMetadataRecord(groupId, { ...newMember(`m${i}`), processId: `p${i}`, rebalanceTimeoutMs: 300000, clientId: 'c', clientHost: '/127.0.0.1' }));
  log.append(batch, 0);
  let epoch = 1;
  let written = batch.length;
  while (written < records) {
    epoch += 1;
    const b: CoordinatorRecord[] = [groupMetadataRecord(groupId, { epoch, metadataHash: 1, validatedTopologyEpoch: 0, lastAssignmentConfigs: [{ key: 'num.standby.replicas', value: '0' }] })];
    for (let i = 0; i < members && written + b.length < records - 1; i++) {
      const p = (i + epoch) % members;
      const t = { active: taskSet({ '0': [p], '1': [p] }), standby: taskSet({}), warmup: taskSet({}) };
      b.push(targetAssignmentMemberRecord(groupId, `m${i}`, t));
      b.push(
        currentAssignmentRecord(
          groupId,
          {
            ...newMember(`m${i}`),
            processId: `p${i}`,
            memberEpoch: epoch,
            previousMemberEpoch: epoch - 1,
            assignedTasks: { active: withEpoch(t.active, epoch), standby: t.standby, warmup: t.warmup },
          },
          true,
        ),
      );
    }
    b.push(targetAssignmentMetadataRecord(groupId, epoch, epoch));
    // as the runtime leaves records once it has replayed them: not keeping the task values they were made from
    for (const r of b) releaseTaskValues(r);
    log.append(b, epoch);
    written += b.length;
  }
  return log;
}

export function benchReplay(records = 1_000_000, runs = 5): Row {
  const log = syntheticLog(records);
  const config = Config.from({});
  const rates: number[] = [];
  const cpuRates: number[] = [];
  let peak = heapMb();
  for (let r = 0; r < runs + 1; r++) {
    // start each run from a collected heap (node --expose-gc), so building the log is not billed to replay
    (globalThis as { gc?: () => void }).gc?.();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const c = new Coordinator({ edition: editionNamed('ak4'), variant: 'current', config }, log, 0);
    const dt = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    if (c.groups.get('app')!.members.size !== 1000) throw new Error('replay lost members');
    if (r > 0) {
      rates.push(log.endOffset / (dt / 1000));
      cpuRates.push(log.endOffset / ((cpu.user + cpu.system) / 1e6));
    }
    peak = Math.max(peak, heapMb());
  }
  return {
    name: `log replay, ${log.endOffset.toLocaleString('en')}-record log`,
    median: median(rates),
    unit: 'records/s',
    medianPerCpuSecond: median(cpuRates),
    runs,
    peakHeapMb: peak,
  };
}

export function printRows(rows: Row[]): void {
  for (const r of rows) {
    const cpu = r.medianPerCpuSecond === undefined ? '' : `, ${Math.round(r.medianPerCpuSecond).toLocaleString('en')} per CPU second`;
    console.log(`${r.name.padEnd(52)} median ${Math.round(r.median).toLocaleString('en').padStart(12)} ${r.unit.padEnd(13)} (${r.runs} runs${cpu}, peak heap ${r.peakHeapMb.toFixed(0)} MB)`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const which = process.argv[2];
  printRows(which === 'replay' ? [benchReplay()] : which === 'heartbeats' ? [benchHeartbeats()] : [benchReplay(), benchHeartbeats()]);
}
