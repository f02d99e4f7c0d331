package dev.sgp.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.coordinator.group.generated.CoordinatorRecordJsonConverters;
import org.apache.kafka.coordinator.group.generated.CoordinatorRecordType;

import java.lang.reflect.InvocationTargetException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * Kafka 4.4.0's own binary form of a message, for the byte-exact codec test: reads JSON lines on stdin and prints one
 * JSON line per input, produced only by Kafka's generated message classes, their JsonConverters and serializers.
 *
 * Ops (every input may carry an "id", echoed back):
 *   {"op":"encode","message":"StreamsGroupHeartbeatRequest","version":1,"json":{...}} -> {"hex":"..."}
 *       the *Data class read by its JsonConverter, then written with Kafka's size/write (ObjectSerializationCache).
 *   {"op":"decode","message":...,"version":1,"hex":"..."} -> {"json":{...},"consumed":n}
 *       the *Data class read from the bytes, then written by its JsonConverter.
 *   {"op":"versions","message":...} -> {"lowest":n,"highest":n}
 *       the versions the generated class declares (its lowestSupportedVersion and highestSupportedVersion).
 *   {"op":"decodeRecord","key":"hex","value":"hex"|null} -> {"type","typeId","key":{...},"valueVersion","value":{...}|null}
 *       a __consumer_offsets record through the group coordinator's record serde and CoordinatorRecordJsonConverters.
 *   {"op":"encodeRecord","typeId":17,"key":{...},"valueVersion":0,"value":{...}|null} -> {"key":"hex","value":"hex"|null}
 *   {"op":"dumpLog","key":"hex","value":"hex"|null} -> {"text":"..."}
 *       what `kafka-dump-log --offsets-decoder` prints for that record (DumpLogSegments' own record printer and
 *       OffsetsMessageParser, called on a one-record batch).
 * A message name is a generated class: `X` resolves to org.apache.kafka.common.message.XData, else the coordinator
 * record class org.apache.kafka.coordinator.group.generated.X (record keys and values). Any failure is
 * {"error":"Class: message"} on that line; the runner itself never stops on bad input.
 */
public final class CodecRunner {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HexFormat HEX = HexFormat.of();
    // The group coordinator's record serde and its record types live in runtime-scoped jars (kafka-coordinator-common,
    // kafka-server-common): reached by reflection so that the module compiles against kafka-group-coordinator alone.
    private static final String SERDE_CLASS = "org.apache.kafka.coordinator.group.GroupCoordinatorRecordSerde";
    private static final String RECORD_CLASS = "org.apache.kafka.coordinator.common.runtime.CoordinatorRecord";
    private static final String VERSIONED_CLASS = "org.apache.kafka.server.common.ApiMessageAndVersion";

    private CodecRunner() { }

    public static void main(String[] args) throws Exception {
        JsonLines.serve(CodecRunner::run, CodecRunner::describe, false);
    }

    private static String describe(Throwable e) {
        Throwable t = e instanceof InvocationTargetException ite && ite.getCause() != null ? ite.getCause() : e;
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }

    static ObjectNode run(JsonNode input) throws Exception {
        String op = input.path("op").asText();
        return switch (op) {
            case "encode" -> encode(messageClass(input.get("message").asText()), (short) input.get("version").asInt(), input.get("json"));
            case "decode" -> decode(messageClass(input.get("message").asText()), (short) input.get("version").asInt(), HEX.parseHex(input.get("hex").asText()));
            case "versions" -> versions(messageClass(input.get("message").asText()));
            case "decodeRecord" -> decodeRecord(input);
            case "encodeRecord" -> encodeRecord(input);
            case "dumpLog" -> dumpLog(input);
            default -> throw new IllegalArgumentException("unknown op " + op);
        };
    }

