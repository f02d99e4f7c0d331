package dev.sgp.oracle.shard;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.common.runtime.CoordinatorMetadataDelta;
import org.apache.kafka.coordinator.common.runtime.CoordinatorMetadataImage;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The cluster's topics as the group coordinator sees them: names, ids and partition counts (no racks: one broker).
 * From Kafka 4.2 the shard reads the coordinator's own CoordinatorMetadataImage, which this implements directly.
 */
final class ShardImage implements CoordinatorMetadataImage {
    record Topic(String name, Uuid id, int partitions) implements TopicMetadata {
        @Override
        public int partitionCount() {
            return partitions;
        }

        @Override
        public List<String> partitionRacks(int partition) {
            // mutable: Kafka sorts the racks in place
            return new ArrayList<>();
        }
    }

    private final Map<String, Topic> byName;
    private final long version;

    ShardImage(Collection<Topic> topics, long version) {
        Map<String, Topic> m = new LinkedHashMap<>();
        for (Topic t : topics) m.put(t.name(), t);
        this.byName = Collections.unmodifiableMap(m);
        this.version = version;
    }

    Collection<Topic> topics() {
        return byName.values();
    }

    /** The image as the shard reads it (onLoaded): this one. */
    ShardImage forShard() {
        return this;
    }

    @Override
    public Set<Uuid> topicIds() {
        return byName.values().stream().map(Topic::id).collect(Collectors.toSet());
    }

    @Override
    public Set<String> topicNames() {
        return byName.keySet();
    }

    @Override
    public Optional<TopicMetadata> topicMetadata(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    @Override
    public Optional<TopicMetadata> topicMetadata(Uuid id) {
        return byName.values().stream().filter(t -> t.id().equals(id)).map(t -> (TopicMetadata) t).findFirst();
    }

    @Override
    public CoordinatorMetadataDelta emptyDelta() {
        return new Delta(this, List.of(), List.of(), Set.of());
    }

    @Override
    public long version() {
        return version;
    }

    @Override
    public boolean isEmpty() {
        return byName.isEmpty();
    }

    /**
     * What changed from one image to the next (created, changed and deleted topic ids). Its image is the one before
     * the change, as KRaft's MetadataDelta.image() is the image the delta applies to: GroupMetadataManager.onMetadataUpdate
     * names a deleted topic by looking its id up there (in the new image it is gone).
     */
    record Delta(ShardImage image, Collection<Uuid> createdTopicIds, Collection<Uuid> changedTopicIds, Set<Uuid> deletedTopicIds) implements CoordinatorMetadataDelta {
        static Delta between(ShardImage before, ShardImage after) {
            List<Uuid> created = new ArrayList<>();
            List<Uuid> changed = new ArrayList<>();
            for (Topic t : after.topics()) {
                Topic old = before.byName.get(t.name());
                if (old == null || !old.id().equals(t.id())) created.add(t.id());
                else if (old.partitions() != t.partitions()) changed.add(t.id());
            }
            Set<Uuid> deleted = new java.util.LinkedHashSet<>();
            for (Topic t : before.topics()) {
                Topic now = after.byName.get(t.name());
                if (now == null || !now.id().equals(t.id())) deleted.add(t.id());
            }
            // a created topic counts as changed too (KRaft's TopicsDelta lists new topics among the changed ones)
            List<Uuid> changedAll = new ArrayList<>(created);
            changedAll.addAll(changed);
            return new Delta(before, created, changedAll, deleted);
        }
    }
}
