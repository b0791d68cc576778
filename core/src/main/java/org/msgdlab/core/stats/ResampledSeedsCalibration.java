package org.msgdlab.core.stats;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.util.Arrays;

/**
 * The wrong-verdict rates and the power of the sequential signed-rank ratio rule ("R lies in
 * [lower, upper]", {@link SignedRankRatio#sequential}) in worlds made of a study's own seeds: the data's real shape, not a normal model.
 * <p>
 * The world at ratio rho: a simulated study draws its seeds with replacement from the observed ones,
 * each seed's pair (a_s, b_s) and its exclusion (a collapse) kept together, so the dependence between a
 * and b, their tails and skew, and the share of excluded seeds are the data's. Every a_s is shifted by one
 * constant c(rho), which makes the world's R exactly rho in the rule's own sense: the contrasts
 * D(rho) = a + c − rho·b of the world's kept seeds have pseudo-median zero, that is, c is minus the median
 * of (u_i + u_j)/2 over all ordered pairs (i, j) of kept seeds, u = a − rho·b (two independent draws of
 * the world). SGD-50's advantage b keeps its observed law.
 * <p>
 * A world drawn from n observed seeds is discrete: a study of more than n seeds repeats some. The rates
 * are those of this world, an estimate of the real law's; the check is the bootstrap's, not a proof.
 * Immutable and thread-safe: the arrays are copied in.
 *
 * @param a        the numerator effect per observed seed (acc(X) − acc(GD))
 * @param b        the denominator effect per observed seed (acc(SGD-50) − acc(GD))
 * @param excluded whether the seed is left out of the statistic (a collapse of GD, SGD-50 or X)
 * @param looks    the rule's looks and its alpha (one-sided {@link SequentialDesign#alphaPerLook()} per look)
 * @param lower    the band's lower edge
 * @param upper    the band's upper edge
 */
public record ResampledSeedsCalibration(double[] a, double[] b, boolean[] excluded, SequentialDesign looks,
                                        double lower, double upper) {

    /**
     * Checks and copies the seeds.
     *
     * @throws IllegalArgumentException when the arrays' lengths differ, fewer than 2 seeds are kept, a kept
     *                                  value is not finite, or the band is empty
     * @throws NullPointerException     when an argument is null
     */
    public ResampledSeedsCalibration {
        if (a.length != b.length || a.length != excluded.length) {
            throw new IllegalArgumentException("resampled seeds: a, b and excluded must have one entry per seed ("
                    + a.length + ", " + b.length + " and " + excluded.length + ")");
        }
        int kept = 0;
        for (int s = 0; s < a.length; s++) {
            if (!excluded[s]) {
                kept++;
                if (!Double.isFinite(a[s]) || !Double.isFinite(b[s])) {
                    throw new IllegalArgumentException("resampled seeds: seed " + s + " has a=" + a[s] + ", b=" + b[s]
                            + "; a kept seed's values must be finite");
                }
            }
        }
        if (kept < 2) {
            throw new IllegalArgumentException("resampled seeds: " + kept + " kept seeds; at least 2 are needed");
        }
        if (!(lower < upper)) {
            throw new IllegalArgumentException("resampled seeds: band [" + lower + ", " + upper + "] must have lower < upper");
        }
        java.util.Objects.requireNonNull(looks, "looks");
        a = a.clone();
        b = b.clone();
        excluded = excluded.clone();
    }

    /**
     * The shift c(rho) that puts the world's R at {@code rho}.
     *
     * @param rho the world's ratio
     * @return c: the kept seeds' contrasts a + c − rho·b have pseudo-median zero over ordered pairs
     */
    public double shift(double rho) {
        double[] u = new double[a.length];
        int k = 0;
        for (int s = 0; s < a.length; s++) {
            if (!excluded[s]) {
                u[k++] = a[s] - rho * b[s];
            }
        }
        double[] walsh = new double[k * k];
        int w = 0;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                walsh[w++] = (u[i] + u[j]) / 2;
            }
        }
        Arrays.sort(walsh);
        int m = walsh.length;
        double median = m % 2 == 1 ? walsh[m / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2;
        return -median;
    }

    /**
     * The probability that the rule gives {@code outcome} in the world at {@code rho}, by simulation.
     *
     * @param rho     the world's ratio
     * @param outcome the outcome counted
     * @param reps    simulated studies, at least 1
     * @param seed    the seed of the simulation's stream (XO_RO_SHI_RO_128_PP)
     * @return the share of the {@code reps} studies that gave it
     * @throws IllegalArgumentException when {@code reps < 1}
     */
    public double rate(double rho, PairedHypothesis.Outcome outcome, int reps, long seed) {
        if (reps < 1) {
            throw new IllegalArgumentException("resampled seeds: reps=" + reps + " must be >= 1");
        }
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        double c = shift(rho);
        int cap = looks.cap();
        double[] sa = new double[cap];
        double[] sb = new double[cap];
        boolean[] sx = new boolean[cap];
        int hits = 0;
        for (int r = 0; r < reps; r++) {
            for (int s = 0; s < cap; s++) {
                int i = rng.nextInt(a.length);
                sa[s] = a[i] + c;
                sb[s] = b[i];
                sx[s] = excluded[i];
            }
            hits += SignedRankRatio.sequential(sa, sb, sx, looks, lower, upper).outcome() == outcome ? 1 : 0;
        }
        return (double) hits / reps;
    }
}
