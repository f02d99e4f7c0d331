// ListGroups (apiKey 16) and DeleteGroups (apiKey 42) on the group coordinator's partition
// (GroupMetadataManager.listGroups, GroupCoordinatorShard.deleteGroups), for streams groups and simple classic groups.
import { pushAll } from '../util/arrays.ts';
import type { CoordinatorRecord } from '../log/records.ts';
import { offsetCommitTombstone } from '../offsets/records.ts';
import { errorCode, type Edition, type ErrorName } from '../protocol/errors.ts';
import { hashMapOrder, stringHashCode } from '../util/java.ts';
import type { Effect, OpContext, OpResult } from './context.ts';
import { timerKey } from './timers.ts';
import { GROUP_STATE_NAMES, type StreamsGroup } from './group.ts';
import type { Groups } from './replay.ts';
import { classicGroupTombstone } from './records.ts';

export interface ListGroupsRequest {
  statesFilter: string[];
  typesFilter: string[];
}

export interface ListedGroup {
  groupId: string;
  protocolType: string;
  groupState: string;
  groupType: string;
}

export interface ListGroupsResponse {
  throttleTimeMs: number;
  errorCode: number;
  groups: ListedGroup[];
}

type Obj = Record<string, unknown>;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function normalizeListGroupsRequest(data: Obj): ListGroupsRequest {
  return { statesFilter: strings(data.statesFilter), typesFilter: strings(data.typesFilter) };
}

/** Group.asListedGroup: a streams group lists as protocol type "streams"; a simple classic group has none. */
function listed(g: StreamsGroup): ListedGroup {
  if (g.classic) return { groupId: g.groupId, protocolType: '', groupState: 'Empty', groupType: 'classic' };
  return { groupId: g.groupId, protocolType: 'streams', groupState: GROUP_STATE_NAMES[g.state(true)], groupType: 'streams' };
}

/** String.trim in Java: strips the characters at or below U+0020 from both ends (JavaScript's trim strips more). */
function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 0x20) a++;
  while (b > a && s.charCodeAt(b - 1) <= 0x20) b--;
  return s.slice(a, b);
}

/**
 * StreamsGroupState.toLowerCaseString / ClassicGroupState.toLowerCaseString, what Group.isInStates compares a state
 * filter with: the display name in lower case, except a streams group's NotReady, which is "not_ready".
 */
export function lowerCaseStateName(state: string): string {
  return state === 'NotReady' ? 'not_ready' : state.toLowerCase();
}

/**
 * GroupMetadataManager.listGroups: each state filter lower-cased then trimmed, and a group listed when
 * Group.isInStates finds its lower-case state name among them ("NotReady" never matches: a streams group's is
 * "not_ready"); each type filter through GroupType.parse (lower-cased, not trimmed; an unknown type matches nothing);
 * groups in the iteration order of the coordinator's group HashMap.
 */
export function listGroups(groups: Groups, req: ListGroupsRequest): ListGroupsResponse {
  const states = new Set(req.statesFilter.map((s) => javaTrim(s.toLowerCase())));
  const types = new Set(req.typesFilter.map((t) => t.toLowerCase()));
  const out: ListedGroup[] = [];
  // (the groups at the committed offset: not one an operation put there without a record yet)
  for (const id of hashMapOrder([...groups.keys()], stringHashCode)) {
    const g = groups.get(id)!;
    if (g.uncommitted) continue;
    const l = listed(g);
    if (states.size > 0 && !states.has(lowerCaseStateName(l.groupState))) continue;
    if (types.size > 0 && !types.has(l.groupType)) continue;
    out.push(l);
  }
  return { throttleTimeMs: 0, errorCode: 0, groups: out };
}

export interface DeleteGroupsRequest {
  groupsNames: string[];
}

export interface DeleteGroupsResponse {
  throttleTimeMs: number;
  results: { groupId: string; errorCode: number }[];
}

export function normalizeDeleteGroupsRequest(data: Obj): DeleteGroupsRequest {
  return { groupsNames: strings(data.groupsNames) };
}

/**
 * GroupCoordinatorService.updateResponseAndGetNonErrorGroupList: the ids reach the shard through `new HashSet<>(ids)`,
 * so each once, in that set's iteration order (its capacity: max(n / 0.75 + 1, 16)).
 */
export function distinctGroupIds(ids: readonly string[]): string[] {
  return hashMapOrder(ids, stringHashCode, Math.max(Math.floor(ids.length / 0.75) + 1, 16));
}

/**
 * GroupCoordinatorShard.deleteGroups: per group, validateDeleteGroup (GROUP_ID_NOT_FOUND; a streams group that is not
 * Empty: NON_EMPTY_GROUP), then its offset tombstones and group tombstones; every deleted group's records in one batch.
 */
export function deleteGroups(ctx: OpContext, req: DeleteGroupsRequest, edition: Edition, groupTombstones: (g: StreamsGroup) => CoordinatorRecord[]): OpResult<DeleteGroupsResponse> {
  const results: DeleteGroupsResponse['results'] = [];
  const records: CoordinatorRecord[] = [];
  const effects: Effect[] = [];
  const narration: string[] = [];
  const ids = distinctGroupIds(req.groupsNames);
  for (const groupId of ids) {
    const fail = (name: ErrorName, why: string) => {
      results.push({ groupId, errorCode: errorCode(edition, name) });
      narration.push(`${groupId}: ${name} (${why}).`);
    };
    const g = ctx.groups.get(groupId);
    if (!g) {
      fail('GROUP_ID_NOT_FOUND', 'no such group');
      continue;
    }
    // validateDeleteGroup: only an Empty group (a simple classic group always is); kip1071-draft §11 item 18: also an
    // Initializing one, members and all
    // (INITIALIZING is a state only a draft group has)
    if (!g.classic && g.state() !== 'EMPTY' && g.state() !== 'INITIALIZING') {
      fail('NON_EMPTY_GROUP', `it is ${GROUP_STATE_NAMES[g.state()]} with ${g.members.size} member(s)`);
      continue;
    }
    const offsets = [...g.offsets.entries()];
    for (const e of offsets) records.push(offsetCommitTombstone(groupId, e.topic, e.partition));
    pushAll(records, g.classic ? [classicGroupTombstone(groupId)] : groupTombstones(g));
    pushAll(effects, deletedGroupTimerCancels(g));
    results.push({ groupId, errorCode: 0 });
    narration.push(`${groupId} is deleted: ${offsets.length} offset tombstone(s), then the group's tombstones.`);
  }
  return { response: { throttleTimeMs: 0, results }, records, effects, narration };
}

/** [4.4] createGroupTombstoneRecordsAndCancelTimers (DeleteGroups, the retention check): StreamsGroup.cancelTimers cancels a deleted streams group's initial rebalance delay. */
export function deletedGroupTimerCancels(g: StreamsGroup): Effect[] {
  return g.classic ? [] : [{ kind: 'cancel', key: timerKey({ kind: 'initial-rebalance', groupId: g.groupId }) }];
}
