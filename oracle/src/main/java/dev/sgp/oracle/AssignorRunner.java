package dev.sgp.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.coordinator.group.api.streams.assignor.GroupAssignment;
import org.apache.kafka.coordinator.group.api.streams.assignor.MemberAssignment;
import org.apache.kafka.coordinator.group.api.streams.assignor.TopologyDescriber;
import org.apache.kafka.coordinator.group.streams.assignor.AssignmentConfigsImpl;
import org.apache.kafka.coordinator.group.streams.assignor.GroupSpecImpl;
import org.apache.kafka.coordinator.group.streams.assignor.MemberMetadataAndStateImpl;
import org.apache.kafka.coordinator.group.streams.assignor.StickyTaskAssignor;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Runs Kafka's own StickyTaskAssignor (kafka-group-coordinator 4.4.0) on assignment inputs read as JSON lines on
 * stdin, and prints one JSON line per input: the members' active and standby tasks (sorted), or the exception.
 *
 * Input line: {"id", "subtopologies": [{"id", "partitions", "stateful"}], "configs": {name: value},
 *              "members": [{"memberId", "instanceId", "rackId", "processId", "clientTags": {k: v},
 *                           "active"|"standby"|"warmup": {subtopology: [partition]},
 *                           "taskOffsets"|"taskEndOffsets": {subtopology: {partition: offset}}}]}
 * The members are put into a java.util.HashMap in the order given, as the coordinator's TargetAssignmentBuilder does,
 * so the assignor iterates them in that HashMap's order.
 * Output line: {"id", "members": {memberId: {"active": {...}, "standby": {...}}}} or {"id", "error": "Class: message"}.
 */
public final class AssignorRunner {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AssignorRunner() { }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            out.write(JSON.writeValueAsString(run(JSON.readTree(line))));
            out.newLine();
        }
        out.flush();
    }

    static ObjectNode run(JsonNode input) {
        ObjectNode result = JSON.createObjectNode();
        result.set("id", input.get("id"));
        try {
            GroupAssignment assignment = new StickyTaskAssignor().assign(groupSpec(input), describer(input.get("subtopologies")));
            result.set("members", membersJson(assignment));
        } catch (RuntimeException e) {
            result.put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        return result;
    }

    /** The input's members, put into a HashMap in the order given, and its assignment configs. */
    static GroupSpecImpl groupSpec(JsonNode input) {
        Map<String, MemberMetadataAndStateImpl> members = new HashMap<>();
        for (JsonNode m : input.get("members")) {
            members.put(m.get("memberId").asText(), new MemberMetadataAndStateImpl(
                optionalText(m.get("instanceId")),
                optionalText(m.get("rackId")),
                m.get("processId").asText(),
                stringMap(m.get("clientTags")),
                tasks(m.get("active")),
                tasks(m.get("standby")),
                tasks(m.get("warmup")),
                offsets(m.get("taskOffsets")),
                offsets(m.get("taskEndOffsets"))));
        }
        return new GroupSpecImpl(members, AssignmentConfigsImpl.fromMap(stringMap(input.get("configs"))));
    }

    /** The members' active and standby tasks, members and tasks sorted. */
    static ObjectNode membersJson(GroupAssignment assignment) {
        ObjectNode byMember = JSON.createObjectNode();
        for (Map.Entry<String, MemberAssignment> e : new TreeMap<>(assignment.members()).entrySet()) {
            ObjectNode a = JSON.createObjectNode();
            a.set("active", sortedTasks(e.getValue().activeTasks()));
            a.set("standby", sortedTasks(e.getValue().standbyTasks()));
            byMember.set(e.getKey(), a);
        }
        return byMember;
    }

    static TopologyDescriber describer(JsonNode subtopologies) {
        Map<String, JsonNode> byId = new TreeMap<>();
        for (JsonNode s : subtopologies) byId.put(s.get("id").asText(), s);
        List<String> ids = new ArrayList<>(byId.keySet());
        return new TopologyDescriber() {
            @Override
            public List<String> subtopologies() {
                return ids;
            }

            @Override
            public int maxNumInputPartitions(String subtopologyId) {
                JsonNode s = byId.get(subtopologyId);
                if (s == null) throw new NoSuchElementException("Unknown subtopology " + subtopologyId);
                return s.get("partitions").asInt();
            }

            @Override
            public boolean isStateful(String subtopologyId) {
                JsonNode s = byId.get(subtopologyId);
                return s != null && s.get("stateful").asBoolean();
            }
        };
    }

    private static Optional<String> optionalText(JsonNode n) {
        return n == null || n.isNull() ? Optional.empty() : Optional.of(n.asText());
    }

    private static Map<String, String> stringMap(JsonNode n) {
        Map<String, String> out = new HashMap<>();
        if (n == null) return out;
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), e.getValue().asText());
        }
        return out;
    }

    private static Map<String, Set<Integer>> tasks(JsonNode n) {
        Map<String, Set<Integer>> out = new HashMap<>();
        if (n == null) return out;
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Set<Integer> ps = new java.util.HashSet<>();
            for (JsonNode p : e.getValue()) ps.add(p.asInt());
            out.put(e.getKey(), ps);
        }
        return out;
    }

    private static Map<String, Map<Integer, Long>> offsets(JsonNode n) {
        Map<String, Map<Integer, Long>> out = new HashMap<>();
        if (n == null) return out;
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Map<Integer, Long> ps = new HashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> pt = e.getValue().fields(); pt.hasNext(); ) {
                Map.Entry<String, JsonNode> p = pt.next();
                ps.put(Integer.parseInt(p.getKey()), p.getValue().asLong());
            }
            out.put(e.getKey(), ps);
        }
        return out;
    }

    private static ObjectNode sortedTasks(Map<String, Set<Integer>> tasks) {
        ObjectNode out = JSON.createObjectNode();
        for (Map.Entry<String, Set<Integer>> e : new TreeMap<>(tasks).entrySet()) {
            if (e.getValue().isEmpty()) continue;
            ArrayNode ps = out.putArray(e.getKey());
            for (int p : new TreeSet<>(e.getValue())) ps.add(p);
        }
        return out;
    }
}
