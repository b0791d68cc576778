package org.msgdlab.sde.claims;

import org.msgdlab.sde.path.WeakSetup;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.theory.noise.BernoulliNoise;
import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;

import java.util.List;

/** The four weak-error claims, sharing their reference runs. Stateless. */
public final class WeakClaims {

    private WeakClaims() {
    }

    /**
     * SGD (with replacement, the paper's default), MSGD-Fisher, MSGD-Bernoulli and Gaussian MSGD
     * (MSGD-Cov, the Gaussian noise with the SGD covariance), all with batch size b.
     *
     * @param n     the number of samples N
     * @param b     the batch size
     * @param quick the set-up at the quick budget
     * @param full  the set-up at the full budget
     * @return the four claims
     * @throws IllegalArgumentException unless {@code n >= 2} and {@code 1 <= b <= n}
     */
    public static List<Claim> create(int n, int b, WeakSetup quick, WeakSetup full) {
        WeakReferences refs = new WeakReferences();
        return List.of(
                new WeakOrderClaim("sde.weak.sgd", new SgdWithReplacement(n, b), quick, full, refs),
                new WeakOrderClaim("sde.weak.msgd-fisher", new FisherNoise(n, b), quick, full, refs),
                new WeakOrderClaim("sde.weak.msgd-bernoulli", new BernoulliNoise(n, b), quick, full, refs),
                new WeakOrderClaim("sde.weak.gaussian-msgd", CenteredExchangeableNoise.msgdCov(n, b), quick, full, refs));
    }

    /**
     * One weak-order claim for another noise (a plug-in's), with reference runs of its own.
     *
     * @param id    the claim's id
     * @param noise the sampling noise V, with a covariance
     * @param quick the set-up at the quick budget
     * @param full  the set-up at the full budget
     * @return the claim
     */
    public static Claim single(String id, SamplingNoise noise, WeakSetup quick, WeakSetup full) {
        return new WeakOrderClaim(id, noise, quick, full, new WeakReferences());
    }
}
