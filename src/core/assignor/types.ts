// The assignor API (Kafka's org.apache.kafka.coordinator.group.api.streams.assignor).

import type { TaskSet } from '../model/tasks.ts';

/** One member as the assignor sees it; the task sets are its "previous" assignment: [4.4] the member's assigned tasks, draft its current target. */
export interface AssignmentMemberSpec {
  readonly instanceId: string | null;
  readonly rackId: string | null;
  readonly activeTasks: TaskSet;
  readonly standbyTasks: TaskSet;
  readonly warmupTasks: TaskSet;
  readonly processId: string;
  readonly clientTags: ReadonlyMap<string, string>;
  /** Reported task offset sums: subtopologyId → partition → offset sum. */
  readonly taskOffsets: ReadonlyMap<string, ReadonlyMap<number, number>>;
  readonly taskEndOffsets: ReadonlyMap<string, ReadonlyMap<number, number>>;
}

export interface GroupSpec {
  /** Iteration order = the coordinator's member HashMap order, which the caller provides. */
  readonly members: ReadonlyMap<string, AssignmentMemberSpec>;
  /** E.g. `num.standby.replicas`, `rack.aware.assignment.tags` (draft: `numStandbyReplicas`). */
  readonly assignmentConfigs: ReadonlyMap<string, string>;
}

/** A describer answers the same for its whole life (the coordinator keeps one per configured topology): what the assignor derives from it may be kept on it. */
export interface TopologyDescriber {
  /** Subtopology ids, sorted. */
  subtopologies(): string[];
  /** Number of tasks of the subtopology (the draft may report -1 for an unknown source topic). */
  maxNumInputPartitions(subtopologyId: string): number;
  isStateful(subtopologyId: string): boolean;
}

export interface MemberAssignment {
  readonly activeTasks: TaskSet;
  readonly standbyTasks: TaskSet;
  readonly warmupTasks: TaskSet;
}

export interface GroupAssignment {
  readonly members: Map<string, MemberAssignment>;
}

export interface TaskAssignor {
  readonly name: string;
  assign(groupSpec: GroupSpec, topology: TopologyDescriber): GroupAssignment;
}

/** Thrown where the Java assignor throws; the coordinator maps it to UNKNOWN_SERVER_ERROR. */
export class TaskAssignorException extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskAssignorException';
  }
}
