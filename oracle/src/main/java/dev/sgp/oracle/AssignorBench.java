package dev.sgp.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.coordinator.group.api.streams.assignor.GroupAssignment;
import org.apache.kafka.coordinator.group.api.streams.assignor.GroupSpec;
import org.apache.kafka.coordinator.group.api.streams.assignor.TopologyDescriber;
import org.apache.kafka.coordinator.group.streams.assignor.StickyTaskAssignor;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Times Kafka's own StickyTaskAssignor (kafka-group-coordinator 4.4.0) for `npm run bench`, driven by the Node side
 * over JSON lines so that the two sides run interleaved on the same inputs in one long-lived JVM.
 *
 * {"op": "load", "key": k, "input": {AssignorRunner's input}} keeps the input's group spec and topology under k and
 * answers {"key": k, "members": {...}} (one assignment, in AssignorRunner's output form, for checking both sides agree).
 * {"op": "time", "key": k, "runs": n} runs n assignments of k and answers {"key": k, "nanos": [n durations]}, each
 * measured with System.nanoTime around StickyTaskAssignor.assign alone.
 */
public final class AssignorBench {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Loaded(GroupSpec spec, TopologyDescriber topology) { }

    private AssignorBench() { }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        Map<String, Loaded> loaded = new HashMap<>();
        StickyTaskAssignor assignor = new StickyTaskAssignor();
        // the result of every timed run goes here, so the JIT cannot drop the work as dead code
        long sink = 0;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            JsonNode request = JSON.readTree(line);
            String key = request.get("key").asText();
            ObjectNode response = JSON.createObjectNode();
            response.put("key", key);
            switch (request.get("op").asText()) {
                case "load" -> {
                    JsonNode input = request.get("input");
                    Loaded l = new Loaded(AssignorRunner.groupSpec(input), AssignorRunner.describer(input.get("subtopologies")));
                    loaded.put(key, l);
                    response.set("members", AssignorRunner.membersJson(assignor.assign(l.spec(), l.topology())));
                }
                case "time" -> {
                    Loaded l = loaded.get(key);
                    int runs = request.get("runs").asInt();
                    ArrayNode nanos = response.putArray("nanos");
                    for (int i = 0; i < runs; i++) {
                        long t0 = System.nanoTime();
                        GroupAssignment a = assignor.assign(l.spec(), l.topology());
                        long dt = System.nanoTime() - t0;
                        sink += a.members().size();
                        nanos.add(dt);
                    }
                }
                default -> response.put("error", "unknown op " + request.get("op").asText());
            }
            response.put("sink", sink);
            out.write(JSON.writeValueAsString(response));
            out.newLine();
            out.flush();
        }
    }
}
