package dev.sgp.oracle.shard;

import org.apache.kafka.coordinator.common.runtime.CoordinatorRecord;
import org.apache.kafka.coordinator.common.runtime.CoordinatorTimer;

import java.util.concurrent.TimeUnit;

/** Kafka 4.1 and 4.2: CoordinatorTimer<T, U> (T is Void for the shard); each call goes to the shard's timer. */
record KafkaTimer(ShardTimer timer) implements CoordinatorTimer<Void, CoordinatorRecord> {
    @Override
    public void schedule(String key, long delay, TimeUnit unit, boolean retry, TimeoutOperation<Void, CoordinatorRecord> operation) {
        timer.schedule(key, delay, unit, retry, operation::generateRecords);
    }

    @Override
    public void schedule(String key, long delay, TimeUnit unit, boolean retry, long retryBackoff, TimeoutOperation<Void, CoordinatorRecord> operation) {
        timer.schedule(key, delay, unit, retry, retryBackoff, operation::generateRecords);
    }

    @Override
    public void scheduleIfAbsent(String key, long delay, TimeUnit unit, boolean retry, TimeoutOperation<Void, CoordinatorRecord> operation) {
        timer.scheduleIfAbsent(key, delay, unit, retry, operation::generateRecords);
    }

    @Override
    public void cancel(String key) {
        timer.cancel(key);
    }

    /** In the interface from 4.2 (not in 4.1). */
    public boolean isScheduled(String key) {
        return timer.isScheduled(key);
    }
}
