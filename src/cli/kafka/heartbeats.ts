// Hand-made StreamsGroupHeartbeat requests for harness members (not a simulated client): a full join in Kafka's JSON
// form, one subtopology per source topic, no state.

/** A v1 join (member epoch 0) of `memberId` that subscribes to `topics`, one stateless subtopology each. */
export function joinHeartbeat(groupId: string, memberId: string, processId: string, topics: string[]): Record<string, unknown> {
  return {
    groupId,
    memberId,
    memberEpoch: 0,
    endpointInformationEpoch: -1,
    instanceId: null,
    rackId: null,
    rebalanceTimeoutMs: 30_000,
    topology: {
      epoch: 0,
      subtopologies: topics.map((t, i) => ({
        subtopologyId: String(i),
        sourceTopics: [t],
        sourceTopicRegex: [],
        stateChangelogTopics: [],
        repartitionSinkTopics: [],
        repartitionSourceTopics: [],
        copartitionGroups: [],
      })),
    },
    activeTasks: [],
    standbyTasks: [],
    warmupTasks: [],
    processId,
    userEndpoint: null,
    clientTags: [],
    taskOffsets: null,
    taskEndOffsets: null,
    shutdownApplication: false,
  };
}
