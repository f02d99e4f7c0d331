// The configs one streams group heartbeat reads, read once per Config (a Config never changes): a heartbeat reads
// them all, and the explorer sends tens of thousands.
import type { Config } from '../config.ts';

export interface HeartbeatConfigs {
  readonly maxSize: number;
  readonly initialRebalanceDelayMs: number;
  readonly assignmentIntervalMs: number;
  readonly sessionTimeoutMs: number;
  readonly heartbeatIntervalMs: number;
  readonly taskOffsetIntervalMs: number;
  readonly acceptableRecoveryLag: number;
  readonly numWarmupReplicas: number;
  readonly rackAwareAssignmentTags: readonly string[];
}

const byConfig = new WeakMap<Config, HeartbeatConfigs>();

export function heartbeatConfigs(config: Config): HeartbeatConfigs {
  let c = byConfig.get(config);
  if (c === undefined) {
    c = {
      maxSize: config.int('group.streams.max.size'),
      initialRebalanceDelayMs: config.int('group.streams.initial.rebalance.delay.ms'),
      assignmentIntervalMs: config.int('group.streams.assignment.interval.ms'),
      sessionTimeoutMs: config.int('group.streams.session.timeout.ms'),
      heartbeatIntervalMs: config.int('group.streams.heartbeat.interval.ms'),
      taskOffsetIntervalMs: config.int('group.streams.task.offset.interval.ms'),
      acceptableRecoveryLag: config.int('group.streams.acceptable.recovery.lag'),
      numWarmupReplicas: config.int('group.streams.num.warmup.replicas'),
      rackAwareAssignmentTags: config.list('group.streams.rack.aware.assignment.tags'),
    };
    byConfig.set(config, c);
  }
  return c;
}
