package dev.sgp.oracle.shard;

import org.apache.kafka.coordinator.common.runtime.CoordinatorRecord;
import org.apache.kafka.coordinator.common.runtime.CoordinatorResult;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The coordinator's keyed timers on the scenario clock. Kafka's runtime gives no order to timers due in the same
 * millisecond; this one fires them by deadline, then in the order they were scheduled (the playground's rule, see
 * the README), and the runner fires every timer due at or before a request's time before that request. The release's
 * CoordinatorTimer interface (its generics changed in 4.3) is KafkaLine.Timer, which hands each operation here.
 */
final class ShardTimer {
    /** What Kafka's runtime waits before retrying a timer operation that failed, when it asks for a retry. */
    static final long DEFAULT_RETRY_BACKOFF_MS = 500;

    /** A timer operation: what its generateRecords() returns when the timer fires. */
    interface Operation extends Supplier<CoordinatorResult<Void, CoordinatorRecord>> { }

    record Entry(String key, long deadline, long seq, boolean retry, long retryBackoffMs, Operation operation) { }

    private final ShardClock clock;
    private final Map<String, Entry> byKey = new HashMap<>();
    private long seq;

    ShardTimer(ShardClock clock) {
        this.clock = clock;
    }

    void schedule(String key, long delay, TimeUnit unit, boolean retry, Operation operation) {
        schedule(key, delay, unit, retry, DEFAULT_RETRY_BACKOFF_MS, operation);
    }

    void schedule(String key, long delay, TimeUnit unit, boolean retry, long retryBackoff, Operation operation) {
        byKey.put(key, new Entry(key, clock.now() + unit.toMillis(delay), seq++, retry, retryBackoff, operation));
    }

    void scheduleIfAbsent(String key, long delay, TimeUnit unit, boolean retry, Operation operation) {
        if (!byKey.containsKey(key)) schedule(key, delay, unit, retry, operation);
    }

    void cancel(String key) {
        byKey.remove(key);
    }

    boolean isScheduled(String key) {
        return byKey.containsKey(key);
    }

    /** The next timer due at or before `until` (deadline, then scheduling order), removed from the timers; or null. */
    Entry takeDue(long until) {
        Entry next = null;
        for (Entry e : byKey.values()) {
            if (e.deadline() > until) continue;
            if (next == null || e.deadline() < next.deadline() || (e.deadline() == next.deadline() && e.seq() < next.seq())) next = e;
        }
        if (next != null) byKey.remove(next.key());
        return next;
    }

    /** Puts a failed operation back, `backoffMs` from now, under its key (unless something rescheduled the key meanwhile). */
    void retry(Entry e) {
        if (!byKey.containsKey(e.key())) byKey.put(e.key(), new Entry(e.key(), clock.now() + e.retryBackoffMs(), seq++, e.retry(), e.retryBackoffMs(), e.operation()));
    }

    void clear() {
        byKey.clear();
    }
}
