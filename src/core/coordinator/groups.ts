// The in-memory groups of one __consumer_offsets partition, and the error a record that cannot be replayed raises
// (GroupMetadataManager's IllegalStateException). A leaf: replay, offsets and the editions all use it.
import type { StreamsGroup } from './group.ts';

export class IllegalStateError extends Error {}

export type Groups = Map<string, StreamsGroup>;
