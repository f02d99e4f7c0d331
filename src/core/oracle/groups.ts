// What a scenario's requests name: every group, so that `sgp oracle` can set the scenario's group configs on each of
// them before step 0 and confirm topic changes on each __consumer_offsets shard that holds one; every topology, so that
// the run's names keep the order Kafka's HashSets give their topics.
import { pushAll } from '../util/arrays.ts';

/** The group resource of IncrementalAlterConfigs (ConfigResource.Type.GROUP). */
const GROUP_RESOURCE = 32;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The group ids one request names (top-level groupId, the describe and delete lists, OffsetFetch v8+ groups, GROUP config resources). */
export function requestGroups(api: string, request: Obj): string[] {
  const out: string[] = [];
  if (typeof request.groupId === 'string') out.push(request.groupId);
  if (api === 'StreamsGroupDescribe') pushAll(out, strings(request.groupIds));
  if (api === 'DescribeGroups') pushAll(out, strings(request.groups));
  if (api === 'DeleteGroups') pushAll(out, strings(request.groupsNames));
  if (api === 'OffsetFetch' && Array.isArray(request.groups)) for (const g of request.groups) if (isObj(g) && typeof g.groupId === 'string') out.push(g.groupId);
  if (api === 'IncrementalAlterConfigs' && Array.isArray(request.resources)) {
    for (const r of request.resources) if (isObj(r) && r.resourceType === GROUP_RESOURCE && typeof r.resourceName === 'string') out.push(r.resourceName);
  }
  return out;
}

/** A request of an oracle plan (plan.ts PlannedRequest), as far as its groups go. */
interface NamedRequest {
  api: string;
  request: Obj;
}

/** The shape of an oracle plan (plan.ts OraclePlan) that names groups. */
interface GroupNamingPlan {
  scenario: { groupId: string };
  steps: readonly ({ kind: 'request'; request: NamedRequest | null } | { kind: 'run'; exchanges: readonly NamedRequest[] } | { kind: 'advance' | 'failover' | 'topics' })[];
}

/** The scenario's group and every group its planned requests name, in order of first use, without the empty id. */
export function planGroups(plan: GroupNamingPlan): string[] {
  const seen = new Set<string>([plan.scenario.groupId]);
  const add = (p: NamedRequest) => {
    for (const g of requestGroups(p.api, p.request)) seen.add(g);
  };
  for (const s of plan.steps) {
    if (s.kind === 'request' && s.request) add(s.request);
    if (s.kind === 'run') s.exchanges.forEach(add);
  }
  seen.delete('');
  return [...seen];
}

/** Every distinct topology the plan's heartbeats send (null topologies left out), in order of first use. */
export function planTopologies(plan: GroupNamingPlan): Obj[] {
  const out = new Map<string, Obj>();
  const add = (p: NamedRequest) => {
    if (p.api === 'StreamsGroupHeartbeat' && isObj(p.request.topology)) out.set(JSON.stringify(p.request.topology), p.request.topology);
  };
  for (const s of plan.steps) {
    if (s.kind === 'request' && s.request) add(s.request);
    if (s.kind === 'run') s.exchanges.forEach(add);
  }
  return [...out.values()];
}
