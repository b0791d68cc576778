package org.msgdlab.theory.plugin;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.CovarianceDeclaration;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.HypothesizedNoise;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithoutReplacement;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The claims generated for a plug-in noise tell an honest declaration from a lie. */
class PluginStudyTest {

    private static final int N = 20;
    private static final int B = 5;
    private static final long SEED = 20200712L;

    /** SGD without replacement, declared as such ("the SGD-b covariance"). */
    public static final class HonestSgd implements NoisePlugin {
        @Override
        public String name() {
            return "honest-sgd";
        }

        @Override
        public String description() {
            return "SGD without replacement, declared as SGD-b without replacement";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return new HypothesizedNoise(new SgdWithoutReplacement(n, b), new CovarianceDeclaration.SgdBatch(b, false));
        }
    }

    /** SGD without replacement, claiming the with-replacement covariance: a lie by a factor (n-b)/(n-1). */
    public static final class LyingSgd implements NoisePlugin {
        @Override
        public String name() {
            return "lying-sgd";
        }

        @Override
        public String description() {
            return "SGD without replacement, declared as SGD-b with replacement";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return new HypothesizedNoise(new SgdWithoutReplacement(n, b), new CovarianceDeclaration.SgdBatch(b, true));
        }
    }

    private static NoisePlugin plugin(String name, SamplingNoise noise) {
        return NoisePlugin.of(name, name, (n, b) -> noise);
    }

    private static Map<String, Evidence> check(NoisePlugin p) {
        Map<String, Evidence> out = new LinkedHashMap<>();
        for (Claim c : PluginStudy.claims(p, N, B)) {
            out.put(c.id().substring(("plugin." + p.name() + ".").length()), c.check(Budget.QUICK, SEED));
        }
        return out;
    }

    @Test
    void anHonestPluginPassesEveryClaimItMakes() {
        Map<String, Evidence> e = check(new HonestSgd());
        assertEquals(Verdict.PASS, e.get("mean").verdict(), e.get("mean").verdictReason());
        assertEquals(Verdict.PASS, e.get("covariance.as-declared").verdict(), e.get("covariance.as-declared").verdictReason());
        // same-as-sgd compares with SGD of the sampling the plug-in declares (without replacement here)
        assertEquals(Verdict.PASS, e.get("covariance.same-as-sgd").verdict(), e.get("covariance.same-as-sgd").verdictReason());
        // and each covariance check would have rejected a plausible wrong answer
        assertTrue(e.get("covariance.as-declared").power().get(0).rejected(), e.get("covariance.as-declared").power().toString());
        assertTrue(e.get("covariance.same-as-sgd").power().get(0).rejected(), e.get("covariance.same-as-sgd").power().toString());
    }

    @Test
    void aPluginThatLiesAboutItsCovarianceFailsWithTheDiscrepancy() {
        Evidence e = check(new LyingSgd()).get("covariance.as-declared");
        assertEquals(Verdict.FAIL, e.verdict(), e.verdictReason());
        // the headline statistic is off by the factor (n-b)/(n-1) - 1 = -4/19 the lie hides
        assertEquals(-4.0 / 19, e.discrepancy(), 0.05, "discrepancy " + e.discrepancy());
    }

    @Test
    void aDeclaredCovarianceOtherThanSgdsFailsTheSameAsSgdClaim() {
        double s = (N - 1.0) / ((double) B * N * N);
        SamplingNoise isotropic = scaledFisher(s);
        Map<String, Evidence> e = check(plugin("isotropic", isotropic));
        assertEquals(Verdict.PASS, e.get("covariance.as-declared").verdict(), e.get("covariance.as-declared").verdictReason());
        Evidence sgd = e.get("covariance.same-as-sgd");
        assertEquals(Verdict.FAIL, sgd.verdict(), sgd.verdictReason());
        assertTrue(sgd.verdictReason().contains("not SGD's"), sgd.verdictReason());
    }

    @Test
    void aNoiseWithInfiniteVarianceGetsNotApplicableWithTheReasonNotACrash() {
        SamplingNoise heavy = new HypothesizedNoise(scaledFisher(1.0), new CovarianceDeclaration.Undefined("Cauchy entries have infinite variance"));
        Map<String, Evidence> e = check(plugin("heavy", heavy));
        assertEquals(3, e.size());
        e.values().forEach(ev -> {
            assertEquals(Verdict.NOT_APPLICABLE, ev.verdict(), ev.claimId());
            assertTrue(ev.verdictReason().contains("Cauchy entries have infinite variance"), ev.verdictReason());
        });
    }

    @Test
    void anUnknownCovarianceIsStillComparedWithSgds() {
        SamplingNoise unknown = new HypothesizedNoise(new SgdWithoutReplacement(N, B), new CovarianceDeclaration.Unknown("not derived yet"));
        Map<String, Evidence> e = check(plugin("unknown", unknown));
        assertEquals(Verdict.NOT_APPLICABLE, e.get("covariance.as-declared").verdict());
        // the noise is SGD without replacement, compared with the with-replacement covariance: (n-b)/(n-1) = 0.79 apart
        assertEquals(Verdict.FAIL, e.get("covariance.same-as-sgd").verdict(), e.get("covariance.same-as-sgd").verdictReason());
    }

    @Test
    void aNoiseOfTheWrongDimensionIsRefusedWithTheRule() {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> PluginStudy.claims(plugin("short", new SgdWithoutReplacement(N - 1, B)), N, B));
        assertEquals("plug-in short: create(n=20, b=5) returned a noise of dimension 19; it must be n=20", x.getMessage());
    }

    /** N(0, s I) on R^N, declared exactly: MSGD-Fisher's draws (b = 1, variance 1/N) rescaled. */
    private static SamplingNoise scaledFisher(double s) {
        return new Scaled(new org.msgdlab.theory.noise.FisherNoise(N, 1), Math.sqrt(s * N), s);
    }

    record Scaled(SamplingNoise inner, double factor, double variance) implements SamplingNoise {
        @Override
        public int dimension() {
            return inner.dimension();
        }

        @Override
        public String paperName() {
            return "scaled " + inner.paperName();
        }

        @Override
        public String formula() {
            return factor + " * (" + inner.formula() + ")";
        }

        @Override
        public ExchangeableCovariance covariance() {
            return ExchangeableCovariance.isotropic(inner.dimension(), variance);
        }

        @Override
        public NoiseSampler sampler(UniformRandomProvider rng) {
            NoiseSampler s = inner.sampler(rng);
            return v -> {
                s.sample(v);
                for (int i = 0; i < v.length; i++) {
                    v[i] *= factor;
                }
            };
        }
    }
}
