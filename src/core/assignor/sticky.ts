// StickyTaskAssignor ("sticky"): one entry point for every flavour.

import { assignDraft } from './draft.ts';
import { assignKafka41 } from './kafka41.ts';
import { SHIPPED_RULES, type Flavour } from './flavours.ts';
import { assignShipped } from './shipped.ts';
import type { StandbyWarning } from './standby.ts';
import type { GroupAssignment, GroupSpec, TaskAssignor, TopologyDescriber } from './types.ts';

export interface StickyTaskAssignorOptions {
  readonly flavour: Flavour;
  /** Called for each task whose standbys could not all be placed (Java logs a warning). */
  readonly onStandbyWarning?: (warning: StandbyWarning) => void;
}

export class StickyTaskAssignor implements TaskAssignor {
  readonly name = 'sticky';
  readonly flavour: Flavour;
  private readonly onStandbyWarning: ((warning: StandbyWarning) => void) | undefined;

  constructor(options: StickyTaskAssignorOptions = { flavour: '4.4' }) {
    this.flavour = options.flavour;
    this.onStandbyWarning = options.onStandbyWarning;
  }

  /** @throws TaskAssignorException where the Java assignor throws. */
  assign(groupSpec: GroupSpec, topology: TopologyDescriber): GroupAssignment {
    if (this.flavour === 'draft') return assignDraft(groupSpec, topology);
    // [4.1] 4.1.2's StickyTaskAssignor (release switch taskPairAssignor)
    if (this.flavour === '4.1') return assignKafka41(groupSpec, topology);
    return assignShipped(groupSpec, topology, SHIPPED_RULES[this.flavour], this.onStandbyWarning);
  }
}

export type { Flavour, StandbyWarning };
