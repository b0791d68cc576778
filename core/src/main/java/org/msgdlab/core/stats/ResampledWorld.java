package org.msgdlab.core.stats;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.random.Streams;

import java.util.Arrays;
import java.util.Objects;

/**
 * A world of paired per-seed values made of a study's observed ones, in which a sequential rule's wrong-verdict
 * rates and power are simulated (deep/results/support-study/sizing/size.py, {@code world} and {@code study}):
 * <pre>
 *   a seed's value = v_I + D + shift,   I uniform over the observed seeds (drawn with replacement),
 *   D = +-U(smallest, largest) with probability share (the sign a fair coin), else 0   ({@link Dips}),
 *   shift = truth - centre,   centre = the rule's location (trimmed or plain mean) of {@value #REFERENCE_DRAWS}
 *                             draws of v_I + D from the stream {@code Streams.derive(seed, "reference")}.
 * </pre>
 * So the skew and the rare far seeds of the real data come along, and the world's location (in the rule's own
 * sense, to the reference sample's precision) is the truth asked for. A world drawn from k observed seeds is
 * discrete: a study of more than k seeds repeats some. Its rates are this world's, an estimate of the real
 * law's: the bootstrap's check, not a proof. Immutable and thread-safe: the array is copied in.
 *
 * @param values the observed per-seed values (at least 2, finite)
 * @param dips   the extra dips added on top ({@link Dips#NONE}: none)
 * @param shift  the constant added to every draw (0 for the observed world)
 */
public record ResampledWorld(double[] values, Dips dips, double shift) {

    /** Draws in the reference sample whose location centres a world (size.py's 2,000,000). */
    public static final int REFERENCE_DRAWS = 2_000_000;

    /**
     * Dips added to a share of the seeds, of either sign: the "dips" worlds of the support study's sizing (4% of
     * the seeds, 3 to 7 points).
     *
     * @param share    the probability that a seed gets one, in [0, 1)
     * @param smallest the smallest size, &gt;= 0
     * @param largest  the largest size, &gt;= smallest
     */
    public record Dips(double share, double smallest, double largest) {

        /** No dips. */
        public static final Dips NONE = new Dips(0, 0, 0);

        /**
         * Checks the dips.
         *
         * @throws IllegalArgumentException when the share is not in [0, 1) or the sizes are not 0 &lt;= smallest &lt;= largest
         */
        public Dips {
            if (!(share >= 0 && share < 1)) {
                throw new IllegalArgumentException("dips: share=" + share + " must be in [0, 1)");
            }
            if (!(smallest >= 0 && largest >= smallest) || !Double.isFinite(largest)) {
                throw new IllegalArgumentException("dips: sizes [" + smallest + ", " + largest + "] must have 0 <= smallest"
                        + " <= largest, finite");
            }
        }
    }

    /**
     * Checks and copies the values.
     *
     * @throws IllegalArgumentException when fewer than 2 values, or one (or the shift) is not finite
     * @throws NullPointerException     when {@code dips} is null
     */
    public ResampledWorld {
        if (values.length < 2) {
            throw new IllegalArgumentException("resampled world: " + values.length + " observed values; at least 2 are needed");
        }
        for (int s = 0; s < values.length; s++) {
            if (!Double.isFinite(values[s])) {
                throw new IllegalArgumentException("resampled world: observed value " + s + " is " + values[s]
                        + "; every value must be finite");
            }
        }
        if (!Double.isFinite(shift)) {
            throw new IllegalArgumentException("resampled world: shift=" + shift + " must be finite");
        }
        Objects.requireNonNull(dips, "dips");
        values = values.clone();
    }

    /**
     * The observed world, unshifted.
     *
     * @param values the observed per-seed values
     * @param dips   the extra dips
     * @return the world
     */
    public static ResampledWorld of(double[] values, Dips dips) {
        return new ResampledWorld(values, dips, 0);
    }

    /** @return a copy of the observed values */
    @Override
    public double[] values() {
        return values.clone();
    }

