// Builds static/scenario.schema.json from the validator's tables (configs, request fields, enums) plus
// hand-written descriptions. Regenerate after changing them: `npx tsx test/scenario/schema-gen.ts`.
// schema.test.ts fails while the committed file is out of date.
import { writeFileSync } from 'node:fs';
import { MAX_PARTITIONS_PER_TOPIC } from '../../src/core/limits.ts';
import { fileURLToPath } from 'node:url';
import { CONFIG_DEFS } from '../../src/core/config.ts';
import { VARIANTS, VARIANT_DEFINITIONS, variantsFor, variantsWithHeartbeatV2 } from '../../src/core/variants/index.ts';
import { requestFieldTable, requestFields, type StructFields, type WireType, type FieldSpec } from '../../src/core/scenario/validate.ts';
import { ERROR_CODES } from '../../src/core/protocol/errors.ts';
import { RECORD_API_KEYS } from '../../src/core/log/records.ts';
import { INVARIANTS } from '../../src/core/invariants/types.ts';
import { RPC_NAMES } from '../../src/core/scenario/rpc-names.ts';
import { DEFAULT_KAFKA_RELEASE, KAFKA_RELEASES, RELEASE_PATCH } from '../../src/core/releases/index.ts';

const D: Record<string, string> = {
  groupId: "The group the request is about. Filled from the scenario's groupId when omitted.",
  memberId: 'The member id. When omitted and the step names a member alias, the alias (or the id bound to it) is used.',
  memberEpoch: '0 to join or rejoin, -1 to leave, -2 for a static member leaving for a while, otherwise the epoch the member is at.',
  endpointInformationEpoch: "The last endpoint-information epoch the client received; the response lists endpoints when the group's value differs.",
  instanceId: 'Static membership id, or null for a dynamic member.',
  rackId: 'The rack of the client; null keeps the previous value.',
  rebalanceTimeoutMs: 'How long the member may take to give up revoked tasks; -1 keeps the previous value. Required when joining.',
  topology: "The application's topology.",
  activeTasks: 'Active tasks the member owns right now; null means "not reported".',
  standbyTasks: 'Standby tasks the member owns right now; null means "not reported".',
  warmupTasks: 'Warm-up tasks the member owns right now; null means "not reported".',
  processId: 'Identifies the client process (several members may share one); null keeps the previous value.',
  userEndpoint: 'Host and port for interactive queries, or null.',
  clientTags: 'Key/value tags of the client (used for rack-aware standby placement); null keeps the previous ones.',
  taskOffsets: 'Changelog offsets the member has restored, per task.',
  taskEndOffsets: 'Changelog end offsets, per task.',
  shutdownApplication: 'true asks every member of the application to shut down.',
  ownedTasks: 'All the tasks the member owns (v2 of variant D-nested-report); null means "not reported".',
  topologyId: 'Identifies the topology version the member runs (draft protocol).',
  groupIds: 'The groups to describe.',
  includeAuthorizedOperations: 'Whether to report which operations the caller may perform on each group.',
  epoch: 'The topology epoch; raise it when the topology changes.',
  subtopologies: 'The subtopologies (independent parts) of the topology.',
  subtopologyId: 'The subtopology id, e.g. "0".',
  sourceTopics: 'Topics the subtopology reads from.',
  sourceTopicRegex: 'Patterns of topics the subtopology reads from.',
  stateChangelogTopics: "Changelog topics of the subtopology's state stores.",
  repartitionSinkTopics: 'Repartition topics the subtopology writes to.',
  repartitionSourceTopics: 'Repartition topics the subtopology reads from.',
  copartitionGroups: 'Groups of topics that must have the same number of partitions.',
  name: 'Topic name.',
  partitions: 'Number of partitions (0: not fixed, derived by the coordinator).',
  replicationFactor: 'Replication factor (0: the broker default).',
  topicConfigs: 'Topic configs to use when the topic is created.',
  key: 'Key.',
  value: 'Value.',
  host: 'Host name.',
  port: 'Port (0–65535).',
  partition: 'Partition of the task.',
  offset: 'Offset.',
  generationIdOrMemberEpoch: "OffsetCommit: the committing member's epoch; a negative value commits for a group without members (default -1).",
  groupInstanceId: 'OffsetCommit: the static instance id of the committer, or null.',
  retentionTimeMs: "OffsetCommit v2-4 only: how long this commit is kept, overriding the broker's retention (-1: use offsets.retention.minutes).",
  topics: 'OffsetCommit: the topics whose offsets are committed.',
  partitionIndex: 'The partition of the topic.',
  committedOffset: 'The offset to store: the next record the group will read.',
  committedLeaderEpoch: 'Leader epoch of the last consumed record, or -1.',
  committedMetadata: 'Free text stored with the offset (at most 4096 characters), or null.',
};
const DCOMMITTOPIC: Record<string, string> = { partitions: 'The partitions of this topic and the offsets to commit for them.' };
const DCOPART: Record<string, string> = {
  sourceTopics: "Positions in the subtopology's sourceTopics list.",
  sourceTopicRegex: "Positions in the subtopology's sourceTopicRegex list.",
  repartitionSourceTopics: "Positions in the subtopology's repartitionSourceTopics list.",
};
const DTASK: Record<string, string> = { partitions: 'The partitions (task numbers) of this subtopology.' };

