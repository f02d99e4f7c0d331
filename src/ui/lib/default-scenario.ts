// The scenario shown before any example or saved work exists.
export const DEFAULT_SCENARIO = `{
  "format": 1,
  "title": "Two instances join a streams group",
  "notes": "Two Kafka Streams instances join, the initial rebalance delay passes, tasks are assigned and reconciled.",
  "protocol": "ak4",
  "topics": [{ "name": "input", "partitions": 4 }],
  "topology": {
    "epoch": 0,
    "subtopologies": [
      {
        "subtopologyId": "0",
        "sourceTopics": ["input"],
        "stateChangelogTopics": [{ "name": "app-store-changelog", "partitions": 0, "replicationFactor": 0, "topicConfigs": [] }]
      }
    ]
  },
  "clients": {
    "a": { "profile": "java", "processId": "p1" },
    "b": { "profile": "java", "processId": "p2" }
  },
  "steps": [
    { "client": "a", "do": "join", "label": "a joins" },
    { "client": "b", "do": "join", "label": "b joins" },
    { "run": { "until": "stable" }, "label": "run until stable" },
    { "client": "b", "do": "crash", "label": "b crashes" },
    { "advance": 46000, "label": "b's session times out" },
    { "run": { "until": "stable" }, "label": "a takes over" }
  ]
}
`;