    /**
     * The world's location before any shift: {@code location}'s estimate over {@value #REFERENCE_DRAWS} draws.
     *
     * @param location the rule's location
     * @param seed     the seed; the reference stream is {@code Streams.derive(seed, "reference")}
     * @return the centre
     */
    public double centre(Location location, long seed) {
        UniformRandomProvider rng = Streams.create(Streams.derive(seed, "reference"));
        double[] ref = new double[REFERENCE_DRAWS];
        for (int i = 0; i < ref.length; i++) {
            ref[i] = raw(rng);
        }
        return location.of(ref, ref.length).estimate();
    }

    /**
     * A dip-free world's location before any shift, exactly, with no reference sample: the location of the law that
     * puts mass 1/k on each observed value ({@link Location#ofLaw}); {@link #centre} estimates the same number to
     * its reference sample's precision. At k a multiple of 10 it is the observed seeds' own 10%-trimmed mean.
     *
     * @param location the rule's location
     * @return the centre
     * @throws IllegalStateException when the world has dips (their law is continuous: use {@link #centre})
     */
    public double lawCentre(Location location) {
        if (dips.share() > 0) {
            throw new IllegalStateException("resampled world: the law's centre is exact only without dips (dips " + dips
                    + "); use centre(location, seed)");
        }
        return location.ofLaw(values);
    }

    /**
     * This world shifted so that its location is {@code truth}.
     *
     * @param truth    the world's location, in the values' units
     * @param location the rule's location (the sense of "location")
     * @param seed     the reference sample's seed ({@link #centre})
     * @return the shifted world
     */
    public ResampledWorld at(double truth, Location location, long seed) {
        return new ResampledWorld(values, dips, truth - centre(location, seed));
    }

    /**
     * This world shifted so that a centre already computed ({@link #centre}) becomes {@code truth}: the same world as
     * {@link #at} without drawing the reference sample again.
     *
     * @param truth  the world's location
     * @param centre the unshifted world's location
     * @return the shifted world
     */
    public ResampledWorld centredAt(double truth, double centre) {
        return new ResampledWorld(values, dips, truth - centre);
    }

    /**
     * How often the rule passes and fails the claim in this world.
     *
     * @param rule    the sequential rule
     * @param claim   the claim
     * @param studies simulated studies, at least 2, each of the rule's cap of seeds
     * @param seed    the seed of the studies' streams ({@link SeededChunks}: one stream per chunk)
     * @return P(PASS) and P(FAIL) with their Monte Carlo standard errors
     * @throws IllegalArgumentException when {@code studies < 2}
     */
    public VerdictRates rates(LookRule rule, BandClaim claim, int studies, long seed) {
        int cap = rule.spending().cap();
        long[] pass = new long[SeededChunks.count(studies)];
        long[] fail = new long[pass.length];
        SeededChunks.run(studies, "studies", seed, (chunk, from, to, rng) -> {
            double[] d = new double[cap];
            for (long r = from; r < to; r++) {
                for (int s = 0; s < cap; s++) {
                    d[s] = raw(rng) + shift;
                }
                Verdict v = rule.verdict(claim, d);
                pass[chunk] += v == Verdict.PASS ? 1 : 0;
                fail[chunk] += v == Verdict.FAIL ? 1 : 0;
            }
        }, SeededChunks.defaultPool(), "resampled world");
        return new VerdictRates(Arrays.stream(pass).sum(), Arrays.stream(fail).sum(), studies);
    }

    /**
     * One paired seed of this world: an observed value drawn uniformly, plus a dip with probability
     * {@code dips.share}, plus the shift (one draw of {@link #rates}'s studies).
     *
     * @param rng the generator
     * @return the seed's value
     */
    public double draw(UniformRandomProvider rng) {
        return raw(rng) + shift;
    }

    /** One unshifted draw: an observed value, plus a dip with probability {@code dips.share}. */
    private double raw(UniformRandomProvider rng) {
        double x = values[rng.nextInt(values.length)];
        if (dips.share() > 0 && rng.nextDouble() < dips.share()) {
            double size = dips.smallest() + (dips.largest() - dips.smallest()) * rng.nextDouble();
            x += rng.nextBoolean() ? size : -size;
        }
        return x;
    }
}
