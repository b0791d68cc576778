package org.msgdlab.theory.plugin;

import org.msgdlab.core.claims.ClaimRef;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckFailure;
import org.msgdlab.core.claims.PremisedClaim;
import org.msgdlab.core.claims.Study;
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
import java.util.List;
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
        CheckFailure x = assertThrows(CheckFailure.class,
                () -> PluginStudy.claims(plugin("short", new SgdWithoutReplacement(N - 1, B)), N, B));
        assertEquals("plug-in 'short': create(n=20, b=5) returned a noise of dimension 19; it must be n=20", x.getMessage());
    }

    @Test
    void aPluginThatThrowsGetsErrorVerdictsForItsOwnClaimsAndTheOthersRunOn() {
        NoisePlugin throwing = NoisePlugin.of("fragile", "throws below n=100", (n, b) -> {
            if (n < 100) {
                throw new IllegalArgumentException("n=" + n + " must be >= 100");
            }
            return new SgdWithoutReplacement(n, b);
        });
        // a further module's claim built for each plug-in, as the regression and sde modules do
        Study study = PluginStudy.create(List.of(throwing, new HonestSgd()), N, B,
                p -> List.of(PluginStudy.guarded(new ClaimRef("plugin." + p.name() + ".other", "ref", "other"), () -> {
                    p.create(3, 1);
                    return new ExactFixed("plugin." + p.name() + ".other", Verdict.PASS);
                })));
        Map<String, Evidence> e = new LinkedHashMap<>();
        study.claims().forEach(c -> e.put(c.id(), c.check(Budget.QUICK, SEED)));
        for (String id : List.of("mean", "covariance.as-declared", "covariance.same-as-sgd")) {
            Evidence ev = e.get("plugin.fragile." + id);
            assertEquals(Verdict.ERROR, ev.verdict(), id);
            assertEquals("plug-in 'fragile': create(n=20, b=5) threw IllegalArgumentException: n=20 must be >= 100", ev.verdictReason());
        }
        assertEquals("plug-in 'fragile': create(n=3, b=1) threw IllegalArgumentException: n=3 must be >= 100",
                e.get("plugin.fragile.other").verdictReason());
        assertEquals(Verdict.PASS, e.get("plugin.honest-sgd.mean").verdict());
        assertEquals(Verdict.PASS, e.get("plugin.honest-sgd.covariance.as-declared").verdict());
        assertEquals(Verdict.PASS, e.get("plugin.honest-sgd.other").verdict(), e.get("plugin.honest-sgd.other").verdictReason());
        assertTrue(e.get("plugin.honest-sgd.other").parameters().get(PremisedClaim.RESTS_ON).toString()
                .contains("plugin.honest-sgd.covariance.as-declared is PASS"));
    }

    @Test
    void aNoiseDrawingNaNIsAnErrorNamingThePluginAndTheDraw() {
        SamplingNoise nan = new Scaled(new org.msgdlab.theory.noise.FisherNoise(N, 1), Double.NaN, 1.0 / N);
        // the claims are checked outside the runner here, so the failure is thrown, with its one-line reason
        CheckFailure x = assertThrows(CheckFailure.class, () -> PluginStudy.claims(plugin("nan", nan), N, B).get(0).check(Budget.QUICK, SEED));
        assertEquals("plug-in 'nan': the noise of create(n=20, b=5) drew a non-finite value, V[0] = NaN: a sampling noise must draw"
                + " finite values", x.getMessage());
    }

    /**
     * The power check of the claims that rest on the declaration (Theorem 1's risk, the SDE weak order: their own
     * statistics cannot see the diffusion's scale): a plug-in declaring twice its true covariance is caught by
     * {@code covariance.as-declared}, which then makes them INCONCLUSIVE; an honest declaration passes. The false-alarm
     * rate is the as-declared claim's, stated in its evidence: {@code FalseAlarm.PER_CLAIM} = 1e-7 over its four statistics.
     */
    @Test
    void aDeclarationTwiceTheTruthIsCaughtAndTheClaimsRestingOnItAreNotDecided() {
        double s = 1.0 / ((double) B * N);
        SamplingNoise twice = new HypothesizedNoise(scaledFisher(s), ExchangeableCovariance.isotropic(N, 2 * s));
        Study study = PluginStudy.create(List.of(plugin("twice", twice), plugin("honest", scaledFisher(s))), N, B,
                p -> List.of(new ExactFixed("plugin." + p.name() + ".sde.weak-order", Verdict.PASS)));
        Map<String, Evidence> e = new LinkedHashMap<>();
        study.claims().forEach(c -> e.put(c.id(), c.check(Budget.QUICK, SEED)));
        Evidence declared = e.get("plugin.twice.covariance.as-declared");
        assertEquals(Verdict.FAIL, declared.verdict(), declared.verdictReason());
        assertEquals(org.msgdlab.core.stats.FalseAlarm.PER_CLAIM, declared.falseAlarmProbability(), "the stated false-alarm rate");
        Evidence sde = e.get("plugin.twice.sde.weak-order");
        assertEquals(Verdict.INCONCLUSIVE, sde.verdict());
        assertTrue(sde.verdictReason().startsWith("not decided: it rests on plugin.twice.covariance.as-declared, which is FAIL"),
                sde.verdictReason());
        assertEquals(Verdict.PASS, e.get("plugin.honest.covariance.as-declared").verdict());
        assertEquals(Verdict.PASS, e.get("plugin.honest.sde.weak-order").verdict());
    }

    /** A claim of a fixed verdict that counts its checks, standing for another module's claim. */
    static final class ExactFixed implements Claim {
        private final String id;
        private final Verdict verdict;

        ExactFixed(String id, Verdict verdict) {
            this.id = id;
            this.verdict = verdict;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public String paperRef() {
            return "ref";
        }

        @Override
        public String statement() {
            return "fixed";
        }

        @Override
        public Evidence check(org.msgdlab.core.claims.CheckContext context) {
            return Evidence.builder(id, "ref", "fixed").verdict(verdict, "fixed").build();
        }
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
