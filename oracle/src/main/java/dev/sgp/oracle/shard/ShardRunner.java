package dev.sgp.oracle.shard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sgp.oracle.JsonLines;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.MessageUtil;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kafka's own group coordinator shard (GroupCoordinatorShard from the published jar of the release it was built
 * against: 4.4.0, or 4.1.x–4.3.x, see oracle/pom.xml), in process, on the scenario's clock: `sgp oracle FILE --engine
 * shard [--kafka VERSION]` runs a scenario on it. Reads JSON lines on stdin, prints one JSON
 * line per input; one process runs many scenarios ("reset" starts a fresh world). Requests, responses and records
 * travel as Kafka's own bytes (base64), so the playground reads them with the same codec as a live broker's.
 *
 * Ops (every input may carry an "id", echoed back; a failure is {"error":"..."} and the runner goes on):
 *   {"op":"reset","configs":{name:value},"topics":[{"name","id","partitions"}],"log":[{"key":b64,"value":b64|null}],"startMs":n,
 *    "features":{"streams.version":n}}
 *       a fresh partition at time startMs (default 0) whose log holds the given records (a scenario's initialLog),
 *       on a cluster whose streams.version feature is finalized at the level given (default 1: streams groups on),
 *       loaded by a fresh shard; answers {"kafka":"4.2.2"}, the release whose jars run it (kafka-clients' version,
 *       which the playground checks against the release it asked for). The playground sends its clock base (src/core/oracle/shardClock.ts): Kafka reads an
 *       assignment timestamp of 0 as "never assigned", so its clock must not start at the scenario's 0; every time in
 *       the ops below is on this clock (the playground shifts its instants in and back out, and says so)
 *   {"op":"advance","to":ms} -> {"timers":[key…],"records":[…]}   fire every timer due at or before `to`, in order
 *   {"op":"request","api":"OffsetCommit","apiKey":8,"version":9,"body":b64,"clientId":"a","clientHost":"/127.0.0.1",
 *    "createTopics":false}
 *       -> {"response":b64,"records":[…],"topicsToCreate":[{"name","partitions"}],"handledNs":n}   with createTopics, the
 *       topics the coordinator asks for that the cluster lacks are created at once (as KafkaApis does), their records
 *       after the request's, and named in "created":[{"name","id"}] (ids as src/core/util/uuid.ts topicIdOf makes them)
 *   {"op":"topics","topics":[{"name","id","partitions"}]} -> {"records":[…]}   the cluster's topics after a change
 *   {"op":"topicsChange","create":[{"name","partitions"}],"delete":[name…],"partitions":{name:n}} -> {"records":[…]}
 *       the same, as a change to the cluster's topics: creates (a topic that exists keeps its place), then deletes,
 *       then partition counts, in that order
 *   {"op":"batch","ops":[op…]} -> {"replies":[reply…]}   the ops in order, in one exchange (the first failure fails
 *       the batch, naming the op)
 *   {"op":"groupConfigs","groupId":"g","configs":{name:value}}   a group's configs (the full set, as the broker holds it)
 *   {"op":"failover","loadMs":n} -> {"records":[…]}   a fresh shard replays the log (after loadMs, if given)
 */
public final class ShardRunner {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Base64.Encoder B64 = Base64.getEncoder();
    private static final Base64.Decoder UNB64 = Base64.getDecoder();

    /** The release of the Kafka jars on the classpath, as AppInfoParser reads it (its class moved in 4.4: read here). */
    private static final String KAFKA_VERSION = kafkaVersion();

    private static String kafkaVersion() {
        java.util.Properties props = new java.util.Properties();
        try (java.io.InputStream in = org.apache.kafka.common.Uuid.class.getResourceAsStream("/kafka/kafka-version.properties")) {
            if (in != null) props.load(in);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return props.getProperty("version", "unknown");
    }

    private ShardWorld world;
    private ShardService service;

    private ShardRunner() { }

    public static void main(String[] args) throws Exception {
        ShardRunner runner = new ShardRunner();
        JsonLines.serve(runner::run, e -> e.getClass().getSimpleName() + ": " + e.getMessage(), true);
    }

    private ObjectNode run(JsonNode input) {
        String op = input.path("op").asText();
        if (op.equals("batch")) return batch(input.path("ops"));
        if (!op.equals("reset") && world == null) throw new IllegalStateException("no scenario: send a reset first");
        ObjectNode out = JSON.createObjectNode();
        world = op.equals("reset") ? reset(input) : world;
        switch (op) {
            case "reset" -> out.put("kafka", KAFKA_VERSION);
            case "advance" -> {
                ArrayNode timers = out.putArray("timers");
                for (String k : world.advanceTo(input.path("to").asLong())) timers.add(k);
            }
            case "request" -> {
                String api = input.path("api").asText();
                short version = (short) input.path("version").asInt();
                ShardContext ctx = ShardContext.of(input.path("clientId").asText(), input.path("clientHost").asText("/127.0.0.1"), input.path("apiKey").asInt(), version);
                service.notCoordinator = input.path("notCoordinator").asBoolean(false);
                long t0 = System.nanoTime();
                ShardService.Answer answer = service.handle(api, version, ByteBuffer.wrap(UNB64.decode(input.path("body").asText())), ctx);
                out.put("response", B64.encodeToString(bytes(answer.response(), version)));
                out.put("handledNs", System.nanoTime() - t0);
                ArrayNode create = out.putArray("topicsToCreate");
                answer.topicsToCreate().forEach((name, n) -> create.addObject().put("name", name).put("partitions", n));
                if (input.path("createTopics").asBoolean(false)) createMissing(answer.topicsToCreate(), out.putArray("created"));
            }
            case "topics" -> world.updateImage(image(input.path("topics")));
            case "topicsChange" -> changeTopics(input);
            case "groupConfigs" -> {
                java.util.Properties props = new java.util.Properties();
                input.path("configs").fields().forEachRemaining(e -> props.put(e.getKey(), e.getValue().asText()));
                world.groupConfigs.updateGroupConfig(input.path("groupId").asText(), props);
            }
            case "failover" -> world.failover(input.path("loadMs").asLong(0));
            default -> throw new IllegalArgumentException("unknown op " + op);
        }
        out.put("now", world.clock.now());
        ArrayNode records = out.putArray("records");
        for (ShardWorld.LogRecord r : world.appended) {
            ObjectNode o = records.addObject();
            o.put("key", B64.encodeToString(r.key()));
            if (r.value() == null) o.putNull("value");
            else o.put("value", B64.encodeToString(r.value()));
        }
        world.appended.clear();
        return out;
    }

    /** The ops of a batch, each as if sent alone; the first failure fails the batch, naming the op. */
    private ObjectNode batch(JsonNode ops) {
        ObjectNode out = JSON.createObjectNode();
        ArrayNode replies = out.putArray("replies");
        int i = 0;
        for (JsonNode op : ops) {
            try {
                replies.add(run(op));
            } catch (RuntimeException e) {
                throw new IllegalStateException("op " + i + " (" + op.path("op").asText() + "): " + e.getClass().getSimpleName() + ": " + e.getMessage(), e);
            }
            i++;
        }
        return out;
    }

    /** The cluster's topics, name to partition count, in the image's order. */
    private Map<String, Integer> currentTopics() {
        Map<String, Integer> topics = new LinkedHashMap<>();
        for (ShardImage.Topic t : world.image.topics()) topics.put(t.name(), t.partitions());
        return topics;
    }

    private void setTopics(Map<String, Integer> topics) {
        List<ShardImage.Topic> list = new ArrayList<>();
        topics.forEach((name, n) -> list.add(new ShardImage.Topic(name, TopicIds.of(name), n)));
        world.updateImage(new ShardImage(list, ++imageVersion));
    }

    /** KafkaApis creates the internal topics a heartbeat asks for; here at once, after the request. */
    private void createMissing(Map<String, Integer> asked, ArrayNode created) {
        Map<String, Integer> topics = currentTopics();
        boolean changed = false;
        for (Map.Entry<String, Integer> e : asked.entrySet()) {
            if (topics.containsKey(e.getKey())) continue;
            topics.put(e.getKey(), e.getValue());
            created.addObject().put("name", e.getKey()).put("id", TopicIds.of(e.getKey()).toString());
            changed = true;
        }
        if (changed) setTopics(topics);
    }

    private void changeTopics(JsonNode input) {
        Map<String, Integer> topics = currentTopics();
        for (JsonNode c : input.path("create")) topics.put(c.path("name").asText(), c.path("partitions").asInt());
        for (JsonNode d : input.path("delete")) topics.remove(d.asText());
        input.path("partitions").fields().forEachRemaining(e -> topics.put(e.getKey(), e.getValue().asInt()));
        setTopics(topics);
    }

    private static byte[] bytes(ApiMessage message, short version) {
        return MessageUtil.byteBufferToArray(MessageUtil.toByteBufferAccessor(message, version).buffer());
    }

    private ShardWorld reset(JsonNode input) {
        Map<String, String> configs = new HashMap<>();
        input.path("configs").fields().forEachRemaining(e -> configs.put(e.getKey(), e.getValue().asText()));
        ShardWorld w = new ShardWorld(configs);
        w.image = image(input.path("topics"));
        for (JsonNode r : input.path("log")) {
            JsonNode v = r.path("value");
            w.appendInitial(new ShardWorld.LogRecord(UNB64.decode(r.path("key").asText()), v.isNull() || v.isMissingNode() ? null : UNB64.decode(v.asText())));
        }
        if (input.path("features").has("streams.version")) w.streamsVersion = (short) input.path("features").path("streams.version").asInt();
        // the clock starts at the playground's base before the load, so the load's timers count from it
        w.clock.set(input.path("startMs").asLong(0));
        w.load();
        service = new ShardService(w);
        return w;
    }

    private long imageVersion;

    private ShardImage image(JsonNode topics) {
        List<ShardImage.Topic> list = new ArrayList<>();
        for (JsonNode t : topics) list.add(new ShardImage.Topic(t.path("name").asText(), Uuid.fromString(t.path("id").asText()), t.path("partitions").asInt()));
        return new ShardImage(list, ++imageVersion);
    }
}
