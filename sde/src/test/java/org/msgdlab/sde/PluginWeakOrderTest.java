package org.msgdlab.sde;

import org.junit.jupiter.api.Test;
import org.msgdlab.theory.claims.Budget;
import org.msgdlab.theory.claims.Claim;
import org.msgdlab.theory.claims.Evidence;
import org.msgdlab.theory.claims.Verdict;
import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.CovarianceDeclaration;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.plugin.NoisePlugin;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SDE weak-order claim the sde module generates for a plug-in noise. */
class PluginWeakOrderTest {

    private static NoisePlugin plugin(String name, java.util.function.BiFunction<Integer, Integer, SamplingNoise> noise) {
        return new NoisePlugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return name;
            }

            @Override
            public SamplingNoise create(int n, int b) {
                return noise.apply(n, b);
            }
        };
    }

    @Test
    void aNoiseWithoutACovarianceHasNoSdeAndSaysSo() {
        List<Claim> claims = SdeStudy.pluginClaims(plugin("unknown", (n, b) -> new Unknown(CenteredExchangeableNoise.msgdCov(n, b))));
        assertEquals(1, claims.size());
        Evidence e = claims.get(0).check(Budget.QUICK, 1);
        assertEquals("plugin.unknown.sde.weak-order", e.claimId());
        assertEquals(Verdict.NOT_APPLICABLE, e.verdict());
        assertTrue(e.verdictReason().contains("unknown: derivation pending"), e.verdictReason());
    }

    /** A noise that draws like {@code inner} and says its covariance is unknown. */
    private record Unknown(SamplingNoise inner) implements SamplingNoise {
        @Override
        public int dimension() {
            return inner.dimension();
        }

        @Override
        public String paperName() {
            return "unknown";
        }

        @Override
        public String formula() {
            return inner.formula();
        }

        @Override
        public org.msgdlab.theory.noise.ExchangeableCovariance covariance() {
            throw new UnsupportedOperationException("unknown");
        }

        @Override
        public CovarianceDeclaration declaredCovariance() {
            return new CovarianceDeclaration.Unknown("derivation pending");
        }

        @Override
        public org.msgdlab.theory.noise.NoiseSampler sampler(org.apache.commons.rng.UniformRandomProvider rng) {
            return inner.sampler(rng);
        }
    }
}
