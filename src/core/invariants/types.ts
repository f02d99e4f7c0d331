// Invariants checked after every step: the KIP-848 TLA+ model's catalogue, translated to streams groups.

export type InvariantName =
  | 'no-double-active' // a task is active on at most one member (assigned or still being revoked)
  | 'no-assign-while-pending' // nobody is assigned a task another member has not yet released
  | 'legal-target-assignment' // the target gives each existing task to at most one member as active
  | 'valid-member-epochs' // member epochs never exceed the assignment epoch (or the group epoch)
  | 'epochs-monotonic' // group, assignment and member epochs never go backwards
  | 'stable-at-group-epoch' // a Stable group has every member reconciled at the group epoch
  | 'durable-state' // the state a fresh coordinator rebuilds from the log equals the live state
  | 'eventual-convergence' // with fair clients the group becomes Stable within the bound
  | 'live-member-kept'; // a member that keeps heartbeating is never expelled

export const INVARIANTS: Record<InvariantName, { kind: 'safety' | 'liveness' | 'durability'; description: string }> = {
  'no-double-active': { kind: 'safety', description: 'No task is active on two members at once (assigned or pending revocation).' },
  'no-assign-while-pending': { kind: 'safety', description: 'No member is assigned a task that another member still has pending revocation.' },
  'legal-target-assignment': {
    kind: 'safety',
    description: 'The target assignment gives every task to at most one member as active, only tasks that exist, and never two roles of a task to one process.',
  },
  'valid-member-epochs': { kind: 'safety', description: 'A member epoch is never above the target assignment epoch or the group epoch (except -2, a static member away).' },
  'epochs-monotonic': { kind: 'safety', description: 'Group, assignment and member epochs never go backwards.' },
  'stable-at-group-epoch': { kind: 'safety', description: 'A Stable group has every member Stable at the group epoch.' },
  'durable-state': { kind: 'durability', description: 'A fresh coordinator replaying the log rebuilds the live state; state kept only in memory is listed.' },
  'eventual-convergence': { kind: 'liveness', description: 'With fair clients the group becomes Stable within the bound (scenario invariants.stableWithinMs).' },
  'live-member-kept': { kind: 'liveness', description: 'A member whose client keeps heartbeating is never expelled by the session timeout.' },
};

export interface Violation {
  invariant: InvariantName;
  message: string;
}

/** What a failover would lose: state the coordinator decides with that no record holds. */
export interface MemoryOnly {
  what: string;
  /** true when a protocol decision depends on it (e.g. KAFKA-20870 option B's partial progress). */
  decisive: boolean;
}

export interface DurabilityReport {
  /** Paths where the replayed hard state differs from the live one (empty when durable). */
  diff: { path: string; live: unknown; replayed: unknown }[];
  memoryOnly: MemoryOnly[];
}
