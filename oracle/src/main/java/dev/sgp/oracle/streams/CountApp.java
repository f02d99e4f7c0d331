package dev.sgp.oracle.streams;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * A small Kafka Streams 4.4.0 application run by the oracle (oracle/harness/streamsApp.ts) with
 * {@code group.protocol=streams}: it re-keys the input by value, groups and counts, so its topology has two
 * sub-topologies joined by a repartition topic, and a state store with a changelog.
 *
 * <pre>
 *   CountApp describe                                          prints Topology#describe() and exits
 *   CountApp run BOOTSTRAP APPLICATION_ID INSTANCE STATE_DIR   runs one instance (one stream thread)
 * </pre>
 *
 * A running instance prints one line per state change ({@code sgp-streams INSTANCE state FROM -> TO}) on stdout.
 * SIGTERM closes it cleanly and leaves the group (epoch -1); SIGKILL is a crash.
 */
public final class CountApp {
    public static final String INPUT = "words";
    public static final String OUTPUT = "word-counts";
    public static final String STORE = "counts";

    private CountApp() {}

    public static Topology topology() {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(INPUT, Consumed.with(Serdes.String(), Serdes.String()))
            .selectKey((key, word) -> word)
            .groupByKey()
            .count(Materialized.<String, Long, KeyValueStore<Bytes, byte[]>>as(STORE))
            .toStream()
            .to(OUTPUT, Produced.with(Serdes.String(), Serdes.Long()));
        return builder.build();
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length == 1 && args[0].equals("describe")) {
            System.out.print(topology().describe());
            return;
        }
        if (args.length != 5 || !args[0].equals("run")) {
            System.err.println("usage: CountApp describe | CountApp run BOOTSTRAP APPLICATION_ID INSTANCE STATE_DIR");
            System.exit(2);
        }
        String instance = args[3];
        Properties props = new Properties();
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, args[1]);
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, args[2]);
        props.put(StreamsConfig.STATE_DIR_CONFIG, args[4]);
        props.put(StreamsConfig.GROUP_PROTOCOL_CONFIG, "streams");
        props.put(StreamsConfig.CLIENT_ID_CONFIG, args[2] + "-" + instance);
        props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 500);

        KafkaStreams streams = new KafkaStreams(topology(), props);
        streams.setStateListener((to, from) -> {
            System.out.println("sgp-streams " + instance + " state " + from + " -> " + to);
            System.out.flush();
        });
        CountDownLatch closed = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            // a clean shutdown leaves the group at once (a dynamic member's leave heartbeat, epoch -1)
            streams.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(Duration.ofSeconds(20)));
            closed.countDown();
        }, "sgp-streams-shutdown"));
        streams.start();
        closed.await();
    }
}
