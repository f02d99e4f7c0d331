package dev.sgp.oracle;

import com.dynatrace.hash4j.hashing.Hashing;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.coordinator.common.runtime.CoordinatorMetadataDelta;
import org.apache.kafka.coordinator.common.runtime.CoordinatorMetadataImage;
import org.apache.kafka.coordinator.group.Utils;

import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Kafka 4.4.0's metadata hash, for the playground's test vectors (src/core/topology/metadataHash.ts): reads JSON lines
 * on stdin and prints one JSON line per input, computed only by Kafka's Utils and the hash4j library it uses. Every
 * hash is printed as a decimal string (a Java long is beyond JSON's exact integers).
 *
 * Ops:
 *   {"op":"xxh3","bytes":b64} -> {"hash":"n"}   hash4j's XXH3-64 of the bytes (what Kafka's hash streams feed)
 *   {"op":"topic","id":uuid,"name":s,"partitions":n,"racks":[[rack…]…]} -> {"hash":"n"}   Utils.computeTopicHash
 *   {"op":"group","topics":{name:"hash"}} -> {"hash":"n"}   Utils.computeGroupHash
 * Any failure is {"error":"Class: message"} on that line (JsonLines.serve).
 */
public final class MetadataHashRunner {
    private static final ObjectMapper JSON = new ObjectMapper();

    private MetadataHashRunner() { }

    public static void main(String[] args) throws Exception {
        JsonLines.serve(input -> {
            ObjectNode result = JSON.createObjectNode();
            result.put("hash", Long.toString(hash(input)));
            return result;
        }, e -> e.getClass().getSimpleName() + ": " + e.getMessage(), false);
    }

    private static long hash(JsonNode input) {
        switch (input.path("op").asText()) {
            case "xxh3":
                return Hashing.xxh3_64().hashBytesToLong(Base64.getDecoder().decode(input.path("bytes").asText()));
            case "topic": {
                List<List<String>> racks = new ArrayList<>();
                for (JsonNode p : input.path("racks")) {
                    List<String> r = new ArrayList<>();
                    p.forEach(n -> r.add(n.asText()));
                    racks.add(r);
                }
                Topic t = new Topic(input.path("name").asText(), Uuid.fromString(input.path("id").asText()), input.path("partitions").asInt(), racks);
                return Utils.computeTopicHash(t.name(), new Image(t));
            }
            case "group": {
                Map<String, Long> topics = new LinkedHashMap<>();
                input.path("topics").fields().forEachRemaining(e -> topics.put(e.getKey(), Long.parseLong(e.getValue().asText())));
                return Utils.computeGroupHash(topics);
            }
            default:
                throw new IllegalArgumentException("unknown op " + input.path("op").asText());
        }
    }

    /** One topic with the racks of each partition (none where the list is shorter). */
    private record Topic(String name, Uuid id, int partitionCount, List<List<String>> racks) implements CoordinatorMetadataImage.TopicMetadata {
        @Override
        public List<String> partitionRacks(int partition) {
            // mutable: Kafka sorts the racks in place
            return partition < racks.size() ? new ArrayList<>(racks.get(partition)) : new ArrayList<>();
        }
    }

    /** An image holding one topic, all computeTopicHash reads. */
    private record Image(Topic topic) implements CoordinatorMetadataImage {
        @Override
        public Set<Uuid> topicIds() {
            return Set.of(topic.id());
        }

        @Override
        public Set<String> topicNames() {
            return Set.of(topic.name());
        }

        @Override
        public Optional<TopicMetadata> topicMetadata(String name) {
            return name.equals(topic.name()) ? Optional.of(topic) : Optional.empty();
        }

        @Override
        public Optional<TopicMetadata> topicMetadata(Uuid id) {
            return id.equals(topic.id()) ? Optional.of(topic) : Optional.empty();
        }

        @Override
        public CoordinatorMetadataDelta emptyDelta() {
            throw new UnsupportedOperationException("a one-topic image for hashing has no deltas");
        }

        @Override
        public long version() {
            return 0;
        }

        @Override
        public boolean isEmpty() {
            return false;
        }
    }
}