    static Class<?> messageClass(String name) throws ClassNotFoundException {
        for (String candidate : new String[] {"org.apache.kafka.common.message." + name + "Data", "org.apache.kafka.coordinator.group.generated." + name, name}) {
            try {
                Class<?> c = Class.forName(candidate);
                if (Message.class.isAssignableFrom(c)) return c;
            } catch (ClassNotFoundException e) {
                // try the next package
            }
        }
        throw new ClassNotFoundException("no generated message class for " + name);
    }

    private static Class<?> converter(Class<?> c) throws ClassNotFoundException {
        return Class.forName(c.getName() + "JsonConverter");
    }

    static byte[] serialize(Message m, short version) {
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int size = m.size(cache, version);
        ByteBuffer buf = ByteBuffer.allocate(size);
        m.write(new ByteBufferAccessor(buf), cache, version);
        if (buf.position() != size) throw new IllegalStateException("wrote " + buf.position() + " bytes, size() said " + size);
        return buf.array();
    }

    static ObjectNode versions(Class<?> c) throws Exception {
        Message m = (Message) c.getConstructor().newInstance();
        ObjectNode r = JSON.createObjectNode();
        r.put("lowest", m.lowestSupportedVersion());
        r.put("highest", m.highestSupportedVersion());
        return r;
    }

    static ObjectNode encode(Class<?> c, short version, JsonNode json) throws Exception {
        Message m = (Message) converter(c).getMethod("read", JsonNode.class, short.class).invoke(null, json, version);
        ObjectNode r = JSON.createObjectNode();
        r.put("hex", HEX.formatHex(serialize(m, version)));
        return r;
    }

    static ObjectNode decode(Class<?> c, short version, byte[] bytes) throws Exception {
        ByteBufferAccessor acc = new ByteBufferAccessor(ByteBuffer.wrap(bytes));
        Message m = (Message) c.getConstructor(org.apache.kafka.common.protocol.Readable.class, short.class).newInstance(acc, version);
        ObjectNode r = JSON.createObjectNode();
        r.set("json", toJson(c, m, version));
        r.put("consumed", bytes.length - acc.remaining());
        return r;
    }

    private static Object serde() throws ReflectiveOperationException {
        return Class.forName(SERDE_CLASS).getConstructor().newInstance();
    }

    private static Object call(Object target, String method, Object... args) throws ReflectiveOperationException {
        for (java.lang.reflect.Method m : target.getClass().getMethods()) {
            if (m.getName().equals(method) && m.getParameterCount() == args.length && !m.isBridge()) {
                boolean fits = true;
                for (int i = 0; i < args.length; i++) {
                    if (args[i] != null && !m.getParameterTypes()[i].isInstance(args[i])) fits = false;
                }
                if (fits) return m.invoke(target, args);
            }
        }
        throw new NoSuchMethodException(target.getClass().getName() + "." + method);
    }

    /** The JsonConverter's form; messages with a `records` field are written with their records (base64), not their size. */
    private static JsonNode toJson(Class<?> c, Message m, short version) throws ReflectiveOperationException {
        Class<?> conv = converter(c);
        try {
            return (JsonNode) conv.getMethod("write", c, short.class, boolean.class).invoke(null, m, version, true);
        } catch (NoSuchMethodException e) {
            return (JsonNode) conv.getMethod("write", c, short.class).invoke(null, m, version);
        }
    }

    static ObjectNode decodeRecord(JsonNode input) throws ReflectiveOperationException {
        JsonNode v = input.get("value");
        ByteBuffer value = v == null || v.isNull() ? null : ByteBuffer.wrap(HEX.parseHex(v.asText()));
        Object rec = call(serde(), "deserialize", ByteBuffer.wrap(HEX.parseHex(input.get("key").asText())), value);
        ApiMessage key = (ApiMessage) call(rec, "key");
        Object versioned = call(rec, "value");
        short typeId = key.apiKey();
        ObjectNode r = JSON.createObjectNode();
        r.put("type", CoordinatorRecordType.fromId(typeId).name());
        r.put("typeId", typeId);
        r.set("key", CoordinatorRecordJsonConverters.writeRecordKeyAsJson(key));
        if (versioned == null) {
            r.putNull("value");
        } else {
            short version = (Short) call(versioned, "version");
            r.put("valueVersion", version);
            r.set("value", CoordinatorRecordJsonConverters.writeRecordValueAsJson((ApiMessage) call(versioned, "message"), version));
        }
        return r;
    }

