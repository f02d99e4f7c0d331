package dev.sgp.oracle.shard;

import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.coordinator.common.runtime.CoordinatorExecutor;
import org.apache.kafka.coordinator.common.runtime.CoordinatorRecord;
import org.apache.kafka.coordinator.common.runtime.CoordinatorResult;
import org.apache.kafka.coordinator.group.GroupConfigManager;
import org.apache.kafka.coordinator.group.GroupCoordinatorConfig;
import org.apache.kafka.coordinator.group.GroupCoordinatorRecordSerde;
import org.apache.kafka.coordinator.group.GroupCoordinatorShard;
import org.apache.kafka.coordinator.group.metrics.GroupCoordinatorMetrics;
import org.apache.kafka.coordinator.group.modern.share.ShareGroupConfig;
import org.apache.kafka.timeline.SnapshotRegistry;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One __consumer_offsets partition and its group coordinator shard, driven the way Kafka's CoordinatorRuntime drives
 * it, on one thread and the scenario's clock: a write operation's records are replayed into the shard and appended to
 * the log (committed at once: one replica), reads see the last committed offset, timers fire on the clock, a failover
 * builds a fresh shard that replays the log, and a load that takes time answers COORDINATOR_LOAD_IN_PROGRESS. Where the
 * release's APIs differ, a thin adapter per release line: KafkaLine (LogContext's package, how new metadata reaches the
 * shard), KafkaTimer (the timer's interface) and ShardImage (the image the shard reads); see oracle/pom.xml.
 */
final class ShardWorld {
    /** A record as written to the log: the bytes Kafka's serde makes, as a broker stores them. */
    record LogRecord(byte[] key, byte[] value) { }

    static final TopicPartition PARTITION = new TopicPartition("__consumer_offsets", 0);

    final ShardClock clock = new ShardClock();
    final GroupCoordinatorConfig config;
    final ShareGroupConfig shareConfig;
    final GroupConfigManager groupConfigs;
    final GroupCoordinatorRecordSerde serde = new GroupCoordinatorRecordSerde();
    final List<LogRecord> log = new ArrayList<>();
    /** Records appended since the caller last drained them. */
    final List<LogRecord> appended = new ArrayList<>();
    ShardImage image = new ShardImage(List.of(), 0);
    /** Each group's configs as IncrementalAlterConfigs set them (cluster metadata: a failover keeps them). */
    final Map<String, Map<String, String>> groupConfigValues = new java.util.HashMap<>();

    private ShardTimer timer;
    private ShardExecutor executor;
    private SnapshotRegistry snapshots;
    /** One for the process: Kafka's metrics register globally, and the shard only records into them. */
    private static final GroupCoordinatorMetrics METRICS = new GroupCoordinatorMetrics();
    GroupCoordinatorShard shard;
    /** Set by a failover that takes time: when the new shard has loaded the log. */
    Long loadingUntil;

    ShardWorld(Map<String, String> configs) {
        ConfigDef def = new ConfigDef();
        for (ConfigDef d : List.of(GroupCoordinatorConfig.CONFIG_DEF, ShareGroupConfig.CONFIG_DEF)) {
            for (ConfigDef.ConfigKey k : d.configKeys().values()) if (!def.configKeys().containsKey(k.name)) def.define(k);
        }
        Map<String, Object> known = new java.util.HashMap<>();
        configs.forEach((k, v) -> {
            if (def.configKeys().containsKey(k)) known.put(k, v);
        });
        AbstractConfig all = new AbstractConfig(def, known, false);
        this.config = new GroupCoordinatorConfig(all);
        this.shareConfig = new ShareGroupConfig(all);
        this.groupConfigs = KafkaLine.groupConfigManager(config, shareConfig);
        this.rebalanceProtocols = all.getList(GroupCoordinatorConfig.GROUP_COORDINATOR_REBALANCE_PROTOCOLS_CONFIG);
    }

    /** group.coordinator.rebalance.protocols, as KafkaApis reads it (isStreamsGroupProtocolEnabled). */
    final List<String> rebalanceProtocols;

    /**
     * The cluster's finalized streams.version feature level, as KafkaApis reads it (isStreamsGroupProtocolEnabled):
     * 1 unless the reset says otherwise (a 4.1 cluster has it only when an operator enabled it).
     */
    short streamsVersion = 1;

    long offset() {
        return log.size();
    }

    /** A fresh shard that replays the whole log and then loads (CoordinatorLoaderImpl's order: replay, then onLoaded). */
    void load() {
        if (shard != null) shard.onUnloaded();
        if (timer != null) timer.clear();
        if (executor != null) executor.clear();
        timer = new ShardTimer(clock);
        executor = new ShardExecutor();
        snapshots = new SnapshotRegistry(KafkaLine.logContext());
        shard = new GroupCoordinatorShard.Builder(config, groupConfigs)
            .withAuthorizerPlugin(Optional.empty())
            .withLogContext(KafkaLine.logContext())
            .withTime(clock)
            .withTimer(new KafkaTimer(timer))
            .withExecutor(executor)
            .withSnapshotRegistry(snapshots)
            .withTopicPartition(PARTITION)
            .withCoordinatorMetrics(METRICS)
            .build();
        snapshots.idempotentCreateSnapshot(0);
        long o = 0;
        for (LogRecord r : log) {
            CoordinatorRecord rec = serde.deserialize(ByteBuffer.wrap(r.key()), r.value() == null ? null : ByteBuffer.wrap(r.value()));
            shard.replay(o++, -1L, (short) -1, rec);
        }
        snapshots.idempotentCreateSnapshot(o);
        snapshots.deleteSnapshotsUpTo(o);
        shard.onLoaded(image.forShard());
        runExecutor();
    }

    /** Appends records that came with the initial log (not written by this shard): they are replayed at the load. */
    void appendInitial(LogRecord r) {
        log.add(r);
    }

    /**
     * A write operation, as CoordinatorRuntime runs one (CoordinatorWriteEvent.run): a failure is rethrown and nothing is
     * reverted (Kafka's runtime reverts only a failed append; what the operation changed in memory before it threw
     * stays, uncommitted, as on a broker); otherwise the records are replayed (unless the result says not to),
     * appended and committed, and the result returned. A write without records moves no offset: reads, at the last
     * committed offset, see its in-memory changes only once a later write appends records (CoordinatorContext.append).
     */
    <T> T write(Supplier<CoordinatorResult<T, CoordinatorRecord>> op) {
        snapshots.idempotentCreateSnapshot(offset());
        CoordinatorResult<T, CoordinatorRecord> result = op.get();
        apply(result);
        runExecutor();
        return result.response();
    }

    private void apply(CoordinatorResult<?, CoordinatorRecord> result) {
        long o = offset();
        for (CoordinatorRecord rec : result.records()) {
            if (result.replayRecords()) shard.replay(o, -1L, (short) -1, rec);
            byte[] key = serde.serializeKey(rec);
            byte[] value = serde.serializeValue(rec);
            LogRecord r = new LogRecord(key, value);
            log.add(r);
            appended.add(r);
            o++;
        }
        snapshots.idempotentCreateSnapshot(o);
        snapshots.deleteSnapshotsUpTo(o);
        if (result.appendFuture() != null) result.appendFuture().complete(null);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void runExecutor() {
        for (ShardExecutor.Task<?> t = executor.poll(); t != null; t = executor.poll()) {
            ShardExecutor.Task task = t;
            Object value = null;
            Throwable error = null;
            try {
                value = task.runnable().run();
            } catch (Throwable e) {
                error = e;
            }
            final Object v = value;
            final Throwable err = error;
            try {
                write(() -> ((CoordinatorExecutor.TaskOperation) task.operation()).onComplete(v, err));
            } catch (RuntimeException ignored) {
                // a failed completion writes nothing, as in the runtime
            }
        }
    }

    /** Fires every timer due at or before `until` in order (deadline, then scheduling order); the clock ends at `until`. */
    List<String> advanceTo(long until) {
        List<String> fired = new ArrayList<>();
        if (loadingUntil != null) {
            if (until < loadingUntil) {
                clock.set(Math.max(clock.now(), until));
                return fired;
            }
            clock.set(loadingUntil);
            loadingUntil = null;
            load();
        }
        for (ShardTimer.Entry due = timer.takeDue(until); due != null; due = timer.takeDue(until)) {
            final ShardTimer.Entry e = due;
            clock.set(Math.max(clock.now(), e.deadline()));
            fired.add(e.key());
            try {
                write(e.operation());
            } catch (RuntimeException ex) {
                if (e.retry()) timer.retry(e);
            }
        }
        clock.set(Math.max(clock.now(), until));
        return fired;
    }

    /** A new metadata image: the shard hears of it, and of the deleted topics, as the release's broker tells it (KafkaLine.update). */
    void updateImage(ShardImage next) {
        ShardImage before = image;
        image = next;
        if (loadingUntil != null) return;
        KafkaLine.update(this, before, next);
    }

    /** The coordinator fails over; with loadMs the new one is loading until then. */
    void failover(long loadMs) {
        if (loadMs > 0) {
            if (shard != null) shard.onUnloaded();
            timer.clear();
            executor.clear();
            loadingUntil = clock.now() + loadMs;
        } else {
            load();
        }
    }
}
