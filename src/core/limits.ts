// The playground's documented size limits (README "Limits"). Each is a size a real Kafka cluster accepts
// (a topic of 10,000 partitions, a group of 100,000 tasks); beyond them a scenario is refused at
// validation (exit 2), the importer skips the line, and the broker answers INVALID_REQUEST.

/** Partitions of one topic: topics, topic steps, and the partition counts a topology declares. */
export const MAX_PARTITIONS_PER_TOPIC = 10_000;

/** Tasks of one group: over every subtopology, the largest partition count among the topics it reads. */
export const MAX_TASKS_PER_GROUP = 100_000;

/** Largest file the sgp command reads (a scenario, a request log, a base scenario): 16 MiB. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;
