// What the generator knows of the simulated cluster between two steps: it runs each generated step on the simulator
// (ScenarioRunner) and reads back the topics, the groups, their members' epochs and assignments, and the pending
// timers, so that the next step can aim at a real epoch, a real assignment or a real deadline.
import type { ScenarioRunner } from '../../scenario/runner.ts';
import { groupView } from '../../scenario/groupView.ts';
import type { TraceMemberView } from '../../scenario/types.ts';
import type { Random } from '../../util/random.ts';
import type { GenerateMode } from './mode.ts';
import { UNKNOWN_GROUP, UNKNOWN_TOPIC, type HeaderPlan } from './header.ts';

export interface MemberState {
  groupId: string;
  memberId: string;
  alias: string | null;
  instanceId: string | null;
  memberEpoch: number;
  assigned: TraceMemberView['assigned'];
}

export class World {
  constructor(
    readonly rng: Random,
    readonly mode: GenerateMode,
    readonly header: HeaderPlan,
    readonly runner: ScenarioRunner,
  ) {}

  get now(): number {
    return this.runner.broker.now;
  }

  get topics(): ReadonlyMap<string, number> {
    return this.runner.broker.topics;
  }

  /** The groups the coordinator has now (streams groups and simple offset-only groups alike). */
  groupIds(): string[] {
    return [...this.runner.broker.coordinator.groups.keys()].sort();
  }

  members(groupId: string): MemberState[] {
    const view = groupView(this.runner.broker.coordinator.groups.get(groupId), this.runner.aliasOf);
    if (!view) return [];
    return Object.values(view.members).map((m) => ({ groupId, memberId: m.memberId, alias: m.alias, instanceId: m.instanceId, memberEpoch: m.memberEpoch, assigned: m.assigned }));
  }

  memberOfAlias(alias: string): MemberState | undefined {
    return this.members(this.header.doc.groupId as string).find((m) => m.alias === alias);
  }

  /** Deadlines of the pending timers (ms of scenario time), earliest first. */
  deadlines(): { key: string; at: number }[] {
    const out = this.runner.broker.coordinator.timers.all().map((t) => ({ key: t.key, at: t.deadline }));
    if (this.runner.broker.loadingUntil !== null) out.push({ key: 'load', at: this.runner.broker.loadingUntil });
    return out.filter((d) => d.at > this.now).sort((a, b) => a.at - b.at);
  }

  /**
   * A group id to aim a request at: mostly groups that exist, sometimes the main one regardless, an unknown one or ""
   * (unless `allowEmpty` is false).
   */
  groupId(allowEmpty = true): string {
    const roll = this.rng.int(20);
    if (roll === 0) return allowEmpty ? '' : (this.header.doc.groupId as string);
    if (roll === 1) return UNKNOWN_GROUP;
    const known = this.groupIds();
    if (roll < 8 || known.length === 0) return this.header.doc.groupId as string;
    return this.rng.pick(known);
  }

  /** A topic to name: an existing one mostly, sometimes one the cluster does not have. */
  topicName(): string {
    const names = [...this.topics.keys()];
    if (names.length === 0 || this.rng.int(8) === 0) return UNKNOWN_TOPIC;
    return this.rng.pick(names);
  }

  /** Partition indexes of a topic: a non-empty subset, sometimes with one past the end or a negative one. */
  partitions(topic: string): number[] {
    const n = this.topics.get(topic) ?? 1;
    const out = Array.from({ length: n }, (_, p) => p).filter(() => this.rng.int(2) === 0);
    if (out.length === 0) out.push(this.rng.int(n));
    const roll = this.rng.int(10);
    if (roll === 0) out.push(n);
    else if (roll === 1) out.push(-1);
    return out;
  }
}
