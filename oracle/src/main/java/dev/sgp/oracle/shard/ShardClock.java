package dev.sgp.oracle.shard;

import org.apache.kafka.common.utils.Time;

/**
 * The scenario's clock plus the base the playground sends with "reset" (Kafka reads an assignment timestamp of 0 as
 * "never assigned"): it moves only when the runner moves it (no wall-clock time ever leaks into the shard).
 */
final class ShardClock implements Time {
    private long nowMs;

    long now() {
        return nowMs;
    }

    void set(long ms) {
        if (ms < nowMs) throw new IllegalArgumentException("the clock cannot go back from " + nowMs + " to " + ms + " ms");
        nowMs = ms;
    }

    @Override
    public long milliseconds() {
        return nowMs;
    }

    @Override
    public long nanoseconds() {
        return nowMs * 1_000_000L;
    }

    @Override
    public void sleep(long ms) {
        throw new UnsupportedOperationException("the shard's clock never sleeps");
    }

    /** Abstract in Time before Kafka 4.4 (a default method since): the shard never waits either. */
    public void waitObject(Object obj, java.util.function.Supplier<Boolean> condition, long deadlineMs) {
        throw new UnsupportedOperationException("the shard's clock never waits");
    }
}
