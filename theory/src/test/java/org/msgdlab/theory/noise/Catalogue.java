package org.msgdlab.theory.noise;

import java.util.ArrayList;
import java.util.List;

/**
 * Every sampling noise of the paper, built for one {@link Setting}: the noises of Proposition 1,
 * Sections 4.1-4.4, Algorithm 2 and Theorem 1 (the Theorem 1 noises live on R^large with
 * large = max(b, B, 2), Algorithm 2 uses the same large batch).
 */
public final class Catalogue {

    /** A noise with the name a failure message shows. */
    public record Named(String name, SamplingNoise noise) {
        @Override
        public String toString() {
            return name + " [" + noise.paperName() + "]";
        }
    }

    private Catalogue() {
    }

    public static List<Named> all(Setting s) {
        List<Named> out = new ArrayList<>();
        out.addAll(sgd(s));
        out.addAll(gaussianClass(s));
        out.add(new Named("bernoulli", new BernoulliNoise(s.n(), s.b())));
        out.addAll(sparse(s));
        out.addAll(miniBatch(s));
        out.addAll(theorem1(s));
        return out;
    }

    public static List<Named> sgd(Setting s) {
        return List.of(
                new Named("sgd.without-replacement", new SgdWithoutReplacement(s.n(), s.b())),
                new Named("sgd.with-replacement", new SgdWithReplacement(s.n(), s.b())));
    }

    /** MSGD-Fisher and the centred noises with an SGD covariance (Sections 4.1, 4.2). */
    public static List<Named> gaussianClass(Setting s) {
        return List.of(
                new Named("msgd-fisher", new FisherNoise(s.n(), s.b())),
                new Named("msgd-cov", CenteredExchangeableNoise.msgdCov(s.n(), s.b())),
                new Named("msgd-cov.without-replacement", CenteredExchangeableNoise.msgdCovWithoutReplacement(s.n(), s.b())),
                new Named("rademacher.sgd-covariance", CenteredExchangeableNoise.of(
                        new SgdWithReplacement(s.n(), s.b()).covariance(), StandardizedDriver.RADEMACHER)));
    }

    /** MSGD-[Fisher-B] in both readings and both batch laws, MSGD-[Cov-B] (Section 4.4) and MSGD-[Cov-exact-B] (B >= 2). */
    public static List<Named> sparse(Setting s) {
        int n = s.n();
        int b = s.b();
        int bb = s.batch();
        return List.of(
                new Named("sparse-fisher.as-printed.with-replacement",
                        new SparseFisherNoise(n, b, bb, SparseFisherNoise.Form.AS_PRINTED, true)),
                new Named("sparse-fisher.as-printed.without-replacement",
                        new SparseFisherNoise(n, b, bb, SparseFisherNoise.Form.AS_PRINTED, false)),
                new Named("sparse-fisher.mini-batch.without-replacement",
                        new SparseFisherNoise(n, b, bb, SparseFisherNoise.Form.MINI_BATCH_FISHER, false)),
                new Named("sparse-fisher.mini-batch.with-replacement",
                        new SparseFisherNoise(n, b, bb, SparseFisherNoise.Form.MINI_BATCH_FISHER, true)),
                new Named("sparse-cov", new SparseCovNoise(n, b, bb)),
                new Named("sparse-cov.exact", new ExactCovSparseNoise(n, b, Math.max(2, bb))));
    }

    /** Algorithm 2 with the magnitude that matches Var[W_i] of SGD-b (large >= b, so it exists). */
    public static List<Named> miniBatch(Setting s) {
        double magnitude = MiniBatchMsgd.fisherMagnitudeMatchingSgd(s.n(), s.b(), s.large());
        return List.of(
                new Named("minibatch-msgd.fisher", MiniBatchMsgd.fisherCompensated(s.n(), s.large(), magnitude)),
                new Named("minibatch-msgd.cov", MiniBatchMsgd.covCompensated(s.n(), s.large(), magnitude)));
    }

    /** Theorem 1's three classes with batches (b, large). */
    public static List<Named> theorem1(Setting s) {
        return List.of(
                new Named("thm1.subsampling", Theorem1SamplingVectors.subsampling(s.b(), s.large())),
                new Named("thm1.gaussian", Theorem1SamplingVectors.gaussian(s.b(), s.large())),
                new Named("thm1.rademacher", Theorem1SamplingVectors.rademacher(s.b(), s.large())));
    }
}
