package dev.sgp.oracle.shard;

import org.apache.kafka.common.Uuid;

/**
 * The playground's topic ids (src/core/util/uuid.ts topicIdOf): 16 bytes of FNV-1a over "topic|" + name in four
 * seeded 32-bit lanes, so a topic the shard creates itself has the id the playground gives it. The playground checks
 * each id the shard names ("created") against its own.
 */
final class TopicIds {
    private TopicIds() { }

    static Uuid of(String name) {
        String seed = "topic|" + name;
        long[] halves = new long[2];
        for (int lane = 0; lane < 4; lane++) {
            int h = 0x811c9dc5 ^ ((lane + 1) * 0x9e3779b9);
            for (int i = 0; i < seed.length(); i++) {
                h ^= seed.charAt(i);
                h *= 0x01000193;
            }
            halves[lane / 2] = (halves[lane / 2] << 32) | (h & 0xffffffffL);
        }
        return new Uuid(halves[0], halves[1]);
    }
}
