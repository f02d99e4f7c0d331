// kip1071-draft: what the coordinator runtime does differently for draft groups (timers §9, expiry §9.5).
import type { Config } from '../../config.ts';
import type { EditionHooks } from '../../coordinator/editionHooks.ts';
import { draftFence } from './heartbeat.ts';
import { draftDeleteGroupRecords } from './records.ts';
import { draftRules } from './rules.ts';

export function draftHooks(config: Config): EditionHooks {
  const rules = draftRules(config);
  return {
    fence: (_ctx, g, m) => draftFence(g, m),
    // §9.5: a draft streams group is subscribed to no topic, so its offsets expire in any state
    isSubscribedToTopic: () => !rules.offsetsExpireInAnyState,
    // seed: a group without members expires in EMPTY and INITIALIZING; branch: EMPTY only
    mayDelete: (g) => g.members.size === 0 && (g.state() === 'EMPTY' || (rules.initializingGroupsExpire && g.state() === 'INITIALIZING')),
    deleteGroupRecords: (g) => draftDeleteGroupRecords(g.groupId, [...g.members.keys()], [...g.targetAssignment.keys()], rules.deletionFailsOnReplay),
    expiryNarration: (g) =>
      `Group ${g.groupId} is ${g.state() === 'EMPTY' ? 'Empty' : 'Initializing'} without members and has no committed offsets left: the retention check deletes it${rules.deletionFailsOnReplay ? ' — but the branch writes the Topology tombstone after the group tombstone, so the replay fails and the whole cleanup is rolled back (⚠)' : ''}.`,
  };
}
