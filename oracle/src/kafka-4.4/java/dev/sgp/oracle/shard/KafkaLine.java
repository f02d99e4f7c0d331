package dev.sgp.oracle.shard;

import org.apache.kafka.common.message.OffsetFetchRequestData;
import org.apache.kafka.common.message.OffsetFetchResponseData;
import org.apache.kafka.common.message.StreamsGroupDescribeRequestData;
import org.apache.kafka.common.message.StreamsGroupDescribeResponseData;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.utils.internals.LogContext;
import org.apache.kafka.coordinator.group.GroupConfig;
import org.apache.kafka.coordinator.group.GroupConfigManager;
import org.apache.kafka.coordinator.group.GroupCoordinatorConfig;
import org.apache.kafka.coordinator.group.GroupCoordinatorShard;
import org.apache.kafka.coordinator.group.modern.share.ShareGroupConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The shard engine's adapter to Kafka 4.4: LogContext moved to common.utils.internals; metadata as in 4.3. */
final class KafkaLine {
    private KafkaLine() { }

    static LogContext logContext() {
        return new LogContext();
    }

    /**
     * A new metadata image, as GroupCoordinatorService.onMetadataUpdate hands it on: the shard hears of it
     * (onMetadataUpdate), then of the deleted topics (onTopicsDeleted, a write).
     */
    static void update(ShardWorld world, ShardImage before, ShardImage next) {
        ShardImage.Delta delta = ShardImage.Delta.between(before, next);
        List<GroupCoordinatorShard.DeletedTopic> deleted = new ArrayList<>();
        for (ShardImage.Topic t : before.topics()) if (delta.deletedTopicIds().contains(t.id())) deleted.add(new GroupCoordinatorShard.DeletedTopic(t.id(), t.name()));
        world.shard.onMetadataUpdate(delta, next);
        if (!deleted.isEmpty()) world.write(() -> world.shard.onTopicsDeleted(deleted));
    }

    static GroupConfigManager groupConfigManager(GroupCoordinatorConfig config, ShareGroupConfig shareConfig) {
        return new GroupConfigManager(config, shareConfig);
    }

    static void validateGroupConfig(Map<String, String> configs, GroupCoordinatorConfig config, ShareGroupConfig shareConfig) {
        GroupConfig.validate(configs, config, shareConfig);
    }

    /** The shard's described groups (a result object since 4.4) and, at Describe v1 (new in 4.4), the topology description's status. */
    static List<StreamsGroupDescribeResponseData.DescribedGroup> streamsGroupDescribe(GroupCoordinatorShard shard, StreamsGroupDescribeRequestData request, List<String> ids, long offset) {
        List<StreamsGroupDescribeResponseData.DescribedGroup> described = shard.streamsGroupDescribe(ids, offset).describedGroups();
        // StreamsGroupTopologyDescriptionManager.attachTopologyDescriptions without a plugin: a found group's is NOT_STORED (1)
        if (request.includeTopologyDescription()) for (StreamsGroupDescribeResponseData.DescribedGroup g : described) if (g.errorCode() == Errors.NONE.code()) g.setTopologyDescriptionStatus((byte) 1);
        return described;
    }

    /** OffsetFetch of one group: the shard's fetchOffsets, which itself fetches all offsets when the group names no topics. */
    static OffsetFetchResponseData.OffsetFetchResponseGroup fetchOffsets(GroupCoordinatorShard shard, OffsetFetchRequestData.OffsetFetchRequestGroup group, long offset) {
        return shard.fetchOffsets(group, offset);
    }
}
