package dev.sgp.oracle.shard;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.CoordinatorLoadInProgressException;
import org.apache.kafka.common.message.DeleteGroupsRequestData;
import org.apache.kafka.common.message.DeleteGroupsResponseData;
import org.apache.kafka.common.message.DescribeGroupsRequestData;
import org.apache.kafka.common.message.DescribeGroupsResponseData;
import org.apache.kafka.common.message.ListGroupsRequestData;
import org.apache.kafka.common.message.ListGroupsResponseData;
import org.apache.kafka.common.message.OffsetCommitRequestData;
import org.apache.kafka.common.message.OffsetCommitResponseData;
import org.apache.kafka.common.message.OffsetDeleteRequestData;
import org.apache.kafka.common.message.OffsetDeleteResponseData;
import org.apache.kafka.common.message.OffsetFetchRequestData;
import org.apache.kafka.common.message.OffsetFetchResponseData;
import org.apache.kafka.common.message.StreamsGroupDescribeRequestData;
import org.apache.kafka.common.message.StreamsGroupDescribeResponseData;
import org.apache.kafka.common.message.StreamsGroupHeartbeatRequestData;
import org.apache.kafka.common.message.StreamsGroupHeartbeatResponseData;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.requests.ApiError;
import org.apache.kafka.common.requests.DeleteGroupsRequest;
import org.apache.kafka.common.requests.DescribeGroupsRequest;
import org.apache.kafka.common.requests.OffsetCommitRequest;
import org.apache.kafka.common.requests.OffsetCommitResponse;
import org.apache.kafka.common.requests.OffsetDeleteResponse;
import org.apache.kafka.common.requests.OffsetFetchRequest;
import org.apache.kafka.common.requests.OffsetFetchResponse;
import org.apache.kafka.common.requests.StreamsGroupDescribeRequest;
import org.apache.kafka.coordinator.common.runtime.CoordinatorOperationExceptionHelper;
import org.apache.kafka.coordinator.group.GroupCoordinatorService;
import org.apache.kafka.coordinator.group.streams.StreamsGroupHeartbeatResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * What GroupCoordinatorService does around each shard operation, for one partition, on the runner's thread: the
 * service's request checks (its private static ones called by reflection, the group-id checks), the read or write
 * operation on the shard, and the mapping of a failure to an error response (Kafka's own
 * CoordinatorOperationExceptionHelper). Where KafkaApis answers before the service, the runner says so (see README).
 */
final class ShardService {
    private static final Logger LOG = LoggerFactory.getLogger(ShardService.class);
    private static final Method HEARTBEAT_UNSUPPORTED = staticCheck("throwIfStreamsGroupHeartbeatRequestIsUsingUnsupportedFeatures");
    private static final Method HEARTBEAT_INVALID = staticCheck("throwIfStreamsGroupHeartbeatRequestIsInvalid");

    /**
     * AuthHelper.authorizedOperations without an authorizer: every operation Kafka supports on a GROUP resource
     * (AclEntry.supportedOperations, in kafka-server: reached by reflection, a runtime dependency), as a 32-bit field.
     */
    private static final int GROUP_OPERATIONS = groupOperations();

    @SuppressWarnings("unchecked")
    private static int groupOperations() {
        try {
            Method m = Class.forName("org.apache.kafka.security.authorizer.AclEntry").getMethod("supportedOperations", org.apache.kafka.common.resource.ResourceType.class);
            java.util.Set<org.apache.kafka.common.acl.AclOperation> ops = (java.util.Set<org.apache.kafka.common.acl.AclOperation>) m.invoke(null, org.apache.kafka.common.resource.ResourceType.GROUP);
            java.util.Set<Byte> codes = new java.util.HashSet<>();
            for (org.apache.kafka.common.acl.AclOperation op : ops) codes.add(op.code());
            return org.apache.kafka.common.utils.Utils.to32BitField(codes);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("AclEntry.supportedOperations is not on the classpath", e);
        }
    }

