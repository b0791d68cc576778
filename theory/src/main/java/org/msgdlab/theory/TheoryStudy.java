package org.msgdlab.theory;

import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Study;
import org.msgdlab.theory.claims.GradientNoiseClaims;
import org.msgdlab.theory.claims.NoiseClaims;
import org.msgdlab.theory.noise.BernoulliNoise;
import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.MiniBatchMsgd;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.msgdlab.theory.noise.SparseCovNoise;
import org.msgdlab.theory.noise.SparseFisherNoise;
import org.msgdlab.theory.noise.Theorem1SamplingVectors;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every sampling-noise statement of the paper (Sections 2 and 4, Appendix A) as a checked claim,
 * at the paper's Fashion-MNIST set-up: n = 1000 training samples, SGD batch b = 50, Fisher
 * mini-batch B = 10 (and B = 100 for a second MSGD-[Cov-B]), and large batch B = 200.
 * Stateless.
 */
public final class TheoryStudy {

    /** The study's id, {@code "theory.sampling-noise"}. */
    public static final String ID = "theory.sampling-noise";

    /** The set-up of a run ({@code msgd verify --n --b --fisher-batch --large-batch}): the paper's unless the context sets it. */
    public static final CheckContext.Option<Setup> SETUP = new CheckContext.Option<>("theory.setup", Setup.class, Setup.paper());

    private TheoryStudy() {
    }

    /**
     * The set-up of the study. Immutable and thread-safe.
     *
     * @param n            training samples, n &ge; 2
     * @param b            SGD batch size, 1 &le; b &le; n
     * @param fisherBatch  B of MSGD-[Fisher-B] and MSGD-[Cov-B], 1 &le; B &le; n (the paper uses B = 10 &lt; b)
     * @param largeBatch   B of mini-batch MSGD (Algorithm 2) and of Theorem 1, b &le; B &le; n, B &ge; 2
     */
    public record Setup(int n, int b, int fisherBatch, int largeBatch) {
        /**
         * Validates the set-up.
         *
         * @param n           training samples
         * @param b           SGD batch size
         * @param fisherBatch B of MSGD-[Fisher-B] and MSGD-[Cov-B]
         * @param largeBatch  B of mini-batch MSGD and of Theorem 1
         * @throws IllegalArgumentException unless {@code n >= 2}, {@code 1 <= b <= n},
         *                                  {@code 1 <= fisherBatch <= n} and
         *                                  {@code max(b, 2) <= largeBatch <= n}
         */
        public Setup {
            if (n < 2) {
                throw new IllegalArgumentException("number of samples n=" + n + " must be >= 2");
            }
            if (b < 1) {
                throw new IllegalArgumentException("batch size b=" + b + " must be >= 1");
            }
            if (b > n) {
                throw new IllegalArgumentException("batch size b=" + b + " must be <= n=" + n);
            }
            if (fisherBatch < 1 || fisherBatch > n) {
                throw new IllegalArgumentException("Fisher batch size B=" + fisherBatch + " must be in [1, n=" + n + "]");
            }
            if (largeBatch < b) {
                throw new IllegalArgumentException("large batch size B=" + largeBatch + " must be >= b=" + b);
            }
            if (largeBatch > n || largeBatch < 2) {
                throw new IllegalArgumentException("large batch size B=" + largeBatch + " must be in [2, n=" + n + "]");
            }
        }

        /** Rows d of the synthetic d x n gradient matrices of the gradient-noise claims. */
        public static final int GRADIENT_ROWS = 10;

        /**
         * An upper estimate of the heap the claims need at this n, in bytes: two d x n gradient
         * matrices alive at once plus at most 64 length-n vectors (sampling vectors, per-thread
         * sums and their copies). Nothing in the study is n x n, so the need is linear in n.
         *
         * @return {@code 8 n (2 * GRADIENT_ROWS + HEAP_VECTORS)} bytes
         */
        public long heapBytes() {
            return Double.BYTES * (long) n * (2L * GRADIENT_ROWS + HEAP_VECTORS);
        }

