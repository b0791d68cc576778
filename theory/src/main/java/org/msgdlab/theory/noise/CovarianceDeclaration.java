package org.msgdlab.theory.noise;

import java.util.Objects;
import java.util.Optional;

/**
 * What a sampling noise states about its covariance {@code Var[V]}: the value it is checked
 * against. Every noise of the paper states it exactly ({@link Exact}); a plug-in noise may instead
 * state "the covariance of SGD with batch b" ({@link SgdBatch}), that its covariance does not exist
 * ({@link Undefined}, e.g. an alpha-stable law with alpha &lt; 2, whose variance is infinite), or
 * that it does not know it ({@link Unknown}).
 *
 * <p>All implementations are immutable and thread-safe.
 */
public sealed interface CovarianceDeclaration {

    /**
     * The declared covariance on R^n, when the declaration gives one.
     *
     * @param n the dimension of the noise
     * @return the covariance, or empty when the declaration gives none
     * @throws IllegalArgumentException if the declaration cannot hold at dimension n (see the
     *                                  implementations)
     */
    Optional<ExchangeableCovariance> resolve(int n);

    /**
     * One phrase for reports, e.g. {@code "exact: Var[i,i]=..., Var[i,j]=..."}.
     *
     * @return the phrase
     */
    String describe();

    /**
     * The covariance, stated exactly.
     *
     * @param covariance the covariance Var[V]
     */
    record Exact(ExchangeableCovariance covariance) implements CovarianceDeclaration {
        /**
         * Checks the covariance is present.
         *
         * @param covariance the covariance Var[V]
         * @throws NullPointerException if {@code covariance} is null
         */
        public Exact {
            Objects.requireNonNull(covariance, "covariance");
        }

        /**
         * The stated covariance.
         *
         * @param n the dimension of the noise
         * @return the stated covariance
         * @throws IllegalArgumentException unless {@code n} equals the covariance's dimension
         */
        @Override
        public Optional<ExchangeableCovariance> resolve(int n) {
            if (n != covariance.n()) {
                throw new IllegalArgumentException("declared covariance has dimension n=" + covariance.n()
                        + ", the noise has n=" + n + ": they must be equal");
            }
            return Optional.of(covariance);
        }

        @Override
        public String describe() {
            return "exact: " + covariance;
        }
    }

    /**
     * The covariance of the SGD sampling noise with batch b (Proposition 1): with replacement
     * {@code 1/(bn) (I - 11^T/n)}, without {@code (n-b)/(bn(n-1)) (I - 11^T/n)}.
     *
     * @param b               the SGD batch size
     * @param withReplacement whether the batch is drawn with replacement
     */
    record SgdBatch(int b, boolean withReplacement) implements CovarianceDeclaration {
        /**
         * Validates the batch size.
         *
         * @param b               the SGD batch size
         * @param withReplacement whether the batch is drawn with replacement
         * @throws IllegalArgumentException unless {@code b >= 1}
         */
        public SgdBatch {
            if (b < 1) {
                throw new IllegalArgumentException("batch size b=" + b + " must be >= 1");
            }
        }

        /**
         * Proposition 1's covariance at dimension n.
         *
         * @param n the number of samples
         * @return the covariance of SGD-b on n samples
         * @throws IllegalArgumentException unless {@code n >= 2}, and, without replacement, {@code b <= n}
         */
        @Override
        public Optional<ExchangeableCovariance> resolve(int n) {
            return Optional.of(withReplacement ? new SgdWithReplacement(n, b).covariance()
                    : new SgdWithoutReplacement(n, b).covariance());
        }

        @Override
        public String describe() {
            return "the covariance of SGD-" + b + (withReplacement ? " with" : " without") + " replacement (Proposition 1)";
        }
    }

    /**
     * The second moments do not exist, so no covariance (and no standard error of a sample mean)
     * can be checked; {@code reason} says why, e.g. "alpha-stable with alpha = 1.5: infinite variance".
     *
     * @param reason why the covariance does not exist
     */
    record Undefined(String reason) implements CovarianceDeclaration {
        /**
         * Validates the reason.
         *
         * @param reason why the covariance does not exist
         * @throws IllegalArgumentException if {@code reason} is null or blank
         */
        public Undefined {
            requireReason(reason);
        }

        @Override
        public Optional<ExchangeableCovariance> resolve(int n) {
            return Optional.empty();
        }

        @Override
        public String describe() {
            return "undefined: " + reason;
        }
    }

    /**
     * Finite, but not stated; {@code reason} says why.
     *
     * @param reason why the covariance is not stated
     */
    record Unknown(String reason) implements CovarianceDeclaration {
        /**
         * Validates the reason.
         *
         * @param reason why the covariance is not stated
         * @throws IllegalArgumentException if {@code reason} is null or blank
         */
        public Unknown {
            requireReason(reason);
        }

        @Override
        public Optional<ExchangeableCovariance> resolve(int n) {
            return Optional.empty();
        }

        @Override
        public String describe() {
            return "unknown: " + reason;
        }
    }

    private static void requireReason(String reason) {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("reason='" + reason + "' must say why the covariance is not declared");
        }
    }
}
