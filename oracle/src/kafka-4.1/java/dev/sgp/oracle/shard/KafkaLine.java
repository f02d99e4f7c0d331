package dev.sgp.oracle.shard;

import org.apache.kafka.common.TopicPartition;
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
import org.apache.kafka.image.MetadataDelta;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** The shard engine's adapter to Kafka 4.1: LogContext in common.utils; KRaft's MetadataImage through onNewMetadataImage. */
final class KafkaLine {
    private KafkaLine() { }

    static LogContext logContext() {
        return new LogContext();
    }

    /**
     * A new metadata image, as 4.1's BrokerMetadataPublisher hands it on: first the deleted topics' partitions
     * (GroupCoordinator.onPartitionsDeleted, a write), then the image and its delta (onNewMetadataImage).
     */
    static void update(ShardWorld world, ShardImage before, ShardImage next) {
        MetadataDelta delta = next.deltaFrom(before);
        List<TopicPartition> deleted = new ArrayList<>();
        for (ShardImage.Topic t : before.topics()) {
            ShardImage.Topic now = next.topicMetadata(t.name()).orElse(null);
            if (now == null || !now.id().equals(t.id())) for (int p = 0; p < t.partitions(); p++) deleted.add(new TopicPartition(t.name(), p));
        }
        if (!deleted.isEmpty()) world.write(() -> world.shard.onPartitionsDeleted(deleted));
        world.shard.onNewMetadataImage(next.applied(delta), delta);
    }

    /** The group configs' manager (4.1 and 4.2: over the broker's group config defaults only). */
    static GroupConfigManager groupConfigManager(GroupCoordinatorConfig config, ShareGroupConfig shareConfig) {
        return new GroupConfigManager(config.extractGroupConfigMap(shareConfig));
    }

    /** GroupConfig.validate, which takes Properties before 4.3. */
    static void validateGroupConfig(Map<String, String> configs, GroupCoordinatorConfig config, ShareGroupConfig shareConfig) {
        Properties props = new Properties();
        props.putAll(configs);
        GroupConfig.validate(props, config, shareConfig);
    }

    /** StreamsGroupDescribe v0: the shard's described groups. */
    static List<StreamsGroupDescribeResponseData.DescribedGroup> streamsGroupDescribe(GroupCoordinatorShard shard, StreamsGroupDescribeRequestData request, List<String> ids, long offset) {
        return shard.streamsGroupDescribe(ids, offset);
    }

    /**
     * OffsetFetch of one group: GroupCoordinatorService.fetchAllOffsets when the group names no topics (4.1's shard
     * fetchOffsets reads the topic list and has no such branch), else fetchOffsets.
     */
    static OffsetFetchResponseData.OffsetFetchResponseGroup fetchOffsets(GroupCoordinatorShard shard, OffsetFetchRequestData.OffsetFetchRequestGroup group, long offset) {
        return group.topics() == null ? shard.fetchAllOffsets(group, offset) : shard.fetchOffsets(group, offset);
    }
}
