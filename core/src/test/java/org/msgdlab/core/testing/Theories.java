package org.msgdlab.core.testing;

import org.quicktheories.core.Gen;

import java.util.List;
import java.util.function.Consumer;

import static org.quicktheories.QuickTheory.qt;

/**
 * Runs a property the way this suite does: first on every listed edge case (so the edges are
 * checked whatever QuickTheories draws), then on {@code examples} settings drawn by QuickTheories
 * from a fixed seed (CI is reproducible; a failure is a regression, not bad luck).
 *
 * <p>A failure names the property and the failing value, whose {@code toString} carries the seed
 * of the random stream; QuickTheories adds its own seed ("Seed was ...") to replay the search.
 */
public final class Theories {

    /** The QuickTheories seed of every property of this suite (the paper's ICML 2020 date). */
    public static final long QT_SEED = 20200712L;

    private Theories() {
    }

    public static <T> void forAll(String property, int examples, Gen<T> gen, List<T> edgeCases, Consumer<T> check) {
        for (T edge : edgeCases) {
            verify(property, edge, check);
        }
        qt().withFixedSeed(QT_SEED).withExamples(examples).withShrinkCycles(20)
                .forAll(gen).checkAssert(value -> verify(property, value, check));
    }

    public static <T> void verify(String property, T value, Consumer<T> check) {
        try {
            check.accept(value);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("property \"" + property + "\" falsified at " + value + ": " + e.getMessage(), e);
        }
    }
}
