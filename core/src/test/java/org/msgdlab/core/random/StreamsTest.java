package org.msgdlab.core.random;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** {@link Streams}: every random number comes from a seed, a name and an index, deterministically. */
class StreamsTest {

    @Test
    void derivationIsDeterministic() {
        assertEquals(Streams.derive(20200712L, "prop1.without-replacement.covariance"),
                Streams.derive(20200712L, "prop1.without-replacement.covariance"));
        assertEquals(Streams.derive(5L, 3L), Streams.derive(5L, 3L));
        UniformRandomProvider a = Streams.create(99L);
        UniformRandomProvider b = Streams.create(99L);
        for (int i = 0; i < 100; i++) {
            assertEquals(a.nextLong(), b.nextLong(), "draw " + i);
        }
    }

    @Test
    void differentNamesSeedsAndChunksGiveDifferentSeeds() {
        List<String> names = new ArrayList<>();
        // Claim-shaped ids (module.object.property) that differ in one place; the ids of the real
        // studies are checked by each study's own test.
        for (String object : List.of("prop1.without-replacement", "prop1.with-replacement", "msgd.bernoulli", "fisher-vs-cov")) {
            for (String property : List.of("mean", "covariance", "covariance.diagonal", "gradient-noise")) {
                for (int k = 0; k < 3; k++) {
                    names.add(object + "." + property + (k == 0 ? "" : Integer.toString(k)));
                }
            }
        }
        // Names that differ in one character, by a prefix, or by order.
        names.addAll(List.of("", "a", "b", "ab", "ba", "a.b", "a-b", "fisher-vs-cov.gradient-noise0", "fisher-vs-cov.gradient-noise1"));
        for (long master : new long[] {0L, 1L, -1L, 20200712L}) {
            Set<Long> seeds = new HashSet<>();
            for (String name : names) {
                seeds.add(Streams.derive(master, name));
            }
            assertEquals(new HashSet<>(names).size(), seeds.size(), "master " + master + ": distinct names must give distinct seeds");
            Set<Long> chunks = new HashSet<>();
            for (long c = 0; c < 4096; c++) {
                chunks.add(Streams.derive(master, c));
            }
            assertEquals(4096, chunks.size(), "master " + master + ": distinct chunk indices must give distinct seeds");
        }
        assertNotEquals(Streams.derive(1L, "x"), Streams.derive(2L, "x"), "the master seed matters");
        assertNotEquals(Streams.create(1L).nextLong(), Streams.create(2L).nextLong());
    }

    @Test
    void theMixerIsABijectionOnASample() {
        Set<Long> out = new HashSet<>();
        for (long z = -50_000; z < 50_000; z++) {
            out.add(Streams.mix(z));
        }
        assertEquals(100_000, out.size());
    }
}
