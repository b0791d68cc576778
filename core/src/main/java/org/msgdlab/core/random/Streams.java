package org.msgdlab.core.random;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.nio.charset.StandardCharsets;

/**
 * Seeded, independent random streams. Every random number in msgd-lab comes from a generator
 * created here from an explicit seed: a master seed, mixed with a name (a claim id) and an index
 * (a chunk of Monte Carlo samples), so that the numbers depend on the seed only, never on the
 * thread count or on which other claims ran.
 *
 * <p>Stateless and thread-safe; the generators it creates are not: each belongs to one thread.
 */
public final class Streams {

    /** The generator family: xoroshiro128++ (Commons RNG), fast and with good statistical quality. */
    public static final RandomSource SOURCE = RandomSource.XO_RO_SHI_RO_128_PP;

    private Streams() {
    }

    /**
     * A generator seeded with {@code seed}.
     *
     * @param seed the seed
     * @return a new {@link #SOURCE} generator whose two seed words are {@code mix(seed)} and
     *         {@code mix(seed ^ 0x9E3779B97F4A7C15L)}: the same sequence for the same seed
     */
    public static UniformRandomProvider create(long seed) {
        return SOURCE.create(new long[] {mix(seed), mix(seed ^ 0x9E3779B97F4A7C15L)});
    }

    /**
     * The seed of the stream named {@code name} under {@code masterSeed}.
     *
     * @param masterSeed the master seed
     * @param name       the stream's name, e.g. a claim id
     * @return {@code mix(masterSeed + mix(h))}, h the 64-bit FNV-1a hash of the name's UTF-8 bytes
     */
    public static long derive(long masterSeed, String name) {
        long h = 0xcbf29ce484222325L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return mix(masterSeed + mix(h));
    }

    /**
     * The seed of sub-stream {@code index} of {@code seed}.
     *
     * @param seed  the stream's seed
     * @param index the sub-stream's index, e.g. a chunk
     * @return {@code mix(seed + mix(index + 0x632BE59BD9B4E019L))}
     */
    public static long derive(long seed, long index) {
        return mix(seed + mix(index + 0x632BE59BD9B4E019L));
    }

    /**
     * SplitMix64's finalizer: a bijective 64-bit mixer.
     *
     * @param z the value to mix
     * @return its mix
     */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
