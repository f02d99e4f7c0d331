package dev.sgp.oracle.shard;

import org.apache.kafka.coordinator.common.runtime.CoordinatorExecutor;
import org.apache.kafka.coordinator.common.runtime.CoordinatorRecord;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;

/**
 * The coordinator's background executor, run deterministically: a scheduled task runs right after the operation that
 * scheduled it, and its completion is applied as a write (Kafka runs the task on a thread and the completion as the
 * next write event; with no other event in between, the outcome is the same).
 */
final class ShardExecutor implements CoordinatorExecutor<CoordinatorRecord> {
    record Task<R>(String key, TaskRunnable<R> runnable, TaskOperation<CoordinatorRecord, R> operation) { }

    private final ArrayDeque<Task<?>> queue = new ArrayDeque<>();
    private final Set<String> scheduled = new HashSet<>();

    @Override
    public <R> boolean schedule(String key, TaskRunnable<R> task, TaskOperation<CoordinatorRecord, R> operation) {
        if (!scheduled.add(key)) return false;
        queue.add(new Task<>(key, task, operation));
        return true;
    }

    @Override
    public boolean isScheduled(String key) {
        return scheduled.contains(key);
    }

    @Override
    public void cancel(String key) {
        scheduled.remove(key);
        queue.removeIf(t -> t.key().equals(key));
    }

    /** The next task to run, or null. */
    Task<?> poll() {
        Task<?> t = queue.poll();
        if (t != null) scheduled.remove(t.key());
        return t;
    }

    void clear() {
        queue.clear();
        scheduled.clear();
    }
}
