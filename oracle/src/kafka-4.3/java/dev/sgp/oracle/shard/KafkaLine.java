package dev.sgp.oracle.shard;

import org.apache.kafka.common.message.OffsetFetchRequestData;
import org.apache.kafka.common.message.OffsetFetchResponseData;
import org.apache.kafka.common.message.StreamsGroupDescribeRequestData;
import org.apache.kafka.common.message.StreamsGroupDescribeResponseData;
import org.apache.kafka.common.utils.LogContext;
import org.apache.kafka.coordinator.group.GroupConfig;
import org.apache.kafka.coordinator.group.GroupConfigManager;
import org.apache.kafka.coordinator.group.GroupCoordinatorConfig;
import org.apache.kafka.coordinator.group.GroupCoordinatorShard;
import org.apache.kafka.coordinator.group.modern.share.ShareGroupConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The shard engine's adapter to Kafka 4.3: LogContext in common.utils; new metadata through onMetadataUpdate and onTopicsDeleted (both new in 4.3). */
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

    /** The group configs' manager, over the broker's group config defaults and its bounds. */
    static GroupConfigManager groupConfigManager(GroupCoordinatorConfig config, ShareGroupConfig shareConfig) {
        return new GroupConfigManager(config.extractGroupConfigMap(shareConfig), config, shareConfig);
    }

    static void validateGroupConfig(Map<String, String> configs, GroupCoordinatorConfig config, ShareGroupConfig shareConfig) {
        GroupConfig.validate(configs, config, shareConfig);
    }

    /** StreamsGroupDescribe v0: the shard's described groups. */
    static List<StreamsGroupDescribeResponseData.DescribedGroup> streamsGroupDescribe(GroupCoordinatorShard shard, StreamsGroupDescribeRequestData request, List<String> ids, long offset) {
        return shard.streamsGroupDescribe(ids, offset);
    }

    /** OffsetFetch of one group: the shard's fetchOffsets, which itself fetches all offsets when the group names no topics. */
    static OffsetFetchResponseData.OffsetFetchResponseGroup fetchOffsets(GroupCoordinatorShard shard, OffsetFetchRequestData.OffsetFetchRequestGroup group, long offset) {
        return shard.fetchOffsets(group, offset);
    }
}
