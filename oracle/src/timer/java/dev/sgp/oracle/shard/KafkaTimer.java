package dev.sgp.oracle.shard;

import org.apache.kafka.coordinator.common.runtime.CoordinatorRecord;
import org.apache.kafka.coordinator.common.runtime.CoordinatorTimer;

import java.util.concurrent.TimeUnit;

/** Kafka 4.3 on: CoordinatorTimer has one type parameter (the record) and isScheduled; each call goes to the shard's timer. */
record KafkaTimer(ShardTimer timer) implements CoordinatorTimer<CoordinatorRecord> {
    @Override
    public void schedule(String key, long delay, TimeUnit unit, boolean retry, TimeoutOperation<CoordinatorRecord> operation) {
        timer.schedule(key, delay, unit, retry, operation::generateRecords);
    }

    @Override
    public void schedule(String key, long delay, TimeUnit unit, boolean retry, long retryBackoff, TimeoutOperation<CoordinatorRecord> operation) {
        timer.schedule(key, delay, unit, retry, retryBackoff, operation::generateRecords);
    }

    @Override
    public void scheduleIfAbsent(String key, long delay, TimeUnit unit, boolean retry, TimeoutOperation<CoordinatorRecord> operation) {
        timer.scheduleIfAbsent(key, delay, unit, retry, operation::generateRecords);
    }

    @Override
    public void cancel(String key) {
        timer.cancel(key);
    }

    @Override
    public boolean isScheduled(String key) {
        return timer.isScheduled(key);
    }
}
