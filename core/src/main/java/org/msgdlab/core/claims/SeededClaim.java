package org.msgdlab.core.claims;

import org.msgdlab.core.random.Streams;

import java.util.Objects;
import java.util.function.LongFunction;

/**
 * A claim whose fixtures, not only its Monte Carlo draws, come from the run's seed: a gradient matrix or another
 * state the statement is checked at is drawn at check time from {@link #fixtureSeed}, so that {@code --seed}
 * moves it too (a literal seed would be a side channel the run's seed does not reach). The claim is built for the
 * context's seed and checked; its id, paper reference and statement are fixed at construction.
 * <p>
 * Immutable and thread-safe when {@code build} is.
 */
public final class SeededClaim implements ClaimWithRef {

    private final ClaimRef ref;
    private final LongFunction<? extends Claim> build;

    private SeededClaim(ClaimRef ref, LongFunction<? extends Claim> build) {
        this.ref = ref;
        this.build = build;
    }

    /**
     * A claim built from its fixture seed at check time. It is built once here, at fixture seed 0, so that bad
     * parameters fail at construction as the {@link Claim} contract asks.
     *
     * @param build the claim for a fixture seed
     * @return the claim
     * @throws IllegalArgumentException as {@code build} does for bad parameters
     */
    public static SeededClaim of(LongFunction<? extends Claim> build) {
        Objects.requireNonNull(build, "build");
        return new SeededClaim(ClaimRef.of(Objects.requireNonNull(build.apply(0L), "build returned null")), build);
    }

    /**
     * The seed of a claim's fixtures in a run: derived from the claim's own seed (the run's {@code --seed} and the
     * claim's id) under the name "fixture", apart from the streams of its draws.
     *
     * @param context the run's context
     * @param claimId the claim's id
     * @return the fixture seed
     */
    public static long fixtureSeed(CheckContext context, String claimId) {
        return Streams.derive(context.seedFor(claimId), "fixture");
    }

    @Override
    public ClaimRef ref() {
        return ref;
    }

    /**
     * The claim as checked in {@code context}: built for its fixture seed.
     *
     * @param context the run's context
     * @return the claim
     * @throws IllegalStateException when the claim built is another one (another id, reference or statement)
     */
    public Claim builtFor(CheckContext context) {
        Claim claim = build.apply(fixtureSeed(context, ref.id()));
        if (!ClaimRef.of(claim).equals(ref)) {
            throw new IllegalStateException("the claim built for a seed is " + ClaimRef.of(claim).id() + ", not " + ref.id());
        }
        return claim;
    }

    @Override
    public Evidence check(CheckContext context) {
        return builtFor(context).check(context);
    }
}
