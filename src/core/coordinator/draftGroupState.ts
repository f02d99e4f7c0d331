// The parts of a streams group only the kip1071-draft edition fills (kip1071-draft §1.4): the group model carries them
// (StreamsGroup.draft, null in other editions) so that it need not import an edition; src/core/editions/kip1071-draft/
// reads and writes them.

/** TopicMetadata of the draft's subscription ("partition") metadata. */
export interface DraftTopicMetadata {
  readonly topicId: string;
  readonly topicName: string;
  readonly numPartitions: number;
  /** partition -> racks; the simulator's brokers have no racks, so this stays empty. */
  readonly partitionRacks: ReadonlyMap<number, readonly string[]>;
}

export interface DraftGroupState {
  /** Hard state: StreamsGroupPartitionMetadata (topic name -> metadata). */
  partitionMetadata: Map<string, DraftTopicMetadata>;
  /** Soft state: metadataRefreshDeadline {deadlineMs, epoch}; {0,0} for a new or loaded group. */
  refreshDeadline: { deadlineMs: number; epoch: number };
}

export function newDraftGroupState(): DraftGroupState {
  return { partitionMetadata: new Map(), refreshDeadline: { deadlineMs: 0, epoch: 0 } };
}
