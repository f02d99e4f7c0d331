// Builds the data of a hand-crafted request from a member's state as the trace last showed it.
import type { TraceMemberView } from '../../core/scenario/types.ts';
import type { Json } from './scenario-text.ts';
import { compareTask, type Role } from './view.ts';

export type ListChoice = 'null' | 'empty' | 'list';

export interface HeartbeatForm {
  memberEpoch: number;
  lists: Record<Role, ListChoice>;
  /** Editable task lists per role, e.g. "0:0,1 1:2" */
  tasks: Record<Role, string>;
  includeTopology: boolean;
  extra: string;
}

export function tasksText(t: Record<string, number[]>): string {
  return Object.entries(t)
    .filter(([, p]) => p.length)
    .sort(([a], [b]) => compareTask(`${a}_0`, `${b}_0`))
    .map(([s, p]) => `${s}:${p.join(',')}`)
    .join(' ');
}

/** "0:0,1 1:2" -> [{subtopologyId:"0",partitions:[0,1]},{subtopologyId:"1",partitions:[2]}]; throws on bad input. */
export function parseTasksText(text: string): { subtopologyId: string; partitions: number[] }[] {
  const out: { subtopologyId: string; partitions: number[] }[] = [];
  for (const part of text.trim().split(/\s+/).filter(Boolean)) {
    const m = /^([^:]+):([\d,]*)$/.exec(part);
    if (!m) throw new Error(`"${part}" is not subtopology:partition,partition`);
    const partitions = m[2]!.split(',').filter(Boolean).map(Number);
    out.push({ subtopologyId: m[1]!, partitions });
  }
  return out;
}

export function initialForm(m: TraceMemberView | null): HeartbeatForm {
  const empty = { active: '', standby: '', warmup: '' };
  if (!m) return { memberEpoch: 0, lists: { active: 'empty', standby: 'empty', warmup: 'empty' }, tasks: empty, includeTopology: true, extra: '' };
  return {
    memberEpoch: m.memberEpoch,
    lists: { active: 'list', standby: 'list', warmup: 'list' },
    tasks: { active: tasksText(m.assigned.active), standby: tasksText(m.assigned.standby), warmup: tasksText(m.assigned.warmup) },
    includeTopology: false,
    extra: '',
  };
}

export function heartbeatData(f: HeartbeatForm, topology: Json | undefined, processId: string | null): Record<string, Json> {
  const data: Record<string, Json> = { memberEpoch: f.memberEpoch };
  if (f.memberEpoch === 0) {
    if (processId) data.processId = processId;
    data.rebalanceTimeoutMs = 300000;
  }
  if (f.includeTopology && topology !== undefined) data.topology = topology;
  const names = { active: 'activeTasks', standby: 'standbyTasks', warmup: 'warmupTasks' } as const;
  for (const r of ['active', 'standby', 'warmup'] as const) {
    const c = f.lists[r];
    data[names[r]] = c === 'null' ? null : c === 'empty' ? [] : (parseTasksText(f.tasks[r]) as unknown as Json);
  }
  if (f.extra.trim()) {
    const extra = JSON.parse(f.extra) as unknown;
    if (!extra || typeof extra !== 'object' || Array.isArray(extra)) throw new Error('Extra fields must be a JSON object');
    Object.assign(data, extra);
  }
  return data;
}
