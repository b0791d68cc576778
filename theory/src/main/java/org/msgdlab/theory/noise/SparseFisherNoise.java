package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;

/**
 * MSGD-[Fisher-B] (Section 4.4): Gaussian noise whose covariance is the Fisher estimated on a
 * mini-batch of B samples, scaled to the magnitude of SGD with batch b. The paper prints
 * <pre>
 *   V_F' = sqrt(B/b) * V_sgd(B) (.) eps      (Hadamard product, eps ~ N(0, I_n))
 * </pre>
 * and states {@code E[V_F'] = 0, Var[V_F'] = Var[V_sgd(b)]}. Two readings are implemented:
 * <ul>
 *   <li>{@link Form#AS_PRINTED}: exactly the printed formula. V_sgd(B) = W_sgd(B) - 1/n is zero
 *       only where W_sgd(B) = 1/n, which is impossible unless n divides B: this noise is
 *       <em>dense</em>, not sparse.</li>
 *   <li>{@link Form#MINI_BATCH_FISHER}: {@code sqrt(B/b) * W_sgd(B) (.) eps}: B non-zeros, and the
 *       gradient noise is exactly N(0, F_B / b) with F_B the Fisher of the mini-batch, as the prose
 *       of Section 4.4 describes.</li>
 * </ul>
 * Both have a diagonal covariance (eps is independent of the batch and centred):
 * {@code Var = (B/b) E[X_i^2] I}, X = V_sgd(B) or W_sgd(B); so neither has the off-diagonal
 * -1/(bn^2) of Var[V_sgd(b)].
 *
 * <p>Immutable and thread-safe; the samplers it creates are not.
 *
 * @param n                    the number of samples
 * @param b                    the SGD batch size whose magnitude the noise matches
 * @param batch                the batch size B of the Fisher estimate
 * @param form                 which reading of the formula
 * @param batchWithReplacement whether the batch of B is drawn with replacement
 */
public record SparseFisherNoise(int n, int b, int batch, Form form, boolean batchWithReplacement)
        implements SamplingNoise {

    /** Which reading of the formula. */
    public enum Form {
        /** The printed formula {@code sqrt(B/b) V_sgd(B) (.) eps}: dense. */
        AS_PRINTED("sqrt(B/b) V_sgd(B) (.) eps"),
        /** {@code sqrt(B/b) W_sgd(B) (.) eps}: B non-zeros, the mini-batch Fisher. */
        MINI_BATCH_FISHER("sqrt(B/b) W_sgd(B) (.) eps");

        private final String formula;

        Form(String formula) {
            this.formula = formula;
        }

        /** @return the reading's formula, as text */
        public String formula() {
            return formula;
        }
    }

    /**
     * Validates the parameters.
     *
     * @param n                    the number of samples
     * @param b                    the SGD batch size
     * @param batch                the batch size B
     * @param form                 which reading of the formula
     * @param batchWithReplacement whether the batch of B is drawn with replacement
     * @throws IllegalArgumentException unless {@code n >= 2}, {@code 1 <= b <= n}, and {@code B >= 1}
     *                                  (with replacement) or {@code 1 <= B <= n} (without)
     * @throws NullPointerException     if {@code form} is null
     */
    public SparseFisherNoise {
        Validation.requireSampleCount(n);
        Validation.requireBatch("b", b, n);
        if (batchWithReplacement) {
            if (batch < 1) {
                throw new IllegalArgumentException("batch size B=" + batch + " must be >= 1");
            }
        } else {
            Validation.requireBatch("B", batch, n);
        }
        java.util.Objects.requireNonNull(form, "form");
    }

    private SamplingNoise batchNoise() {
        return batchWithReplacement ? new SgdWithReplacement(n, batch) : new SgdWithoutReplacement(n, batch);
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return "MSGD-[Fisher-" + batch + "]" + (form == Form.AS_PRINTED ? " (as printed)" : "");
    }

    @Override
    public String formula() {
        return "V_F' = " + form.formula() + ", batch drawn " + (batchWithReplacement ? "with" : "without") + " replacement";
    }

    /** @return {@code (B/b) E[X_i^2] I} with X = V_sgd(B) (as printed) or W_sgd(B) = V_sgd(B) + 1/n */
    @Override
    public ExchangeableCovariance covariance() {
        double secondMoment = batchNoise().covariance().diagonal();
        if (form == Form.MINI_BATCH_FISHER) {
            secondMoment += 1.0 / ((double) n * n);
        }
        return ExchangeableCovariance.isotropic(n, (double) batch / b * secondMoment);
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        final NoiseSampler batchSampler = batchNoise().sampler(rng);
        final ContinuousSampler eps = StandardizedDriver.GAUSSIAN.sampler(rng);
        final double scale = Math.sqrt((double) batch / b);
        final double shift = form == Form.MINI_BATCH_FISHER ? 1.0 / n : 0.0;
        return v -> {
            batchSampler.sample(v);
            for (int i = 0; i < n; i++) {
                double x = v[i] + shift;
                v[i] = x == 0 ? 0.0 : scale * x * eps.sample();
            }
        };
    }
}
