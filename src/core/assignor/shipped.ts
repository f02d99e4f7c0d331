// The shipped sticky assignor ([4.4] and [4.2], ak4-shipped §5) on top of the shared passes.

import { assignActive } from './active.ts';
import { withArena, type Arena } from './arena.ts';
import { shippedConfigs } from './configs.ts';
import type { FlavourRules } from './flavours.ts';
import { buildGroupAssignment } from './output.ts';
import { Quota, type Quotas } from './quotas.ts';
import { assignStandby, type StandbyWarning } from './standby.ts';
import { AssignmentState } from './state.ts';
import { taskIndexOf } from './task-index.ts';
import type { GroupAssignment, GroupSpec, TopologyDescriber } from './types.ts';

export function assignShipped(groupSpec: GroupSpec, topology: TopologyDescriber, rules: FlavourRules, onWarning?: (w: StandbyWarning) => void): GroupAssignment {
  const warnings: StandbyWarning[] = [];
  const result = withArena((arena) => assignInArena(groupSpec, topology, rules, warnings, arena));
  // (called once the run is over: a callback that assigns again cannot disturb it)
  for (const w of warnings) onWarning?.(w);
  return result;
}

function assignInArena(groupSpec: GroupSpec, topology: TopologyDescriber, rules: FlavourRules, warnings: StandbyWarning[], arena: Arena): GroupAssignment {
  const configs = shippedConfigs(groupSpec.assignmentConfigs, rules.rackAwareStandbys);
  const tasks = taskIndexOf(topology);
  const state = new AssignmentState(tasks, groupSpec, configs.numStandbyReplicas, rules, arena);
  const numMembers = state.memberIds.length;
  // §5.1 quotas: S stateful active, A all active, T = A + S·numStandbyReplicas, over n members
  const quotas: Quotas = {
    statefulActive: new Quota(tasks.reportedStatefulTasks, numMembers),
    active: new Quota(tasks.reportedTasks, numMembers),
    total: new Quota(tasks.reportedTasks + tasks.reportedStatefulTasks * configs.numStandbyReplicas, numMembers),
  };

  if (rules.splitStatefulActivePass) {
    // [4.4] stateful tasks first (their own quota), then stateless ones fill up the active capacity
    assignActive(state, quotas, 'stateful', { stateful: true, statelessLoadTieBreak: rules.statelessLoadTieBreak });
    assignActive(state, quotas, 'stateless', { stateful: false, statelessLoadTieBreak: rules.statelessLoadTieBreak });
  } else {
    // [4.2] one active pass over all tasks
    assignActive(state, quotas, 'all', { stateful: false, statelessLoadTieBreak: false });
  }

  if (configs.numStandbyReplicas > 0) {
    const tags = rules.rackAwareStandbys ? configs.rackAwareAssignmentTags : [];
    for (const w of assignStandby(state, quotas, tags)) warnings.push(w);
  }

  return buildGroupAssignment(tasks, state.memberIds, state.activeOwner, state.holders, state.holderCount, state.stride, arena);
}
