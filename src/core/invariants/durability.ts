// The durability diff: the live coordinator against one that rebuilds itself from the log.
import type { Coordinator } from '../coordinator/runtime.ts';
import { diffState, hardState } from '../coordinator/snapshot.ts';
import { describeTasks } from '../model/tasks.ts';
import type { DurabilityReport, MemoryOnly } from './types.ts';

/** Replays the live coordinator's log into a fresh coordinator and compares. */
export function durabilityReport(live: Coordinator, rebuilt: Coordinator): DurabilityReport {
  const diff = diffState(hardState(live.groups), hardState(rebuilt.groups));
  const memoryOnly: MemoryOnly[] = [];
  for (const g of live.groups.values()) {
    for (const [id, p] of g.partialProgress) {
      const roles = Object.entries(p.stillOwned).map(([r, t]) => `${r}: ${t ? describeTasks(t) : '?'} still owned`);
      memoryOnly.push({ what: `group ${g.groupId}: partial revocation progress of ${id} at epoch ${p.memberEpoch} (${roles.join('; ') || 'nothing reported yet'})`, decisive: true });
    }
    if (g.shutdownRequester !== null) memoryOnly.push({ what: `group ${g.groupId}: the shutdown request of ${g.shutdownRequester}`, decisive: true });
    if (g.endpointInformationEpoch !== 0) memoryOnly.push({ what: `group ${g.groupId}: endpoint information epoch ${g.endpointInformationEpoch}`, decisive: false });
    if (g.configuredTopology !== null) memoryOnly.push({ what: `group ${g.groupId}: the cached configured topology (re-derived on the next heartbeat)`, decisive: false });
    if (g.taskOffsets.size > 0) memoryOnly.push({ what: `group ${g.groupId}: task offsets reported by ${[...g.taskOffsets.keys()].sort().join(', ')}`, decisive: false });
  }
  for (const t of live.timers.all()) {
    if (t.task.kind === 'initial-rebalance') memoryOnly.push({ what: `the initial rebalance delay timer of ${t.task.groupId} (due at ${t.deadline} ms)`, decisive: true });
  }
  return { diff, memoryOnly };
}
