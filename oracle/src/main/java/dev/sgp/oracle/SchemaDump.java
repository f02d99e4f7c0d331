package dev.sgp.oracle;

import org.apache.kafka.common.protocol.types.BoundField;
import org.apache.kafka.common.protocol.types.Field;
import org.apache.kafka.common.protocol.types.Schema;
import org.apache.kafka.common.protocol.types.TaggedFields;
import org.apache.kafka.common.protocol.types.Type;

import java.util.Map;
import java.util.TreeMap;

/**
 * Prints the wire layout of Kafka's generated message classes, as Kafka 4.4.0 itself declares them: for each class
 * named on the command line and each of its versions, the fields in order with their wire types, nullability and
 * tags, as one JSON line. Used to check the playground's schemas against the real ones (tests, `npm run test:oracle`).
 */
public final class SchemaDump {
    public static void main(String[] args) throws Exception {
        for (String name : args) {
            Class<?> c = Class.forName(name);
            Schema[] schemas = (Schema[]) c.getField("SCHEMAS").get(null);
            short low = (short) c.getField("LOWEST_SUPPORTED_VERSION").get(null);
            Object instance = c.getConstructor().newInstance();
            for (int v = low; v < schemas.length; v++) {
                if (schemas[v] == null) continue;
                System.out.println("{\"class\":\"" + c.getSimpleName() + "\",\"version\":" + v + ",\"schema\":" + schema(schemas[v])
                    + ",\"defaults\":" + defaults(c, (short) v) + ",\"taggedDefaults\":" + taggedDefaults(instance, schemas[v]) + ",\"structDefaults\":" + structDefaults(c, (short) v) + "}");
            }
        }
    }

    /** A default-constructed message in Kafka's JSON form for this version (null when Kafka cannot write it). */
    private static String defaults(Class<?> c, short version) {
        try {
            Class<?> conv = Class.forName(c.getName() + "JsonConverter");
            Object message = c.getConstructor().newInstance();
            Object json = conv.getMethod("write", c, short.class).invoke(null, message, version);
            return json.toString();
        } catch (ReflectiveOperationException | RuntimeException e) {
            return "null";
        }
    }

    /**
     * Each nested struct class (Outer$Inner) default-constructed, in Kafka's JSON form for this version through its
     * generated converter (OuterJsonConverter$InnerJsonConverter): the defaults of fields inside nested structs.
     */
    private static String structDefaults(Class<?> c, short version) {
        StringBuilder b = new StringBuilder("[");
        boolean first = true;
        for (Class<?> inner : c.getDeclaredClasses()) {
            if (!org.apache.kafka.common.protocol.Message.class.isAssignableFrom(inner)) continue;
            try {
                Class<?> conv = Class.forName(c.getName() + "JsonConverter$" + inner.getSimpleName() + "JsonConverter");
                Object json = conv.getMethod("write", inner, short.class).invoke(null, inner.getConstructor().newInstance(), version);
                if (!first) b.append(',');
                first = false;
                b.append(json);
            } catch (ReflectiveOperationException | RuntimeException e) {
                // a struct this version cannot write: no defaults from it
            }
        }
        return b.append(']').toString();
    }

    /** The default of each top-level tagged field (JSON), read from a default-constructed message's accessor. */
    private static String taggedDefaults(Object instance, Schema s) throws Exception {
        StringBuilder b = new StringBuilder("{");
        boolean first = true;
        for (BoundField bf : s.fields()) {
            if (!(bf.def.type instanceof TaggedFields tf)) continue;
            java.lang.reflect.Field m = TaggedFields.class.getDeclaredField("fields");
            m.setAccessible(true);
            @SuppressWarnings("unchecked")
            Map<Integer, Field> tagged = (Map<Integer, Field>) m.get(tf);
            for (Field f : tagged.values()) {
                String accessor = camel(f.name);
                Object value;
                try {
                    value = instance.getClass().getMethod(accessor).invoke(instance);
                } catch (NoSuchMethodException e) {
                    continue;
                }
                if (!first) b.append(',');
                first = false;
                b.append('"').append(accessor).append("\":").append(json(value));
            }
        }
        return b.append('}').toString();
    }

    private static String camel(String snake) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char ch : snake.toCharArray()) {
            if (ch == '_') { up = true; continue; }
            b.append(up ? Character.toUpperCase(ch) : ch);
            up = false;
        }
        return b.toString();
    }

    private static String json(Object v) {
        if (v == null) return "null";
        if (v instanceof String str) return "\"" + str.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        if (v instanceof java.util.Collection<?> col) return col.isEmpty() ? "[]" : "\"(non-empty)\"";
        if (v instanceof Number || v instanceof Boolean) return v.toString();
        return "\"(struct)\"";
    }

    private static String schema(Schema s) throws Exception {
        StringBuilder b = new StringBuilder("[");
        boolean first = true;
        for (BoundField bf : s.fields()) {
            if (!first) b.append(',');
            first = false;
            b.append(field(bf.def, null));
        }
        return b.append(']').toString();
    }

    private static String field(Field f, Integer tag) throws Exception {
        StringBuilder b = new StringBuilder("{\"name\":\"").append(f.name).append("\"");
        if (tag != null) b.append(",\"tag\":").append(tag);
        if (f.type instanceof TaggedFields tf) {
            java.lang.reflect.Field m = TaggedFields.class.getDeclaredField("fields");
            m.setAccessible(true);
            @SuppressWarnings("unchecked")
            Map<Integer, Field> tagged = new TreeMap<>((Map<Integer, Field>) m.get(tf));
            b.append(",\"tagged\":[");
            boolean first = true;
            for (Map.Entry<Integer, Field> e : tagged.entrySet()) {
                if (!first) b.append(',');
                first = false;
                b.append(field(e.getValue(), e.getKey()));
            }
            return b.append("]}").toString();
        }
        return b.append(",\"type\":").append(type(f.type)).append('}').toString();
    }

    private static String type(Type t) throws Exception {
        if (t instanceof Schema s) return "{\"struct\":" + schema(s) + ",\"nullable\":" + t.isNullable() + "}";
        if (t.isArray()) {
            Type elem = t.arrayElementType().orElseThrow();
            return "{\"array\":" + type(elem) + ",\"nullable\":" + t.isNullable() + ",\"wire\":\"" + t.getClass().getSimpleName() + "\"}";
        }
        return "\"" + t + "\"";
    }
}
