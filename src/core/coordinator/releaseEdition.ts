// The coordinator edition as an older Kafka release runs it: the same replay, with that release's new-group epochs
// (StreamsGroup's constructor differs per release: src/core/releases/ `newGroupEpochs`). 4.4's edition is returned
// as it is, so its groups, its replay and its frozen-log cache stay exactly the shipped ones.
import type { ReleaseRules } from '../releases/types.ts';
import type { CoordinatorEdition } from './editionHooks.ts';
import type { StreamsGroup } from './group.ts';

const SHIPPED_EPOCHS = { group: 1, assignment: 1 };
const SHIPPED_ENDPOINT_EPOCH = 0;
const byEdition = new WeakMap<CoordinatorEdition, Map<string, CoordinatorEdition>>();

/** `edition` with `release`'s new-group epochs (one object per edition and release, so replay caches keep working). */
export function editionForRelease<E extends CoordinatorEdition>(edition: E, release: ReleaseRules): E {
  const epochs = release.switches.newGroupEpochs;
  const endpointEpoch = release.switches.initialEndpointInformationEpoch;
  if (epochs.group === SHIPPED_EPOCHS.group && epochs.assignment === SHIPPED_EPOCHS.assignment && endpointEpoch === SHIPPED_ENDPOINT_EPOCH && !release.switches.readinessFromConfiguredTopology)
    return edition;
  let perRelease = byEdition.get(edition);
  if (!perRelease) byEdition.set(edition, (perRelease = new Map()));
  const hit = perRelease.get(release.release);
  if (hit) return hit as E;
  const withEpochs = (g: StreamsGroup, keepGroupEpoch: boolean, keepAssignmentEpoch: boolean): StreamsGroup => {
    if (!keepGroupEpoch) g.groupEpoch = epochs.group;
    if (!keepAssignmentEpoch) g.assignmentEpoch = epochs.assignment;
    // [4.1] StreamsGroup's endpoint information epoch starts at -1 (release switch initialEndpointInformationEpoch)
    g.endpointInformationEpoch = endpointEpoch;
    // [4.1] readiness by the configured topology (release switch readinessFromConfiguredTopology)
    g.readinessFromConfiguredTopology = release.switches.readinessFromConfiguredTopology;
    return g;
  };
  const wrapped: E = {
    ...edition,
    newGroup: (groupId) => withEpochs(edition.newGroup(groupId), false, false),
    replayGroupRecord: (groups, r) => {
      const groupId = r.key.groupId as string;
      const existed = groups.has(groupId);
      edition.replayGroupRecord(groups, r);
      const created = existed ? undefined : groups.get(groupId);
      // a group this record created starts at the release's epochs, but for the epoch the record itself sets
      if (created) withEpochs(created, r.type === 'StreamsGroupMetadata', r.type === 'StreamsGroupTargetAssignmentMetadata');
    },
  };
  perRelease.set(release.release, wrapped);
  return wrapped;
}
