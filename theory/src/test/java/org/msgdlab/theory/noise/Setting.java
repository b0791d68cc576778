package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.random.Streams;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * One generated set-up of the paper's sizes: n training samples, SGD batch b, a second batch B
 * (the mini-batch of MSGD-[Fisher-B] / MSGD-[Cov-B] / Algorithm 2), and the seed of the random
 * stream the check draws from. {@link #toString()} prints all four and how to replay the stream,
 * so that a QuickTheories failure report ("Smallest found falsifying value(s)") is enough to
 * reproduce the failing draw.
 */
public record Setting(int n, int b, int batch, long seed) {

    public Setting {
        if (n < 2 || b < 1 || b > n || batch < 1 || batch > n) {
            throw new IllegalArgumentException("invalid test setting n=" + n + ", b=" + b + ", B=" + batch);
        }
    }

    /** The generator of this setting's stream: {@code Streams.create(seed)}. */
    public UniformRandomProvider rng() {
        return Streams.create(seed);
    }

    /** A large batch for Theorem 1 and Algorithm 2: max(b, B, 2), so that b <= large <= n. */
    public int large() {
        return Math.max(2, Math.max(b, batch));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "Setting[n=%d, b=%d, B=%d, stream seed=%dL (replay: Streams.create(%dL))]",
                n, b, batch, seed, seed);
    }

    /** Uniform n in [2, maxN], b and B uniform in [1, n], any seed; 20% of draws are edge cases. */
    public static Gen<Setting> upTo(int maxN) {
        Gen<Setting> random = integers().between(2, maxN).flatMap(n ->
                integers().between(1, n).zip(integers().between(1, n), longs().all(),
                        (b, batch, seed) -> new Setting(n, b, batch, seed)));
        return random.mix(Generate.pick(edgeCases(maxN)), 20);
    }

    /**
     * The edges of the parameter domain: n = 2, b = 1, b = n, B = 1, B = n, B = b, both batches at
     * their extremes for n = maxN, and n = 3 (the smallest n with an interior b).
     */
    public static List<Setting> edgeCases(int maxN) {
        int[][] sizes = {
            {2, 1, 1}, {2, 1, 2}, {2, 2, 1}, {2, 2, 2},
            {3, 1, 3}, {3, 2, 2}, {3, 3, 1},
            {maxN, 1, 1}, {maxN, 1, maxN}, {maxN, maxN, maxN}, {maxN, maxN, 1}, {maxN, maxN / 2, maxN / 5},
        };
        long[] seeds = {0L, 1L, -1L, Long.MIN_VALUE, 20200712L, Long.MAX_VALUE};
        List<Setting> out = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            out.add(new Setting(sizes[i][0], sizes[i][1], Math.max(1, sizes[i][2]), seeds[i % seeds.length]));
        }
        return List.copyOf(out);
    }
}
