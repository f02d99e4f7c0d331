// How Kafka's per-topic response builders (OffsetCommitResponse.Builder, OffsetDeleteResponse.Builder) put the
// broker's own answers and the coordinator's together: the broker's answers are grouped per topic key (a topic sent
// twice gets one entry), the coordinator's answer is taken as it is when the broker has none (a topic the request
// named twice stays twice), and otherwise each coordinator topic joins the first entry of its key or follows as new.

export interface TopicAnswer<P> {
  partitions: P[];
}

/**
 * Builder.addPartition / addPartitions (getOrCreate): the partitions join the entry of that key, or a new entry at
 * the end.
 */
export function addTopicPartitions<T extends TopicAnswer<P>, P>(answers: T[], key: (t: T) => string, topic: T): void {
  const k = key(topic);
  const same = answers.find((t) => key(t) === k);
  if (same) for (const p of topic.partitions) same.partitions.push(p);
  else answers.push({ ...topic, partitions: [...topic.partitions] });
}

/**
 * Builder.merge: with no answer of its own the builder takes the coordinator's as it is; otherwise each coordinator
 * topic's partitions join the first entry of its key (a merged new topic becomes that entry for later ones).
 */
export function mergeTopicAnswers<T extends TopicAnswer<P>, P>(own: readonly T[], coordinator: readonly T[], key: (t: T) => string): T[] {
  if (own.length === 0) return coordinator.map((t) => ({ ...t, partitions: [...t.partitions] }));
  const out = own.map((t) => ({ ...t, partitions: [...t.partitions] }));
  for (const t of coordinator) addTopicPartitions(out, key, t);
  return out;
}