    static ObjectNode encodeRecord(JsonNode input) throws ReflectiveOperationException {
        short typeId = (short) input.get("typeId").asInt();
        ApiMessage key = CoordinatorRecordJsonConverters.readRecordKeyFromJson(input.get("key"), typeId);
        JsonNode v = input.get("value");
        Class<?> recordClass = Class.forName(RECORD_CLASS);
        Object rec;
        if (v == null || v.isNull()) {
            rec = recordClass.getMethod("tombstone", ApiMessage.class).invoke(null, key);
        } else {
            short version = (short) input.get("valueVersion").asInt();
            Class<?> versionedClass = Class.forName(VERSIONED_CLASS);
            Object versioned = versionedClass.getConstructor(ApiMessage.class, short.class)
                .newInstance(CoordinatorRecordJsonConverters.readRecordValueFromJson(v, typeId, version), version);
            rec = recordClass.getMethod("record", ApiMessage.class, versionedClass).invoke(null, key, versioned);
        }
        Object serde = serde();
        ObjectNode r = JSON.createObjectNode();
        r.put("key", HEX.formatHex((byte[]) call(serde, "serializeKey", rec)));
        byte[] value = (byte[]) call(serde, "serializeValue", rec);
        if (value == null) r.putNull("value");
        else r.put("value", HEX.formatHex(value));
        return r;
    }

    static ObjectNode dumpLog(JsonNode input) throws Exception {
        JsonNode v = input.get("value");
        byte[] key = HEX.parseHex(input.get("key").asText());
        byte[] value = v == null || v.isNull() ? null : HEX.parseHex(v.asText());
        Class<?> simple = Class.forName("org.apache.kafka.common.record.internal.SimpleRecord");
        Object simpleRecord = simple.getConstructor(long.class, byte[].class, byte[].class).newInstance(0L, key, value);
        Class<?> compression = Class.forName("org.apache.kafka.common.compress.Compression");
        Object none = compression.getField("NONE").get(null);
        Object array = java.lang.reflect.Array.newInstance(simple, 1);
        java.lang.reflect.Array.set(array, 0, simpleRecord);
        Object records = Class.forName("org.apache.kafka.common.record.internal.MemoryRecords")
            .getMethod("withRecords", compression, array.getClass()).invoke(null, none, array);
        Object record = ((Iterable<?>) call(records, "records")).iterator().next();
        Class<?> parserClass = Class.forName("org.apache.kafka.tools.DumpLogSegments$OffsetsMessageParser");
        java.lang.reflect.Constructor<?> ctor = parserClass.getDeclaredConstructor();
        ctor.setAccessible(true);
        Object parser = ctor.newInstance();
        Class<?> dump = Class.forName("org.apache.kafka.tools.DumpLogSegments");
        java.lang.reflect.Method print = dump.getDeclaredMethod("printRecordContents",
            Class.forName("org.apache.kafka.tools.DumpLogSegments$MessageParser"), Class.forName("org.apache.kafka.common.record.internal.Record"), String.class);
        print.setAccessible(true);
        java.io.PrintStream stdout = System.out;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        synchronized (CodecRunner.class) {
            System.setOut(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
            try {
                print.invoke(null, parser, record, "| offset: 0 ");
            } finally {
                System.out.flush();
                System.setOut(stdout);
            }
        }
        ObjectNode r = JSON.createObjectNode();
        r.put("text", captured.toString(StandardCharsets.UTF_8));
        return r;
    }
}
