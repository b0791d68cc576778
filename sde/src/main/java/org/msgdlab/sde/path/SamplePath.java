package org.msgdlab.sde.path;

import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.msgdlab.sde.problem.Evaluator;
import org.msgdlab.core.random.Streams;

import java.util.ArrayList;
import java.util.List;

/**
 * One Brownian path, for figures: the iteration at η_j and its Euler–Maruyama reference at
 * η_j/2^mMax on that path, recorded as (t, θ[0], L(θ)) at every step of each. Immutable (the lists
 * are copied; their arrays are not) and thread-safe.
 *
 * @param eta       the step size η_j
 * @param iteration points {t, θ_0, L} of the iteration, one per step of η (and t = 0)
 * @param reference points {t, θ_0, L} of the reference, one per reference step (and t = 0)
 */
public record SamplePath(double eta, List<double[]> iteration, List<double[]> reference) {

    /**
     * Copies the lists.
     *
     * @param eta       the step size η_j
     * @param iteration points of the iteration
     * @param reference points of the reference
     */
    public SamplePath {
        iteration = List.copyOf(iteration);
        reference = List.copyOf(reference);
    }

    /**
     * Records path 0 of {@code Streams.derive(seed, "sample-path")} for step size η_j of {@code s}.
     *
     * @param s    the experiment
     * @param j    the step size's index
     * @param seed the master seed
     * @return the recorded path
     */
    public static SamplePath record(StrongSetup s, int j, long seed) {
        int mMax = s.refinement();
        double eta = s.eta(j);
        int n = s.problem().samples();
        ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(Streams.create(Streams.derive(seed, "sample-path")));
        Evaluator ev = s.problem().evaluator();
        double[] theta0 = s.problem().initialPoint();
        double sigma = s.diffusion().scale(eta);
        int fine = 1 << mMax;
        EulerMaruyama it = new EulerMaruyama(ev, s.diffusion(), theta0, eta, sigma, fine);
        EulerMaruyama ref = new EulerMaruyama(ev, s.diffusion(), theta0, eta / fine, sigma, 1);
        BrownianBlock block = new BrownianBlock(n, mMax);
        List<double[]> a = new ArrayList<>();
        List<double[]> b = new ArrayList<>();
        a.add(new double[] {0, theta0[0], ev.loss(theta0)});
        b.add(new double[] {0, theta0[0], ev.loss(theta0)});
        double hf = eta / fine;
        double sqrtH = Math.sqrt(hf);
        for (int k = 0; k < s.steps(j); k++) {
            block.fill(normal, sqrtH);
            it.feed(block, 0, fine);
            for (int o = 0; o < fine; o++) {
                ref.feed(block, o, 1);
                b.add(new double[] {k * eta + (o + 1) * hf, ref.state()[0], ev.loss(ref.state())});
            }
            a.add(new double[] {(k + 1) * eta, it.state()[0], ev.loss(it.state())});
        }
        return new SamplePath(eta, a, b);
    }
}
