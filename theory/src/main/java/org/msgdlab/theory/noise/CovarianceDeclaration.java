package org.msgdlab.theory.noise;

import java.util.Objects;
import java.util.Optional;

/**
 * What a sampling noise states about its covariance {@code Var[V]}: the value it is checked
 * against. Every noise of the paper states it exactly ({@link Exact}); a plug-in noise may instead
 * state "the covariance of SGD with batch b" ({@link SgdBatch}), that its covariance does not exist
 * ({@link Undefined}, e.g. an alpha-stable law with alpha &lt; 2, whose variance is infinite), or
 * that it does not know it ({@link Unknown}).
 */
public sealed interface CovarianceDeclaration {

    /** The declared covariance on R^n, when the declaration gives one. */
    Optional<ExchangeableCovariance> resolve(int n);

    /** One phrase for reports, e.g. {@code "exact: Var[i,i]=..., Var[i,j]=..."}. */
    String describe();

    /** The covariance, stated exactly. */
    record Exact(ExchangeableCovariance covariance) implements CovarianceDeclaration {
        public Exact {
            Objects.requireNonNull(covariance, "covariance");
        }

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
     */
    record SgdBatch(int b, boolean withReplacement) implements CovarianceDeclaration {
        public SgdBatch {
            if (b < 1) {
                throw new IllegalArgumentException("batch size b=" + b + " must be >= 1");
            }
        }

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
     */
    record Undefined(String reason) implements CovarianceDeclaration {
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

    /** Finite, but not stated; {@code reason} says why. */
    record Unknown(String reason) implements CovarianceDeclaration {
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
