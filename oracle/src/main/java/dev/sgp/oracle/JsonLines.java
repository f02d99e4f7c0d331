package dev.sgp.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * The JSON-lines loop of the oracle's runners: one JSON object per input line on stdin, one per output line on stdout.
 * A failing input answers {"error": describe(failure)} and the loop goes on; an input's "id" is echoed back.
 */
public final class JsonLines {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Handles one input; may throw anything, which becomes that line's error. */
    public interface Handler {
        ObjectNode handle(JsonNode input) throws Exception;
    }

    private JsonLines() { }

    /**
     * Serves stdin until it ends. With flushEachLine, each answer is written at once (a peer that waits for it before
     * sending the next input); without it, answers are written when the buffer fills and at the end (a batch).
     */
    public static void serve(Handler handler, Function<Throwable, String> describe, boolean flushEachLine) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            ObjectNode result;
            JsonNode input = null;
            try {
                input = JSON.readTree(line);
                result = handler.handle(input);
            } catch (Throwable e) {
                result = JSON.createObjectNode();
                result.put("error", describe.apply(e));
            }
            if (input != null && input.has("id")) result.set("id", input.get("id"));
            out.write(JSON.writeValueAsString(result));
            out.newLine();
            if (flushEachLine) out.flush();
        }
        out.flush();
    }
}
