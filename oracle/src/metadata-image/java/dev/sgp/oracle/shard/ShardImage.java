package dev.sgp.oracle.shard;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.metadata.PartitionRecord;
import org.apache.kafka.common.metadata.RemoveTopicRecord;
import org.apache.kafka.common.metadata.TopicRecord;
import org.apache.kafka.image.MetadataDelta;
import org.apache.kafka.image.MetadataImage;
import org.apache.kafka.image.MetadataProvenance;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cluster's topics as the group coordinator sees them: names, ids and partition counts (no racks: one broker).
 * Kafka 4.1's shard reads KRaft's own MetadataImage: this one is made the way a broker makes it, by replaying
 * TopicRecord, PartitionRecord and RemoveTopicRecord into a MetadataDelta on the image before (each partition led by
 * broker 0, which has no registration and so no rack); its offset is the image's version.
 */
final class ShardImage {
    record Topic(String name, Uuid id, int partitions) {
        int partitionCount() {
            return partitions;
        }
    }

    private final Map<String, Topic> byName;
    private final long version;
    /** KRaft's image, made on first use from the empty one, or from the image before by KafkaLine.update. */
    private MetadataImage kafka;

    ShardImage(Collection<Topic> topics, long version) {
        Map<String, Topic> m = new LinkedHashMap<>();
        for (Topic t : topics) m.put(t.name(), t);
        this.byName = Collections.unmodifiableMap(m);
        this.version = version;
    }

    Collection<Topic> topics() {
        return byName.values();
    }

    Optional<Topic> topicMetadata(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    Optional<Topic> topicMetadata(Uuid id) {
        return byName.values().stream().filter(t -> t.id().equals(id)).findFirst();
    }

    /** The image as the shard reads it (onLoaded). */
    MetadataImage forShard() {
        if (kafka == null) kafka = deltaFrom(null).apply(provenance());
        return kafka;
    }

    /** The records that turn `before` (null: the empty image) into this image, replayed on before's KRaft image. */
    MetadataDelta deltaFrom(ShardImage before) {
        MetadataDelta delta = new MetadataDelta(before == null ? MetadataImage.EMPTY : before.forShard());
        Map<String, Topic> old = before == null ? Map.of() : before.byName;
        for (Topic t : old.values()) {
            Topic now = byName.get(t.name());
            if (now == null || !now.id().equals(t.id())) delta.replay(new RemoveTopicRecord().setTopicId(t.id()));
        }
        for (Topic t : byName.values()) {
            Topic was = old.get(t.name());
            int from = 0;
            if (was != null && was.id().equals(t.id())) {
                if (t.partitions() < was.partitions()) throw new IllegalArgumentException("topic " + t.name() + " cannot lose partitions");
                from = was.partitions();
            } else {
                delta.replay(new TopicRecord().setName(t.name()).setTopicId(t.id()));
            }
            for (int p = from; p < t.partitions(); p++)
                delta.replay(new PartitionRecord().setPartitionId(p).setTopicId(t.id()).setReplicas(List.of(0)).setIsr(List.of(0)).setLeader(0).setLeaderEpoch(0).setPartitionEpoch(0));
        }
        return delta;
    }

    /** Sets this image's KRaft form to `delta` applied (the image after before's), and returns it. */
    MetadataImage applied(MetadataDelta delta) {
        kafka = delta.apply(provenance());
        return kafka;
    }

    private MetadataProvenance provenance() {
        return new MetadataProvenance(version, 0, 0L, true);
    }
}