        /** The length-n vectors {@link #heapBytes} allows for beside the gradient matrices. */
        public static final int HEAP_VECTORS = 64;

        /** @return the paper's Fashion-MNIST set-up: n = 1000, b = 50, [Fisher-10], large batch 200 */
        public static Setup paper() {
            return new Setup(1000, 50, 10, 200);
        }
    }

    /**
     * The study at the paper's set-up, {@link Setup#paper()}.
     *
     * @return the study
     */
    public static Study create() {
        return create(Setup.paper());
    }

    /**
     * The study at the context's set-up, {@link #SETUP}.
     *
     * @param context the run's context
     * @return the study, one claim per sampling-noise statement
     */
    public static Study create(CheckContext context) {
        return create(context.option(SETUP));
    }

    /**
     * The study at a given set-up.
     *
     * @param s the set-up
     * @return the study, one claim per sampling-noise statement
     */
    public static Study create(Setup s) {
        int n = s.n();
        int b = s.b();
        NoiseClaims.Samples cheap = new NoiseClaims.Samples(100_000, 2_000_000);
        NoiseClaims.Samples gaussian = new NoiseClaims.Samples(50_000, 1_000_000);
        List<Claim> claims = new ArrayList<>();
        ExchangeableCovariance varWith = new SgdWithReplacement(n, b).covariance();
        ExchangeableCovariance varWithout = new SgdWithoutReplacement(n, b).covariance();

        // Proposition 1.
        NoiseClaims.Draws without = new NoiseClaims.Draws(new SgdWithoutReplacement(n, b), cheap, p(n, b));
        NoiseClaims.Draws with = new NoiseClaims.Draws(new SgdWithReplacement(n, b), cheap, p(n, b));
        claims.add(NoiseClaims.mean(new ClaimRef("prop1.without-replacement.mean", "Proposition 1",
                "Mini-batch without replacement: E[V_sgd] = 0 (E[W_sgd] = 1/n)"), without));
        claims.add(NoiseClaims.covariance(new ClaimRef("prop1.without-replacement.covariance", "Proposition 1",
                "Mini-batch without replacement: Var[V_sgd] = (n-b)/(bn(n-1)) (I - 11^T/n)"), without, varWithout,
                new NoiseClaims.Wrong<>("the with-replacement formula 1/(bn) (I - 11^T/n)", varWith), Discrepancy.none()));
        claims.add(NoiseClaims.mean(new ClaimRef("prop1.with-replacement.mean", "Proposition 1",
                "Mini-batch with replacement: E[V'_sgd] = 0 (E[W'_sgd] = 1/n)"), with));
        claims.add(NoiseClaims.covariance(new ClaimRef("prop1.with-replacement.covariance", "Proposition 1",
                "Mini-batch with replacement: Var[V'_sgd] = 1/(bn) (I - 11^T/n)"), with, varWith,
                new NoiseClaims.Wrong<>("the without-replacement formula (n-b)/(bn(n-1)) (I - 11^T/n)", varWithout), Discrepancy.none()));

        // Eq. (sgd-cov).
        claims.add(GradientNoiseClaims.identityAlgebraic());
        claims.add(GradientNoiseClaims.covarianceBySimulation(true, Setup.GRADIENT_ROWS, n, b, new NoiseClaims.Samples(50_000, 1_000_000)));
        claims.add(GradientNoiseClaims.covarianceBySimulation(false, Setup.GRADIENT_ROWS, n, b, new NoiseClaims.Samples(50_000, 1_000_000)));

        // Section 4.1: MSGD-Cov.
        ExchangeableCovariance fisherCovariance = ExchangeableCovariance.isotropic(n, 1.0 / ((double) b * n));
        NoiseClaims.Draws cov = new NoiseClaims.Draws(CenteredExchangeableNoise.msgdCov(n, b), gaussian, p(n, b));
        claims.add(NoiseClaims.mean(new ClaimRef("msgd-cov.mean", "Section 4.1", "MSGD-Cov: E[V_G] = 0"), cov));
        claims.add(NoiseClaims.covariance(new ClaimRef("msgd-cov.covariance", "Section 4.1",
                "MSGD-Cov: V_G = (bn)^(-1/2)(I - 11^T/n) eps ~ N(0, Var[V_sgd]), Var[V_sgd] = 1/(bn)(I - 11^T/n)"), cov, varWith,
                new NoiseClaims.Wrong<>("the Fisher covariance I/(bn) (centring forgotten)", fisherCovariance), Discrepancy.none()));

        // Section 4.2: MSGD-Fisher and the Fisher-vs-covariance argument.
        NoiseClaims.Draws fisher = new NoiseClaims.Draws(new FisherNoise(n, b), gaussian, p(n, b));
        claims.add(NoiseClaims.mean(new ClaimRef("msgd-fisher.mean", "Section 4.2", "MSGD-Fisher: E[V_F] = 0"), fisher));
        claims.add(NoiseClaims.covariance(new ClaimRef("msgd-fisher.covariance", "Section 4.2",
                "MSGD-Fisher: V_F = (bn)^(-1/2) eps, so grad L V_F ~ N(0, F/b), Var[V_F] = I/(bn)"), fisher, fisherCovariance,
                new NoiseClaims.Wrong<>("the SGD covariance 1/(bn)(I - 11^T/n)", varWith), Discrepancy.none()));
        claims.add(GradientNoiseClaims.fisherVersusCovSamplingNoise(n, b, gaussian));
        claims.add(GradientNoiseClaims.fisherVersusCovGradientNoise(Setup.GRADIENT_ROWS, n, b, new double[] {0.01, 0.1, 0.5, 0.9},
                new NoiseClaims.Samples(20_000, 400_000)));

        // Section 4.3: MSGD-Bernoulli.
        BernoulliNoise bernoulliNoise = new BernoulliNoise(n, b);
        NoiseClaims.Draws bernoulli = new NoiseClaims.Draws(bernoulliNoise, cheap, p(n, b));
        // The paper's Var[V_B] = (n-b)/(bn^2) I, written once in BernoulliNoise.covariance(); the claim
        // compares it with the covariance of the sampler's draws, not with itself.
        ExchangeableCovariance bernoulliPaper = bernoulliNoise.covariance();
        claims.add(NoiseClaims.mean(new ClaimRef("bernoulli.mean", "Section 4.3", "MSGD-Bernoulli: E[V_B] = 0"), bernoulli));
        claims.add(NoiseClaims.covariance(new ClaimRef("bernoulli.covariance", "Section 4.3",
                "MSGD-Bernoulli: Var[V_B] = (n-b)/(bn^2) I (= diag(Var[V_sgd]) for the without-replacement V_sgd)"),
                bernoulli, bernoulliPaper,
                new NoiseClaims.Wrong<>("diag of the with-replacement Var[V'_sgd], (n-1)/(bn^2) I", varWith.diagonalPart()),
                Discrepancy.none()));
        claims.add(NoiseClaims.covariance(new ClaimRef("bernoulli.diag-of-sgd.with-replacement", "Section 4.3",
                "MSGD-Bernoulli: Var[V_B] = diag(Var[V_sgd]), with V_sgd the with-replacement noise the paper uses by default"),
                bernoulli, varWith.diagonalPart(), new NoiseClaims.Wrong<>("the full Var[V'_sgd] (off-diagonal kept)", varWith),
                Discrepancy.vanishing("Var[V_B] = (n-b)/(n-1) diag(Var[V'_sgd]); factor " + fmt((double) (n - b) / (n - 1))
                        + " -> 1 as n -> infinity with b fixed; exact for the without-replacement V_sgd")));

        // Section 4.4: sparse Gaussian noises.
        int bf = s.fisherBatch();
        NoiseClaims.Draws sparsePrinted = new NoiseClaims.Draws(
                new SparseFisherNoise(n, b, bf, SparseFisherNoise.Form.AS_PRINTED, true), gaussian, p(n, b, bf));
        NoiseClaims.Draws sparseBatch = new NoiseClaims.Draws(
                new SparseFisherNoise(n, b, bf, SparseFisherNoise.Form.MINI_BATCH_FISHER, false), gaussian, p(n, b, bf));
        String sparseStatement = "MSGD-[Fisher-B]: V_F' = sqrt(B/b) V_sgd(B) (.) eps has E[V_F'] = 0 and Var[V_F'] = Var[V_sgd(b)]";
        Discrepancy offDiagonalGap = Discrepancy.persistent("Var[V_F'] is diagonal: its off-diagonal is 0 instead of -1/(bn^2) "
                + "for every n (the whole off-diagonal is missing); in gradient space the noise covariance is F/b, not C = (F - gg^T)/b, "
                + "a gap g g^T / b that does not shrink with n");
        claims.add(NoiseClaims.mean(new ClaimRef("sparse-fisher.as-printed.mean", "Section 4.4",
                sparseStatement + " (as printed; E[V_F'] = 0)"), sparsePrinted));
        claims.add(NoiseClaims.covariance(new ClaimRef("sparse-fisher.as-printed.covariance", "Section 4.4",
                sparseStatement + " (as printed, V_sgd(B) with replacement; note V_sgd(B) has no zero entry, so this noise is dense)"),
                sparsePrinted, varWith, new NoiseClaims.Wrong<>("the scale sqrt(B/b) forgotten: Var = (n-1)/(Bn^2) I",
                        ExchangeableCovariance.isotropic(n, (n - 1.0) / ((double) bf * n * n))), offDiagonalGap));
        claims.add(NoiseClaims.mean(new ClaimRef("sparse-fisher.mini-batch.mean", "Section 4.4",
                "MSGD-[Fisher-B] as described (Gaussian noise with the Fisher of a mini-batch of B): E[V_F'] = 0"), sparseBatch));
        claims.add(NoiseClaims.covariance(new ClaimRef("sparse-fisher.mini-batch.covariance", "Section 4.4",
                "MSGD-[Fisher-B] as described, V_F' = sqrt(B/b) W_sgd(B) (.) eps (B non-zeros): Var[V_F'] = Var[V_sgd(b)]"),
                sparseBatch, varWith, new NoiseClaims.Wrong<>("the unscaled batch Fisher, Var = I/(Bn)",
                        ExchangeableCovariance.isotropic(n, 1.0 / ((double) bf * n))),
                Discrepancy.persistent("Var[V_F'] = I/(bn), the MSGD-Fisher covariance: diagonal off by n/(n-1), "
                        + "off-diagonal 0 instead of -1/(bn^2) for every n; in gradient space F/b instead of (F - gg^T)/b")));
        for (int batch : java.util.stream.IntStream.of(bf, Math.min(100, n)).distinct().toArray()) {
            SparseCovNoise sc = new SparseCovNoise(n, b, batch);
            claims.add(NoiseClaims.covariance(new ClaimRef("sparse-cov.covariance.batch-" + batch, "Section 4.4",
                    "MSGD-[Cov-B] (the SGD-covariance counterpart of [Fisher-B], B=" + batch + "): Var[V_C'] = Var[V_sgd(b)]"),
                    new NoiseClaims.Draws(sc, gaussian, p(n, b, batch)), varWith,
                    new NoiseClaims.Wrong<>("Var[V_sgd(B)] (batch B in place of b)", new SgdWithReplacement(n, batch).covariance()),
                    Discrepancy.vanishing("Var[V_C'] = n(B-1)/((n-1)B) Var[V'_sgd(b)]; factor "
                            + fmt(sc.factorToSgdCovariance()) + ", -> 1 as B -> n")));
        }

        // Algorithm 2: mini-batch MSGD with a compensatory noise.
        int large = s.largeBatch();
        double magnitude = MiniBatchMsgd.fisherMagnitudeMatchingSgd(n, b, large);
        for (Map.Entry<String, MiniBatchMsgd> tagged : List.of(Map.entry("fisher", MiniBatchMsgd.fisherCompensated(n, large, magnitude)),
                Map.entry("cov", MiniBatchMsgd.covCompensated(n, large, magnitude)))) {
            String tag = tagged.getKey();
            MiniBatchMsgd mb = tagged.getValue();
            ExchangeableCovariance c = mb.compensatory().covariance();
            ExchangeableCovariance unthinned = new SgdWithoutReplacement(n, large).covariance()
                    .plus(new ExchangeableCovariance(n, c.diagonal(), c.offDiagonal()));
            Map<String, Object> params = p(n, b, large);
            params.put("compensatory magnitude s", magnitude);
            NoiseClaims.Draws draws = new NoiseClaims.Draws(mb, gaussian, params);
            claims.add(NoiseClaims.mean(new ClaimRef("minibatch-msgd." + tag + ".mean", "Algorithm 2",
                    mb.paperName() + ": E[W] = 1/n over the whole training set"), draws));
            claims.add(NoiseClaims.covariance(new ClaimRef("minibatch-msgd." + tag + ".covariance", "Algorithm 2 (closed form derived here)",
                    mb.paperName() + ": Var[W]_ii = (B/n)(1/B^2 + d_c) - 1/n^2, Var[W]_ij = B(B-1)/(n(n-1))(1/B^2 + o_c) - 1/n^2 "
                            + "(the paper calls this covariance hard to calculate and tunes s; s chosen here so that "
                            + "Var[W]_ii equals SGD-b's)"),
                    draws, mb.covariance(),
                    new NoiseClaims.Wrong<>("Var[V_sgd(B)] + Var[V_c] (compensatory noise not thinned by B/n)", unthinned),
                    Discrepancy.none()));
        }

        // Theorem 1's sampling vector, three classes.
        int tb = b;
        int tB = large;
        NoiseClaims.Moments paperMoments = new NoiseClaims.Moments(Theorem1SamplingVectors.secondMoment(tb, tB),
                Theorem1SamplingVectors.crossMoment(tb, tB));
        NoiseClaims.Wrong<NoiseClaims.Moments> withReplacementMoments = new NoiseClaims.Wrong<>(
                "with-replacement sub-sampling: E[w_i^2] = (B-1+b)/(bB^2), E[w_i w_j] = (b-1)/(bB^2)",
                new NoiseClaims.Moments((tB - 1.0 + tb) / ((double) tb * tB * tB), (tb - 1.0) / ((double) tb * tB * tB)));
        for (SamplingNoise v : List.of(Theorem1SamplingVectors.subsampling(tb, tB), Theorem1SamplingVectors.gaussian(tb, tB),
                Theorem1SamplingVectors.rademacher(tb, tB))) {
            String cls = v instanceof SgdWithoutReplacement ? "subsampling"
                    : v.paperName().contains("Gaussian") ? "gaussian" : "rademacher";
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("b", tb);
            params.put("B", tB);
            claims.add(NoiseClaims.secondMoments(new ClaimRef("thm1.sampling-vector." + cls + ".moments", "Theorem 1 and its proof (Appendix A.2)",
                    "Var[W] = (B-b)/(bB(B-1)) (I - 11^T/B), so E[w_i^2] = 1/(bB) and E[w_i w_j] = (b-1)/(bB(B-1)) (" + cls + " class)"),
                    new NoiseClaims.Draws(v, gaussian, params), paperMoments, withReplacementMoments));
        }
        return new Study(ID, "Sampling noises and gradient noise", "Sections 2 and 4, Appendix A", claims);
    }

    private static String fmt(double x) {
        return String.format(Locale.ROOT, "%.4g", x);
    }

    private static Map<String, Object> p(int n, int b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", n);
        m.put("b", b);
        return m;
    }

    private static Map<String, Object> p(int n, int b, int batch) {
        Map<String, Object> m = p(n, b);
        m.put("B", batch);
        return m;
    }
}