    /** A response and the internal topics the shard asked KafkaApis to create (StreamsGroupHeartbeat only). */
    record Answer(ApiMessage response, Map<String, Integer> topicsToCreate) { }

    private final ShardWorld world;

    ShardService(ShardWorld world) {
        this.world = world;
    }

    private static Method staticCheck(String name) {
        try {
            Method m = GroupCoordinatorService.class.getDeclaredMethod(name, StreamsGroupHeartbeatRequestData.class);
            m.setAccessible(true);
            return m;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("GroupCoordinatorService." + name + " is not in this Kafka version", e);
        }
    }

    private static void invokeCheck(Method m, Object request) throws Throwable {
        try {
            m.invoke(null, request);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static <T> T failed(String operation, Object input, Throwable e, BiFunction<Errors, String, T> handler) {
        return CoordinatorOperationExceptionHelper.handleOperationException(operation, input, e, handler, LOG);
    }

    /** Set for a request sent to the coordinator of before the last failover. */
    boolean notCoordinator;

    /** The runtime refuses every operation while the partition loads, and on a broker that no longer owns it. */
    private void throwIfLoading() {
        if (notCoordinator) throw new org.apache.kafka.common.errors.NotCoordinatorException("This is not the correct coordinator.");
        if (world.loadingUntil != null) throw new CoordinatorLoadInProgressException("The coordinator is loading and hence can't process requests.");
    }

    private static boolean isGroupIdNotEmpty(String id) {
        return id != null && !id.isEmpty();
    }

    Answer handle(String api, short version, ByteBuffer body, ShardContext ctx) {
        ByteBufferAccessor in = new ByteBufferAccessor(body);
        return switch (api) {
            case "StreamsGroupHeartbeat" -> heartbeat(new StreamsGroupHeartbeatRequestData(in, version), ctx);
            case "StreamsGroupDescribe" -> new Answer(streamsDescribe(new StreamsGroupDescribeRequestData(in, version)), Map.of());
            case "OffsetCommit" -> new Answer(commit(new OffsetCommitRequestData(in, version), version, ctx), Map.of());
            case "IncrementalAlterConfigs" -> new Answer(ShardConfigs.alter(world, new org.apache.kafka.common.message.IncrementalAlterConfigsRequestData(in, version)), Map.of());
            case "OffsetFetch" -> new Answer(fetch(OffsetFetchRequest.parse(in, version), version), Map.of());
            case "OffsetDelete" -> new Answer(deleteOffsets(new OffsetDeleteRequestData(in, version), ctx), Map.of());
            case "ListGroups" -> new Answer(listGroups(new ListGroupsRequestData(in, version)), Map.of());
            case "DescribeGroups" -> new Answer(describeGroups(new DescribeGroupsRequestData(in, version), ctx), Map.of());
            case "DeleteGroups" -> new Answer(deleteGroups(new DeleteGroupsRequestData(in, version), ctx), Map.of());
            default -> throw new IllegalArgumentException("the shard engine does not serve " + api);
        };
    }

    /**
     * KafkaApis.isStreamsGroupProtocolEnabled: "streams" among the broker's rebalance protocols, and the cluster's
     * streams.version feature finalized at 1 or more (StreamsVersion.streamsGroupSupported).
     */
    private boolean streamsEnabled() {
        return world.rebalanceProtocols.stream().anyMatch(p -> p.trim().equalsIgnoreCase("streams")) && world.streamsVersion >= 1;
    }

    /**
     * KafkaApis.handleStreamsGroupHeartbeat before the service: the streams protocol must be enabled; a topology's topic
     * names (per subtopology: sources, repartition sinks, repartition sources, changelogs; each name once) may name no
     * Kafka-internal topic, then must all be valid names.
     */
    private static StreamsGroupHeartbeatResponseData kafkaApisTopologyCheck(StreamsGroupHeartbeatRequestData request) {
        if (request.topology() == null) return null;
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        for (StreamsGroupHeartbeatRequestData.Subtopology s : request.topology().subtopologies()) {
            names.addAll(s.sourceTopics());
            names.addAll(s.repartitionSinkTopics());
            for (StreamsGroupHeartbeatRequestData.TopicInfo t : s.repartitionSourceTopics()) names.add(t.name());
            for (StreamsGroupHeartbeatRequestData.TopicInfo t : s.stateChangelogTopics()) names.add(t.name());
        }
        List<String> internal = names.stream().filter(org.apache.kafka.common.internals.Topic::isInternal).toList();
        if (!internal.isEmpty())
            return new StreamsGroupHeartbeatResponseData().setErrorCode(Errors.STREAMS_INVALID_TOPOLOGY.code())
                .setErrorMessage("Use of Kafka internal topics " + String.join(",", internal) + " in a Kafka Streams topology is prohibited.");
        List<String> invalid = names.stream().filter(n -> !org.apache.kafka.common.internals.Topic.isValid(n)).toList();
        if (!invalid.isEmpty())
            return new StreamsGroupHeartbeatResponseData().setErrorCode(Errors.STREAMS_INVALID_TOPOLOGY.code())
                .setErrorMessage("Topic names " + String.join(",", invalid) + " are not valid topic names.");
        return null;
    }

    private Answer heartbeat(StreamsGroupHeartbeatRequestData request, ShardContext ctx) {
        if (!streamsEnabled()) return new Answer(new StreamsGroupHeartbeatResponseData().setErrorCode(Errors.UNSUPPORTED_VERSION.code()), Map.of());
        StreamsGroupHeartbeatResponseData refused = kafkaApisTopologyCheck(request);
        if (refused != null) return new Answer(refused, Map.of());
        try {
            invokeCheck(HEARTBEAT_UNSUPPORTED, request);
            invokeCheck(HEARTBEAT_INVALID, request);
        } catch (Throwable e) {
            ApiError error = ApiError.fromThrowable(e);
            return new Answer(new StreamsGroupHeartbeatResponseData().setErrorCode(error.error().code()).setErrorMessage(error.message()), Map.of());
        }
        try {
            throwIfLoading();
            StreamsGroupHeartbeatResult result = world.write(() -> world.shard.streamsGroupHeartbeat(ctx, request));
            Map<String, Integer> create = new java.util.LinkedHashMap<>();
            result.creatableTopics().forEach((name, t) -> create.put(name, t.numPartitions()));
            return new Answer(result.data(), create);
        } catch (RuntimeException e) {
            return new Answer(failed("streams-group-heartbeat", request, e, (error, message) -> new StreamsGroupHeartbeatResponseData().setErrorCode(error.code()).setErrorMessage(message)), Map.of());
        }
    }

    private StreamsGroupDescribeResponseData streamsDescribe(StreamsGroupDescribeRequestData request) {
        // KafkaApis.handleStreamsGroupDescribe: without the streams protocol every group is UNSUPPORTED_VERSION
        if (!streamsEnabled()) return new StreamsGroupDescribeResponseData().setGroups(StreamsGroupDescribeRequest.getErrorDescribedGroupList(request.groupIds(), Errors.UNSUPPORTED_VERSION));
        List<StreamsGroupDescribeResponseData.DescribedGroup> out = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (String id : request.groupIds()) {
            // an empty id is answered at once, ahead of the groups the shard reads
            if (isGroupIdNotEmpty(id)) ids.add(id);
            else out.add(new StreamsGroupDescribeResponseData.DescribedGroup().setGroupId("").setErrorCode(Errors.INVALID_GROUP_ID.code()));
        }
        if (!ids.isEmpty()) {
            try {
                throwIfLoading();
                List<StreamsGroupDescribeResponseData.DescribedGroup> described = KafkaLine.streamsGroupDescribe(world.shard, request, ids, world.offset());
                // KafkaApis.handleStreamsGroupDescribe: a found group's authorized operations, when asked for
                if (request.includeAuthorizedOperations()) for (StreamsGroupDescribeResponseData.DescribedGroup g : described) if (g.errorCode() == Errors.NONE.code()) g.setAuthorizedOperations(GROUP_OPERATIONS);
                out.addAll(described);
            } catch (RuntimeException e) {
                out.addAll(failed("streams-group-describe", ids, e, (error, message) -> StreamsGroupDescribeRequest.getErrorDescribedGroupList(ids, error)));
            }
        }
        return new StreamsGroupDescribeResponseData().setGroups(out);
    }

    /**
     * KafkaApis.handleOffsetCommitRequest before the service: a v10 topic id is resolved to its name through the
     * metadata cache (unknown: UNKNOWN_TOPIC_ID), a by-name topic gets its id from it, and a partition the cluster does
     * not have is answered UNKNOWN_TOPIC_OR_PARTITION at once; the coordinator's answer is merged after those
     * (OffsetCommitResponse.Builder, Kafka's own).
     */
    private OffsetCommitResponseData commit(OffsetCommitRequestData request, short version, ShardContext ctx) {
        boolean byId = OffsetCommitResponse.useTopicIds(version);
        OffsetCommitResponse.Builder answer = OffsetCommitResponse.newBuilder(byId);
        OffsetCommitRequestData known = request.duplicate();
        known.topics().clear();
        for (OffsetCommitRequestData.OffsetCommitRequestTopic t : request.topics()) {
            if (byId) {
                java.util.Optional<String> name = world.image.topicMetadata(t.topicId()).map(m -> m.name());
                if (name.isEmpty()) {
                    answer.addPartitions(t.topicId(), "", t.partitions(), OffsetCommitRequestData.OffsetCommitRequestPartition::partitionIndex, Errors.UNKNOWN_TOPIC_ID);
                    continue;
                }
                t.setName(name.get());
            } else {
                t.setTopicId(topicId(t.name()));
            }
            int count = world.image.topicMetadata(t.name()).map(m -> m.partitionCount()).orElse(-1);
            OffsetCommitRequestData.OffsetCommitRequestTopic ok = t.duplicate();
            ok.partitions().clear();
            for (OffsetCommitRequestData.OffsetCommitRequestPartition p : t.partitions()) {
                if (p.partitionIndex() >= 0 && p.partitionIndex() < count) ok.partitions().add(p);
                else answer.addPartition(t.topicId(), t.name(), p.partitionIndex(), Errors.UNKNOWN_TOPIC_OR_PARTITION);
            }
            if (!ok.partitions().isEmpty()) known.topics().add(ok);
        }
        if (known.topics().isEmpty()) return answer.build().data();
        return answer.merge(commitKnown(known, ctx)).build().data();
    }

    private OffsetCommitResponseData commitKnown(OffsetCommitRequestData request, ShardContext ctx) {
        // GroupCoordinatorService.commitOffsets refuses only a null group id: an empty one goes to the shard (a manual
        // commit creates the simple classic group "")
        if (request.groupId() == null) return OffsetCommitRequest.getErrorResponse(request, Errors.INVALID_GROUP_ID);
        try {
            throwIfLoading();
            return world.write(() -> world.shard.commitOffset(ctx, request));
        } catch (RuntimeException e) {
            return failed("commit-offset", request, e, (error, message) -> OffsetCommitRequest.getErrorResponse(request, error));
        }
    }

    /**
     * KafkaApis.handleOffsetFetchRequest around the service: each group on its own; from v10 (topics by id) each id is
     * resolved to its name through the metadata cache, the coordinator fetches the resolved topics by name, an unknown
     * id is answered UNKNOWN_TOPIC_ID after the coordinator's topics, and every topic of the answer gets its id.
     */
    private OffsetFetchResponseData fetch(OffsetFetchRequest request, short version) {
        boolean byId = OffsetFetchRequest.useTopicIds(version);
        List<OffsetFetchResponseData.OffsetFetchResponseGroup> groups = new ArrayList<>();
        for (OffsetFetchRequestData.OffsetFetchRequestGroup g : request.groups()) {
            if (!byId || g.topics() == null) {
                OffsetFetchResponseData.OffsetFetchResponseGroup out = fetchGroup(g, version);
                if (byId && out.errorCode() == Errors.NONE.code()) for (OffsetFetchResponseData.OffsetFetchResponseTopics t : out.topics()) t.setTopicId(topicId(t.name()));
                groups.add(out);
                continue;
            }
            OffsetFetchRequestData.OffsetFetchRequestGroup resolved = g.duplicate();
            resolved.topics().clear();
            List<OffsetFetchRequestData.OffsetFetchRequestTopics> unknown = new ArrayList<>();
            for (OffsetFetchRequestData.OffsetFetchRequestTopics t : g.topics()) {
                java.util.Optional<String> name = world.image.topicMetadata(t.topicId()).map(m -> m.name());
                if (name.isPresent()) resolved.topics().add(t.duplicate().setName(name.get()));
                else unknown.add(t);
            }
            OffsetFetchResponseData.OffsetFetchResponseGroup out = fetchGroup(resolved, version);
            if (out.errorCode() != Errors.NONE.code()) {
                groups.add(OffsetFetchResponse.groupError(g, Errors.forCode(out.errorCode()), version));
                continue;
            }
            for (OffsetFetchResponseData.OffsetFetchResponseTopics t : out.topics()) t.setTopicId(topicId(t.name()));
            for (OffsetFetchRequestData.OffsetFetchRequestTopics t : unknown) {
                OffsetFetchResponseData.OffsetFetchResponseTopics topic = new OffsetFetchResponseData.OffsetFetchResponseTopics().setTopicId(t.topicId()).setName("");
                for (int p : t.partitionIndexes())
                    topic.partitions().add(new OffsetFetchResponseData.OffsetFetchResponsePartitions().setPartitionIndex(p).setCommittedOffset(-1L).setCommittedLeaderEpoch(-1).setMetadata("").setErrorCode(Errors.UNKNOWN_TOPIC_ID.code()));
                out.topics().add(topic);
            }
            groups.add(out);
        }
        return new OffsetFetchResponse.Builder(groups).build(version).data();
    }

    /** GroupCoordinatorService.fetchOffsets / fetchAllOffsets for one group (a null id is INVALID_GROUP_ID; KafkaLine picks the shard method). */
    private OffsetFetchResponseData.OffsetFetchResponseGroup fetchGroup(OffsetFetchRequestData.OffsetFetchRequestGroup g, short version) {
        if (g.groupId() == null) return OffsetFetchResponse.groupError(g, Errors.INVALID_GROUP_ID, version);
        try {
            throwIfLoading();
            return KafkaLine.fetchOffsets(world.shard, g, world.offset());
        } catch (RuntimeException e) {
            return failed("fetch-offsets", g, e, (error, message) -> OffsetFetchResponse.groupError(g, error, version));
        }
    }

    /**
     * KafkaApis.handleOffsetDeleteRequest around the service: a topic the metadata cache does not have, or a partition
     * without a leader there, is answered UNKNOWN_TOPIC_OR_PARTITION; the rest goes to the service (even when nothing
     * is left), and its answer is merged after those (OffsetDeleteResponse.Builder, Kafka's own).
     */
    private OffsetDeleteResponseData deleteOffsets(OffsetDeleteRequestData request, ShardContext ctx) {
        OffsetDeleteResponse.Builder answer = new OffsetDeleteResponse.Builder();
        OffsetDeleteRequestData known = request.duplicate();
        known.topics().clear();
        for (OffsetDeleteRequestData.OffsetDeleteRequestTopic t : request.topics()) {
            int count = world.image.topicMetadata(t.name()).map(m -> m.partitionCount()).orElse(-1);
            OffsetDeleteRequestData.OffsetDeleteRequestTopic ok = t.duplicate();
            ok.partitions().clear();
            for (OffsetDeleteRequestData.OffsetDeleteRequestPartition p : t.partitions()) {
                if (p.partitionIndex() >= 0 && p.partitionIndex() < count) ok.partitions().add(p);
                else answer.addPartition(t.name(), p.partitionIndex(), Errors.UNKNOWN_TOPIC_OR_PARTITION);
            }
            if (!ok.partitions().isEmpty()) known.topics().add(ok);
        }
        return answer.merge(deleteKnown(known, ctx)).build().data();
    }

    private OffsetDeleteResponseData deleteKnown(OffsetDeleteRequestData request, ShardContext ctx) {
        if (!isGroupIdNotEmpty(request.groupId())) return new OffsetDeleteResponseData().setErrorCode(Errors.INVALID_GROUP_ID.code());
        try {
            throwIfLoading();
            return world.write(() -> world.shard.deleteOffsets(ctx, request));
        } catch (RuntimeException e) {
            return failed("delete-offsets", request, e, (error, message) -> new OffsetDeleteResponseData().setErrorCode(error.code()));
        }
    }

    private ListGroupsResponseData listGroups(ListGroupsRequestData request) {
        try {
            throwIfLoading();
            return new ListGroupsResponseData().setGroups(world.shard.listGroups(request.statesFilter(), request.typesFilter(), world.offset()));
        } catch (RuntimeException e) {
            return failed("list-groups", request, e, (error, message) -> new ListGroupsResponseData().setErrorCode(error.code()));
        }
    }

    private DescribeGroupsResponseData describeGroups(DescribeGroupsRequestData request, ShardContext ctx) {
        List<DescribeGroupsResponseData.DescribedGroup> out = new ArrayList<>();
        List<String> ids = new ArrayList<>(request.groups());
        try {
            throwIfLoading();
            List<DescribeGroupsResponseData.DescribedGroup> described = world.shard.describeGroups(ctx, ids, world.offset());
            // KafkaApis.handleDescribeGroupsRequest: a found group's authorized operations, when asked for (v3+)
            if (request.includeAuthorizedOperations()) for (DescribeGroupsResponseData.DescribedGroup g : described) if (g.errorCode() == Errors.NONE.code()) g.setAuthorizedOperations(GROUP_OPERATIONS);
            out.addAll(described);
        } catch (RuntimeException e) {
            out.addAll(failed("describe-groups", ids, e, (error, message) -> DescribeGroupsRequest.getErrorDescribedGroupList(ids, error)));
        }
        return new DescribeGroupsResponseData().setGroups(out);
    }

    private DeleteGroupsResponseData deleteGroups(DeleteGroupsRequestData request, ShardContext ctx) {
        DeleteGroupsResponseData.DeletableGroupResultCollection results = new DeleteGroupsResponseData.DeletableGroupResultCollection();
        List<String> ids = new ArrayList<>();
        for (String id : request.groupsNames()) {
            // the service answers a null id itself (an empty one goes to the shard: GROUP_ID_NOT_FOUND)
            if (id != null) ids.add(id);
            else results.add(new DeleteGroupsResponseData.DeletableGroupResult().setGroupId(id).setErrorCode(Errors.INVALID_GROUP_ID.code()));
        }
        if (!ids.isEmpty()) {
            // updateResponseAndGetNonErrorGroupList: the ids (no share group among them, so no pre-check error) pass
            // through a HashSet, so each is deleted once, in the set's iteration order
            List<String> distinct = new java.util.HashSet<>(ids).stream().toList();
            try {
                throwIfLoading();
                DeleteGroupsResponseData.DeletableGroupResultCollection deleted = world.write(() -> world.shard.deleteGroups(ctx, distinct));
                for (DeleteGroupsResponseData.DeletableGroupResult r : deleted) results.add(r.duplicate());
            } catch (RuntimeException e) {
                for (DeleteGroupsResponseData.DeletableGroupResult r : failed("delete-groups", distinct, e, (error, message) -> DeleteGroupsRequest.getErrorResultCollection(distinct, error))) results.add(r.duplicate());
            }
        }
        return new DeleteGroupsResponseData().setResults(results);
    }

    /** Topic ids by name, for a response that names topics by id (OffsetCommit and OffsetFetch v10). */
    Uuid topicId(String name) {
        return world.image.topicMetadata(name).map(t -> t.id()).orElse(Uuid.ZERO_UUID);
    }
}