/** A Kafka Uuid as its JSON prints it (Uuid.toString: 22 URL-safe base64 characters). */
const UUID_SCHEMA = { type: 'string', pattern: '^[A-Za-z0-9_-]{21}[AQgw]$' };

export function buildSchema(): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  const RANGES: Record<string, [number, number]> = { int8: [-128, 127], int16: [-32768, 32767], int32: [-2147483648, 2147483647], uint16: [0, 65535], int64: [-9007199254740991, 9007199254740991] };

  function wireSchema(t: WireType, ctx: string): Record<string, unknown> {
    switch (t.t) {
      case 'string':
        return { type: 'string' };
      case 'bool':
        return { type: 'boolean' };
      case 'uuid':
        return UUID_SCHEMA;
      case 'array':
        return { type: 'array', items: wireSchema(t.of, ctx) };
      case 'struct': {
        const ref = t.name;
        if (!defs[ref]) {
          defs[ref] = {};
          defs[ref] = structSchema(t.fields, t.name);
        }
        return { $ref: `#/definitions/${ref}` };
      }
      default: {
        const [min, max] = RANGES[t.t]!;
        return { type: 'integer', minimum: min, maximum: max };
      }
    }
  }
  function fieldSchema(name: string, spec: FieldSpec, owner: string): Record<string, unknown> {
    const s = wireSchema(spec.type, owner);
    if (spec.max !== undefined) s.maximum = spec.max;
    const desc = (owner === 'CopartitionGroup' ? DCOPART[name] : owner === 'TaskIds' ? DTASK[name] : owner === 'OffsetCommitRequestTopic' ? DCOMMITTOPIC[name] : undefined) ?? D[name];
    if (!desc) throw new Error('no description for ' + owner + '.' + name);
    const typeName = spec.type.t === 'struct' ? spec.type.name : spec.type.t === 'array' ? `[]${spec.type.of.t === 'struct' ? spec.type.of.name : spec.type.of.t}` : spec.type.t;
    const out: Record<string, unknown> = { description: `${desc} (${typeName}${spec.nullable ? ', nullable' : ''})` };
    if (spec.nullable) {
      if ('$ref' in s) out.anyOf = [s, { type: 'null' }];
      else out.anyOf = [s, { type: 'null' }];
    } else Object.assign(out, s);
    return out;
  }
  function structSchema(fields: StructFields, owner: string): Record<string, unknown> {
    const properties: Record<string, unknown> = {};
    for (const [k, spec] of Object.entries(fields)) properties[k] = fieldSchema(k, spec, owner);
    return { type: 'object', description: `${owner} in Kafka's JSON form. Omitted fields take the schema defaults.`, additionalProperties: false, properties };
  }

  const ak4Hb = structSchema(requestFieldTable('ak4').StreamsGroupHeartbeat![0]!, 'StreamsGroupHeartbeat');
  const nestedHb = structSchema(requestFields('ak4', 'D-nested-report', 'StreamsGroupHeartbeat')![2]!, 'StreamsGroupHeartbeat');
  Object.assign(nestedHb, { description: 'StreamsGroupHeartbeat v2 request data of variant D-nested-report: one nullable ownedTasks instead of the three flat lists.' });
  defs.ak4NestedHeartbeatData = nestedHb;
  const draftHb = structSchema(requestFieldTable('kip1071-draft').StreamsGroupHeartbeat![0]!, 'StreamsGroupHeartbeat');
  const draftInit = structSchema(requestFieldTable('kip1071-draft').StreamsGroupInitialize![0]!, 'StreamsGroupInitialize');
  const describe0 = structSchema(requestFieldTable('ak4').StreamsGroupDescribe![0]!, 'StreamsGroupDescribe');
  Object.assign(ak4Hb, {
    description: 'StreamsGroupHeartbeat request data for protocol ak4 (versions 0 and 1 have the same fields), camelCase as the broker logs it. Omitted fields take the schema defaults.',
  });
  Object.assign(draftHb, { description: 'StreamsGroupHeartbeat request data for the KIP-1071 draft (version 0): TopologyId instead of a topology. Omitted fields take the schema defaults.' });
  Object.assign(draftInit, { description: 'StreamsGroupInitialize request data (draft only): the topology a member was asked to initialize.' });
  Object.assign(describe0, { description: 'StreamsGroupDescribe request data (version 0).' });
  const commit9 = structSchema(requestFieldTable('ak4').OffsetCommit![9]!, 'OffsetCommit');
  Object.assign(commit9, {
    description:
      'OffsetCommit v9 request data (both protocols): the member commits offsets of its input partitions with its member epoch. Older versions differ slightly (v2-4 add retentionTimeMs; v7+ add groupInstanceId; v6+ committedLeaderEpoch); the simulated broker accepts v2-v10 (v10 names each topic by topicId instead of name).',
  });
  defs.offsetCommitData = commit9;
  defs.ak4HeartbeatData = ak4Hb;
  defs.draftHeartbeatData = draftHb;
  defs.draftInitializeData = draftInit;
  defs.describeData = describe0;

  const taskMap = {
    type: 'object',
    description: 'Tasks by subtopology id: {"0": [0, 2]}. Compared as sets; a subtopology with no partitions counts as absent.',
    additionalProperties: { type: 'array', items: { type: 'integer', minimum: 0 } },
  };
  defs.taskMap = taskMap;
  defs.taskRoles = {
    type: 'object',
    description: 'Tasks per role. A role you leave out is not checked; a role you give must match exactly.',
    additionalProperties: false,
    properties: {
      active: { $ref: '#/definitions/taskMap', description: 'Active tasks.' },
      standby: { $ref: '#/definitions/taskMap', description: 'Standby tasks.' },
      warmup: { $ref: '#/definitions/taskMap', description: 'Warm-up tasks.' },
    },
  };
  const nonNegMs = (d: string) => ({ type: 'integer', minimum: 0, description: d });
  defs.topicSpec = {
    type: 'object',
    description: 'A topic and its partition count.',
    additionalProperties: false,
    required: ['name', 'partitions'],
    properties: {
      name: { type: 'string', minLength: 1, description: 'Topic name.' },
      partitions: { type: 'integer', minimum: 1, maximum: MAX_PARTITIONS_PER_TOPIC, description: "Number of partitions (at most the playground's limit of 10,000)." },
    },
  };
  defs.client = {
    type: 'object',
    description: 'A simulated client (one Kafka Streams member).',
    additionalProperties: false,
    properties: {
      profile: {
        enum: ['java', 'partial'],
        default: 'java',
        description: 'How the client behaves: "java" like Apache Kafka\'s Java client, "partial" resends only the owned-task lists that changed.',
        markdownDescription:
          "How the client behaves.\n\n- `java`: like Apache Kafka's Java client (reports all owned tasks, resets on errors).\n- `partial`: resends only the owned-task lists that changed, like the third-party client of KAFKA-20870.",
      },
      processId: { type: 'string', description: 'Process id the client reports (members of one process share it).' },
      instanceId: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }], description: 'Static membership id, or null for a dynamic member.' },
      rackId: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }], description: 'Rack of the client, or null.' },
      memberId: { type: 'string', minLength: 1, description: 'Member id the client uses; by default one derived from the alias.' },
      rebalanceTimeoutMs: { type: 'integer', minimum: 0, maximum: 2147483647, description: 'Rebalance timeout the client sends when joining (ms).' },
      topology: { description: "A topology for this client only, in the same form as the scenario's topology." },
      clientTags: { type: 'object', description: 'Client tags (key to value), e.g. for rack-aware standby placement.', additionalProperties: { type: 'string' } },
      userEndpoint: { anyOf: [{ $ref: '#/definitions/Endpoint' }, { type: 'null' }], description: 'Interactive-query endpoint of the client, or null.' },
      commitIntervalMs: {
        type: 'integer',
        minimum: 1,
        maximum: 2147483647,
        description:
          "While `run` steps move the clock, the client commits the offsets of its active tasks' input topics (source and repartition source) every this many ms, with OffsetCommit v9 and its member epoch. Omitted: the client never commits.",
      },
      clientId: { type: 'string', description: 'client.id of the request context (stored in the member metadata). Default: the alias.' },
      clientHost: { type: 'string', description: 'Client host of the request context (stored in the member metadata). Default: "/127.0.0.1".' },
    },
  };
  const errorNames = [...new Set([...Object.keys(ERROR_CODES.ak4!), ...Object.keys(ERROR_CODES['kip1071-draft']!)])];
  defs.memberExpectation = {
    anyOf: [
      {
        type: 'object',
        additionalProperties: false,
        description: 'What the member should look like; omitted fields are not checked.',
        properties: {
          memberId: { type: 'string', description: 'The member id.' },
          alias: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'The alias the scenario bound to the member.' },
          instanceId: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Static membership id.' },
          processId: { type: 'string', description: 'Process id.' },
          memberEpoch: { type: 'integer', description: 'The member epoch.' },
          previousMemberEpoch: { type: 'integer', description: 'The epoch before the last change.' },
          state: { type: 'string', description: 'Member state as Kafka spells it: STABLE, UNREVOKED_TASKS, UNRELEASED_TASKS or UNKNOWN.' },
          topologyEpoch: { type: 'integer', description: 'The topology epoch the member reported.' },
          assigned: { $ref: '#/definitions/taskRoles', description: 'Tasks the member has been given.' },
          pendingRevocation: { $ref: '#/definitions/taskRoles', description: 'Tasks the member must still give up.' },
          target: { anyOf: [{ $ref: '#/definitions/taskRoles' }, { type: 'null' }], description: "The member's target assignment, or null when it has none." },
        },
      },
      { type: 'null' },
    ],
    description: 'The member (by alias or member id), or null when it must not be in the group.',
  };
  defs.groupExpectation = {
    anyOf: [
      {
        type: 'object',
        additionalProperties: false,
        description: 'The group after the step; omitted fields are not checked.',
        properties: {
          groupId: { type: 'string', description: 'The group id.' },
          state: { type: 'string', description: 'Group state as Kafka spells it, e.g. "Empty", "NotReady", "Assigning", "Reconciling", "Stable".' },
          groupEpoch: { type: 'integer', description: 'The group epoch.' },
          assignmentEpoch: { type: 'integer', description: 'The epoch of the current target assignment.' },
          validatedTopologyEpoch: { type: 'integer', description: 'The topology epoch last checked against the topics.' },
          topologyEpoch: { anyOf: [{ type: 'integer' }, { type: 'null' }], description: "The group's topology epoch, or null without a topology." },
          members: { type: 'object', description: 'Members by alias or member id. Members you leave out are not checked.', additionalProperties: { $ref: '#/definitions/memberExpectation' } },
          internalTopics: { type: 'object', description: 'Internal topics the configured topology needs (name to partitions).', additionalProperties: { type: 'integer' } },
          topicProblem: { description: 'The topic problem the group reports ({statusCode, detail}), or null.' },
        },
      },
      { type: 'null' },
    ],
    description: 'The group after the step, or null when it must not exist.',
  };
  defs.recordExpectation = {
    type: 'object',
    additionalProperties: false,
    description: 'A record: its type, key and value (null for a tombstone).',
    properties: {
      type: { type: 'string', enum: Object.keys(RECORD_API_KEYS), description: 'Record type.' },
      key: { type: 'object', description: 'The record key; keys you leave out are not checked.' },
      value: { anyOf: [{ type: 'object' }, { type: 'null' }], description: 'The record value, or null for a tombstone.' },
    },
  };
  defs.expectation = {
    type: 'object',
    additionalProperties: false,
    description: 'What the step must produce. Objects match when every key you give matches; arrays match element by element, in order.',
    properties: {
      response: { type: 'object', description: 'The response in Kafka\'s JSON form, e.g. {"errorCode": 0, "memberEpoch": 2}.' },
      error: { type: 'string', enum: errorNames, description: 'The response\'s error by name, or "NONE" for success.' },
      group: { $ref: '#/definitions/groupExpectation', description: 'The group after the step.' },
      records: {
        anyOf: [
          { type: 'array', description: 'The records the step appended, exactly, in order.', items: { $ref: '#/definitions/recordExpectation' } },
          {
            type: 'object',
            additionalProperties: false,
            required: ['match', 'items'],
            description: 'The records matched as a subsequence ("contains": these records in this order, others between them allowed) or exactly.',
            properties: {
              match: { type: 'string', enum: ['contains', 'exact'], description: '"contains": a subsequence, as Kafka\'s tests assert records; "exact": the whole list.' },
              items: { type: 'array', description: 'The expected records, in order.', items: { $ref: '#/definitions/recordExpectation' } },
            },
          },
        ],
        description: 'The records the step appended: a list (exactly) or {"match": "contains", "items": [...]}.',
      },
      timers: {
        type: 'object',
        description:
          'Scheduled timers after the step, by key (e.g. "session-timeout-app-<memberId>", "rebalance-timeout-app-<memberId>", "initial-rebalance-timeout-app"): the deadline in ms, or null for "not scheduled".',
        additionalProperties: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] },
      },
      topicsToCreate: {
        type: 'array',
        description: "The coordinator's topics-to-create list for the step's request (missing internal topics), exactly.",
        items: {
          type: 'object',
          additionalProperties: false,
          description: 'A topic to create.',
          properties: {
            name: { type: 'string', description: 'Topic name.' },
            partitions: { type: 'integer', description: 'Number of partitions.' },
            replicationFactor: { type: 'integer', description: 'Replication factor (-1: the broker default).' },
          },
        },
      },
      groups: {
        type: 'object',
        description: 'Other groups after the step (e.g. after a timer step), by group id; null when the group must not exist.',
        additionalProperties: { anyOf: [{ $ref: '#/definitions/groupExpectation' }, { type: 'null' }] },
      },
      recordTypes: { type: 'array', description: 'Only the types of the appended records, in order.', items: { type: 'string', enum: Object.keys(RECORD_API_KEYS), description: 'A record type.' } },
      violations: {
        type: 'array',
        description: 'The invariants this step violates, exactly ([] for none). A violation the step does not expect fails the scenario.',
        items: { type: 'string', enum: Object.keys(INVARIANTS), description: 'An invariant name.' },
      },
      byVariant: {
        type: 'object',
        description: 'Expectations for one variant: the keys given here replace the shared ones when the scenario runs under that variant.',
        additionalProperties: false,
        properties: Object.fromEntries(VARIANTS.map((v) => [v, { $ref: '#/definitions/expectation', description: `What this step must produce under ${v}.` }])),
      },
      byRelease: {
        type: 'object',
        description:
          'Expectations for one Kafka release (ak4): the keys given here replace the shared ones (and byVariant\'s) when the scenario runs under that release (its "kafka", each of its checkReleases, or sgp check --kafka).',
        additionalProperties: false,
        properties: Object.fromEntries(KAFKA_RELEASES.map((r) => [r, { $ref: '#/definitions/expectation', description: `What this step must produce under Kafka ${r} (${RELEASE_PATCH[r]}).` }])),
      },
    },
  };
  defs.stepCommon = {
    type: 'object',
    description: 'One step: exactly one action (send, client, advance, run, failover or topics), with an optional label and expect.',
    additionalProperties: false,
    properties: {
      label: { type: 'string', description: 'Shown on the timeline.' },
      expect: { $ref: '#/definitions/expectation', description: 'What this step must produce.' },
      send: {
        enum: [...RPC_NAMES],
        description:
          'Send a raw request. StreamsGroupInitialize exists only in the kip1071-draft protocol; the group admin RPCs (OffsetCommit, OffsetFetch, OffsetDelete, ListGroups, DescribeGroups, DeleteGroups, IncrementalAlterConfigs on GROUP resources) in both.',
      },
      version: {
        type: 'integer',
        minimum: 0,
        description: `Request version. ak4: heartbeat 0–1 (default 1; 2 with variants ${variantsWithHeartbeatV2().join(' and ')}), describe 0. Draft: 0. OffsetCommit: 0–10 (default 9; the broker answers v0, v1 with UNSUPPORTED_VERSION). OffsetFetch: 0–10 (default 9).`,
      },
      member: { type: 'string', minLength: 1, description: 'Alias of the member sending it. Fills data.memberId when that is omitted, and is bound to the member id in the response.' },
      coordinator: { const: 'old', description: "Send to the broker that led the group's partition before the last failover: it answers NOT_COORDINATOR." },
      clientId: { type: 'string', description: 'client.id of the request context. Default: the member\'s client\'s, or "sgp".' },
      clientHost: { type: 'string', description: 'Client host of the request context. Default: the member\'s client\'s, or "/127.0.0.1".' },
      data: { type: 'object', description: "The request in Kafka's JSON form (camelCase field names). Omitted fields take the schema defaults." },
      client: { type: 'string', minLength: 1, description: 'A simulated client (an alias declared in clients) acts.' },
      do: {
        enum: ['join', 'heartbeat', 'leave', 'crash', 'restart'],
        description: 'What the client does. "crash" stops it silently, so its session times out.',
        markdownDescription:
          'What the client does:\n\n- `join`: send a joining heartbeat (epoch 0)\n- `heartbeat`: send its next heartbeat\n- `leave`: leave the group (epoch -1, or -2 for a static member)\n- `crash`: stop silently; its session will time out\n- `restart`: start again after a crash',
      },
      advance: nonNegMs('Move the clock forward by this many ms; due timers fire in time order.'),
      run: {
        type: 'object',
        additionalProperties: false,
        description: 'Let the live simulated clients heartbeat at their intervals while the clock moves: {"ms": N} or {"until": "stable", "maxMs": N}.',
        properties: {
          ms: nonNegMs('Run for this many ms.'),
          until: { enum: ['stable'], description: 'Run until the group is stable.' },
          maxMs: nonNegMs('Give up after this many ms when running until stable.'),
        },
        oneOf: [
          { required: ['ms'], not: { anyOf: [{ required: ['until'] }, { required: ['maxMs'] }] } },
          { required: ['until'], not: { required: ['ms'] } },
        ],
      },
      failover: {
        anyOf: [
          { const: true, description: 'The new coordinator loads the partition at once.' },
          {
            type: 'object',
            additionalProperties: false,
            description: 'A failover that takes time.',
            properties: {
              loadMs: {
                type: 'integer',
                minimum: 0,
                maximum: 2147483647,
                description: 'How long the new coordinator takes to load the partition: requests meanwhile get COORDINATOR_LOAD_IN_PROGRESS, and timers restart from load time.',
              },
            },
          },
        ],
        description: 'A fresh coordinator loads the partition by replaying the log; whatever was only in memory is lost.',
      },
      topics: {
        type: 'object',
        additionalProperties: false,
        description: "Change the cluster's topics.",
        properties: {
          create: { type: 'array', items: { $ref: '#/definitions/topicSpec' }, description: 'Topics to create.' },
          delete: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Names of topics to delete.' },
          partitions: { type: 'object', additionalProperties: { type: 'integer', minimum: 1, maximum: MAX_PARTITIONS_PER_TOPIC }, description: 'New partition counts by topic name.' },
        },
      },
    },
    oneOf: ['send', 'client', 'advance', 'run', 'failover', 'topics'].map((a) => ({ required: [a] })),
    dependencies: { version: ['send'], member: ['send'], data: ['send'], do: ['client'], client: ['do'] },
  };
  defs.listGroupsData = {
    type: 'object',
    additionalProperties: false,
    description: 'ListGroupsRequest v5 (v4 has no typesFilter, v0-3 neither filter).',
    properties: {
      statesFilter: { type: 'array', items: { type: 'string' }, description: 'Only groups in these states (case-insensitive), e.g. ["Empty", "Stable"].' },
      typesFilter: { type: 'array', items: { type: 'string' }, description: 'Only groups of these types, e.g. ["streams", "classic"].' },
    },
  };
  defs.deleteGroupsData = {
    type: 'object',
    additionalProperties: false,
    description: 'DeleteGroupsRequest.',
    properties: {
      groupsNames: { type: 'array', items: { type: 'string' }, description: "The groups to delete (default: the scenario's group)." },
    },
  };
  defs.alterConfigsData = {
    type: 'object',
    additionalProperties: false,
    description: 'IncrementalAlterConfigsRequest: group configs (resourceType 32).',
    properties: {
      resources: {
        type: 'array',
        description: 'The config resources to change.',
        items: {
          type: 'object',
          additionalProperties: false,
          description: 'A config resource.',
          properties: {
            resourceType: { type: 'integer', description: '32 = GROUP (the only type the simulator models).' },
            resourceName: { type: 'string', description: 'The group id.' },
            configs: {
              type: 'array',
              description: 'The changes.',
              items: {
                type: 'object',
                additionalProperties: false,
                description: 'One change.',
                properties: {
                  name: {
                    type: 'string',
                    enum: [
                      'streams.session.timeout.ms',
                      'streams.heartbeat.interval.ms',
                      'streams.num.standby.replicas',
                      'streams.initial.rebalance.delay.ms',
                      'streams.assignment.interval.ms',
                      'streams.task.offset.interval.ms',
                      'streams.num.warmup.replicas',
                      'streams.acceptable.recovery.lag',
                      'streams.rack.aware.assignment.tags',
                      'streams.assignor.name',
                    ],
                    description: 'A streams group config.',
                  },
                  configOperation: { type: 'integer', enum: [0, 1, 2, 3], description: '0 SET, 1 DELETE, 2 APPEND, 3 SUBTRACT (lists only).' },
                  value: { type: ['string', 'null'], description: 'The value (a string, as Kafka sends it).' },
                },
              },
            },
          },
        },
      },
      validateOnly: { type: 'boolean', description: 'Validate only, change nothing.' },
    },
  };
  defs.offsetFetchData = {
    type: 'object',
    additionalProperties: false,
    description: 'OffsetFetchRequest v8-9 (v8 has no memberId/memberEpoch; v1-7 name one group at the top level).',
    properties: {
      groups: {
        type: 'array',
        description: "The groups (default: the scenario's group, all topics).",
        items: {
          type: 'object',
          additionalProperties: false,
          description: 'One group.',
          properties: {
            groupId: { type: 'string', description: 'Group id.' },
            memberId: { type: ['string', 'null'], description: "A member's fetch names it (v9)." },
            memberEpoch: { type: 'integer', description: 'Its epoch, which must match (v9; -1 for an admin fetch).' },
            topics: {
              anyOf: [
                { type: 'null' },
                {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: { name: { type: 'string', description: 'Topic name.' }, partitionIndexes: { type: 'array', items: { type: 'integer' }, description: 'Partitions.' } },
                  },
                },
              ],
              description: 'Topics and partitions, or null for all committed offsets.',
            },
          },
        },
      },
      requireStable: { type: 'boolean', description: 'Wait for pending transactional offsets (not simulated).' },
    },
  };
  defs.offsetFetchByIdData = {
    type: 'object',
    additionalProperties: false,
    description: "OffsetFetchRequest v10: like v9, with each topic named by its topic id (the narration of a request with an unknown id lists the cluster's ids).",
    properties: {
      groups: {
        type: 'array',
        description: "The groups (default: the scenario's group, all topics).",
        items: {
          type: 'object',
          additionalProperties: false,
          description: 'One group.',
          properties: {
            groupId: { type: 'string', description: 'Group id.' },
            memberId: { type: ['string', 'null'], description: "A member's fetch names it." },
            memberEpoch: { type: 'integer', description: 'Its epoch, which must match (-1 for an admin fetch).' },
            topics: {
              anyOf: [
                { type: 'null' },
                {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      topicId: { ...UUID_SCHEMA, description: "Topic id in Kafka's JSON form (22 URL-safe base64 characters)." },
                      partitionIndexes: { type: 'array', items: { type: 'integer' }, description: 'Partitions.' },
                    },
                  },
                },
              ],
              description: 'Topics and partitions, or null for all committed offsets.',
            },
          },
        },
      },
      requireStable: { type: 'boolean', description: 'Wait for pending transactional offsets (not simulated).' },
    },
  };
  defs.offsetFetchSingleGroupData = {
    type: 'object',
    additionalProperties: false,
    description: 'OffsetFetchRequest v1-7: one group at the top level, fetched without a member.',
    properties: {
      groupId: { type: 'string', description: "Group id (default: the scenario's)." },
      topics: {
        anyOf: [
          { type: 'null' },
          {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: { name: { type: 'string', description: 'Topic name.' }, partitionIndexes: { type: 'array', items: { type: 'integer' }, description: 'Partitions.' } },
            },
          },
        ],
        description: "Topics and partitions, or null for all committed offsets (v2+; v1's default names every topic of the cluster).",
      },
      requireStable: { type: 'boolean', description: 'v7+: wait for pending transactional offsets (not simulated).' },
    },
  };
  defs.offsetDeleteData = {
    type: 'object',
    additionalProperties: false,
    description: 'OffsetDeleteRequest v0.',
    properties: {
      groupId: { type: 'string', description: "Group id (default: the scenario's)." },
      topics: {
        type: 'array',
        description: 'The offsets to delete.',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            name: { type: 'string', description: 'Topic name.' },
            partitions: {
              type: 'array',
              description: 'Partitions.',
              items: { type: 'object', additionalProperties: false, properties: { partitionIndex: { type: 'integer', description: 'Partition.' } } },
            },
          },
        },
      },
    },
  };
  defs.describeGroupsData = {
    type: 'object',
    additionalProperties: false,
    description: "DescribeGroupsRequest (the classic groups' describe).",
    properties: {
      groups: { type: 'array', items: { type: 'string' }, description: "Group ids (default: the scenario's group)." },
      includeAuthorizedOperations: { type: 'boolean', description: 'v3+.' },
    },
  };
  const sendRule = (rpc: string, versions: number[], dataRef: string) => ({
    if: { required: ['send'], properties: { send: { const: rpc } } },
    then: { properties: { version: { enum: versions }, data: { $ref: `#/definitions/${dataRef}` } } },
  });
  // OffsetCommit: the schema describes v9 (the default); the validator checks the other versions' fields
  const commitRule = {
    if: { required: ['send'], properties: { send: { const: 'OffsetCommit' } } },
    then: {
      properties: { version: { enum: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } },
      if: { anyOf: [{ not: { required: ['version'] } }, { properties: { version: { const: 9 } } }] },
      then: { properties: { data: { $ref: '#/definitions/offsetCommitData' } } },
    },
  };
  // OffsetFetch: v1-7 name one group at the top level, v8+ (the default, v9) a list of groups
  const fetchRule = {
    if: { required: ['send'], properties: { send: { const: 'OffsetFetch' } } },
    then: {
      properties: { version: { enum: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } },
      if: { required: ['version'], properties: { version: { enum: [1, 2, 3, 4, 5, 6, 7] } } },
      then: { properties: { data: { $ref: '#/definitions/offsetFetchSingleGroupData' } } },
      else: {
        if: { required: ['version'], properties: { version: { const: 10 } } },
        then: { properties: { data: { $ref: '#/definitions/offsetFetchByIdData' } } },
        else: { properties: { data: { $ref: '#/definitions/offsetFetchData' } } },
      },
    },
  };
  defs.ak4Step = {
    allOf: [
      { $ref: '#/definitions/stepCommon' },
      {
        if: { required: ['send'], properties: { send: { const: 'StreamsGroupHeartbeat' } } },
        then: {
          properties: { version: { enum: [0, 1, 2] } },
          if: { required: ['version'], properties: { version: { const: 2 } } },
          then: { properties: { data: { anyOf: [{ $ref: '#/definitions/ak4HeartbeatData' }, { $ref: '#/definitions/ak4NestedHeartbeatData' }] } } },
          else: { properties: { data: { $ref: '#/definitions/ak4HeartbeatData' } } },
        },
      },
      sendRule('StreamsGroupDescribe', [0], 'describeData'),
      commitRule,
      sendRule('ListGroups', [0, 1, 2, 3, 4, 5], 'listGroupsData'),
      sendRule('DeleteGroups', [0, 1, 2], 'deleteGroupsData'),
      sendRule('IncrementalAlterConfigs', [0, 1], 'alterConfigsData'),
      fetchRule,
      sendRule('OffsetDelete', [0], 'offsetDeleteData'),
      sendRule('DescribeGroups', [0, 1, 2, 3, 4, 5, 6], 'describeGroupsData'),
      {
        if: { required: ['send'] },
        then: {
          properties: {
            send: { enum: ['StreamsGroupHeartbeat', 'StreamsGroupDescribe', 'OffsetCommit', 'ListGroups', 'DeleteGroups', 'IncrementalAlterConfigs', 'OffsetFetch', 'OffsetDelete', 'DescribeGroups'] },
          },
        },
      },
    ],
  };
  defs.draftStep = {
    allOf: [
      { $ref: '#/definitions/stepCommon' },
      sendRule('StreamsGroupHeartbeat', [0], 'draftHeartbeatData'),
      sendRule('StreamsGroupInitialize', [0], 'draftInitializeData'),
      sendRule('StreamsGroupDescribe', [0], 'describeData'),
      commitRule,
      sendRule('ListGroups', [0, 1, 2, 3, 4, 5], 'listGroupsData'),
      sendRule('DeleteGroups', [0, 1, 2], 'deleteGroupsData'),
      sendRule('IncrementalAlterConfigs', [0, 1], 'alterConfigsData'),
      fetchRule,
      sendRule('OffsetDelete', [0], 'offsetDeleteData'),
      sendRule('DescribeGroups', [0, 1, 2, 3, 4, 5, 6], 'describeGroupsData'),
    ],
  };
  defs.ak4Topology = { $ref: '#/definitions/Topology' };
  defs.draftTopology = { type: 'array', items: { $ref: '#/definitions/Subtopology' }, description: 'The draft topology: the list of subtopologies, as in StreamsGroupInitialize.' };

  const configProps: Record<string, unknown> = {};
  for (const d of CONFIG_DEFS) {
    const s: Record<string, unknown> =
      d.type === 'int' || d.type === 'long'
        ? { type: 'integer', ...(d.min !== undefined ? { minimum: d.min } : {}), ...(d.type === 'int' ? { maximum: d.max ?? 2147483647 } : {}) }
        : { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
    configProps[d.name] = { ...s, default: d.default, description: `${d.doc} Default: ${JSON.stringify(d.default)}.` };
  }

  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://streams-group-playground.invalid/scenario.schema.json',
    title: 'Streams Group Playground scenario',
    description: "A scenario: the cluster, the coordinator's protocol and behaviour, and the steps to run.",
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', description: 'Where editors find this schema; ignored by the playground.' },
      format: { type: 'integer', const: 1, default: 1, description: 'Version of the scenario format (1).' },
      title: { type: 'string', description: 'Title shown above the timeline.' },
      notes: { type: 'string', description: 'Notes in Markdown, shown beside the timeline.' },
      protocol: {
        enum: ['ak4', 'kip1071-draft'],
        default: 'ak4',
        description: 'Which protocol the coordinator speaks: "ak4" as shipped in Kafka 4.x, or "kip1071-draft" (the KIP-1071 draft with StreamsGroupInitialize).',
        markdownDescription:
          'Which protocol the coordinator speaks.\n\n- `ak4`: as shipped in Apache Kafka 4.x (topology in the heartbeat, heartbeat v0–v1)\n- `kip1071-draft`: the KIP-1071 draft (StreamsGroupInitialize, INITIALIZING state, TopologyId)',
      },
      variant: {
        enum: [...VARIANTS],
        default: 'current',
        description: `Coordinator behaviour where proposals differ (KAFKA-20870 and others; src/core/variants/). Only ${variantsFor('kip1071-draft')
          .map((v) => `"${v}"`)
          .join(' and ')} exist for the draft protocol.`,
        markdownDescription: `Coordinator behaviour where proposals differ (src/core/variants/, one file per variant):\n\n${VARIANT_DEFINITIONS.map((d) => `- \`${d.name}\`${d.proposal ? ` (${d.proposal})` : ''}: ${d.summary}${d.editions.includes('kip1071-draft') ? '' : ' (ak4 only)'}`).join('\n')}`,
      },
      kafka: {
        enum: [...KAFKA_RELEASES],
        default: DEFAULT_KAFKA_RELEASE,
        description: `The Kafka release line an ak4 scenario models, each at its newest patch (${KAFKA_RELEASES.map((r) => `${r} = ${RELEASE_PATCH[r]}`).join(', ')}). Not for the draft protocol.`,
      },
      config: {
        type: 'object',
        description: "Broker and group configs by Kafka's names; missing ones take Kafka's defaults, unknown names are errors.",
        additionalProperties: false,
        properties: configProps,
      },
      groupId: { type: 'string', minLength: 1, default: 'app', description: 'Group id used by steps that do not give one.' },
      topics: { type: 'array', items: { $ref: '#/definitions/topicSpec' }, description: 'Topics that exist when the scenario starts.' },
      topology: { description: "Default topology of the simulated clients: the heartbeat's topology object for ak4, the StreamsGroupInitialize subtopology list for the draft." },
      clients: { type: 'object', description: 'Simulated clients by alias.', additionalProperties: { $ref: '#/definitions/client' } },
      initialLog: {
        anyOf: [
          {
            type: 'array',
            description: "Records in Kafka's JSON form, replayed before step 0.",
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['type', 'key', 'value'],
              description: 'A record: type, key and value (null for a tombstone).',
              properties: {
                type: { type: 'string', enum: Object.keys(RECORD_API_KEYS), description: 'Record type.' },
                key: { type: 'object', description: 'The record key, e.g. {"groupId": "app", "memberId": "A"}.' },
                value: { anyOf: [{ type: 'object' }, { type: 'null' }], description: 'The record value, or null for a tombstone.' },
              },
            },
          },
          { type: 'string', description: 'Pasted `kafka-dump-log --offsets-decoder` output.' },
        ],
        description:
          'The partition a coordinator loads before step 0 (as after a failover): the scenario starts from that state, shown as step "initial". Records in Kafka\'s JSON form, or pasted kafka-dump-log --offsets-decoder output.',
      },
      steps: { type: 'array', description: 'The steps, run in order.' },
      invariants: {
        type: 'object',
        additionalProperties: false,
        description: 'Bounds for the liveness invariants.',
        properties: { stableWithinMs: { type: 'integer', minimum: 0, description: 'The group must be Stable again within this much simulated time after it stops being Stable (default 300000).' } },
      },
      explore: {
        type: 'object',
        additionalProperties: false,
        description: "What `sgp explore` may do beyond the clients' own behaviour.",
        properties: {
          partialReports: {
            type: 'array',
            items: { type: 'string', minLength: 1 },
            description: 'Aliases of clients that may also send a deliberately partial report (active list only, standby and warmup null).',
          },
          topicChanges: {
            type: 'array',
            items: (defs.stepCommon as { properties: Record<string, unknown> }).properties.topics,
            description: 'Candidate cluster metadata changes the explorer may apply at any point (each at most once per path).',
          },
        },
      },
      checkVariants: {
        type: 'array',
        items: { enum: [...VARIANTS] },
        description: "Variants `sgp check` runs this scenario under, each checked against its expect blocks (byVariant overrides apply). Default: the scenario's own variant.",
      },
      checkReleases: {
        type: 'array',
        items: { enum: [...KAFKA_RELEASES] },
        description:
          "Kafka releases `sgp check` runs this scenario under (ak4 only), each validated and checked against its expect blocks (byRelease overrides apply). Default: the scenario's own kafka.",
      },
    },
    allOf: [
      {
        if: { not: { required: ['variant'], properties: { variant: { enum: [...variantsWithHeartbeatV2()] } } } },
        then: { properties: { steps: { items: { if: { required: ['send'], properties: { send: { const: 'StreamsGroupHeartbeat' } } }, then: { properties: { version: { enum: [0, 1] } } } } } } },
      },
      {
        if: { required: ['protocol'], properties: { protocol: { const: 'kip1071-draft' } } },
        then: {
          properties: {
            steps: { items: { $ref: '#/definitions/draftStep' } },
            topology: { $ref: '#/definitions/draftTopology' },
            variant: { enum: [...variantsFor('kip1071-draft')] },
            kafka: false,
            checkReleases: false,
          },
        },
        else: { properties: { steps: { items: { $ref: '#/definitions/ak4Step' } }, topology: { $ref: '#/definitions/ak4Topology' } } },
      },
    ],
    definitions: defs,
  };
  return schema;
}

export const SCHEMA_PATH = fileURLToPath(new URL('../../static/scenario.schema.json', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_PATH, JSON.stringify(buildSchema(), null, 2) + '\n');
  console.log(`wrote ${SCHEMA_PATH}`);
}
