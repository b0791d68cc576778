package org.msgdlab.sde.path;

import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.msgdlab.sde.problem.Evaluator;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.core.random.Streams;

import java.util.List;

/**
 * Runs the two halves of a {@link WeakSetup}: the discrete iteration with a sampling noise of
 * {@code theory} (SGD, MSGD-Fisher, MSGD-Bernoulli, Gaussian MSGD), and the reference SDE. Every
 * path value is {@code φ(θ) - Z} with the control variate of {@link LinearResponse} (mean 0).
 * Stateless; the paths run in parallel, with results independent of the thread count.
 */
public final class WeakErrorRun {

    private WeakErrorRun() {
    }

    /**
     * Per-path values of the discrete iteration: column {@code j * F + f} (F test functions).
     *
     * @param s     the experiment
     * @param noise the sampling noise V, of dimension N
     * @param seed  the master seed
     * @return one row per discrete path
     * @throws IllegalArgumentException if the noise's dimension is not N
     * @throws IllegalStateException    if the run is interrupted
     */
    public static double[][] discrete(WeakSetup s, SamplingNoise noise, long seed) {
        if (noise.dimension() != s.problem().samples()) {
            throw new IllegalArgumentException("noise dimension " + noise.dimension() + " must equal N=" + s.problem().samples());
        }
        List<TestFunction> phis = s.testFunctions();
        int f = phis.size();
        double[][][][] weights = new double[s.stepSizes()][f][][];
        for (int j = 0; j < s.stepSizes(); j++) {
            for (int q = 0; q < f; q++) {
                weights[j][q] = LinearResponse.weights(s.problem(), s.eta(j), s.steps(j), phis.get(q));
            }
        }
        int n = s.problem().samples();
        double[] theta0 = s.problem().initialPoint();
        return PathEnsemble.run(Streams.derive(seed, "discrete:" + noise.paperName()), s.discretePaths(),
                s.stepSizes() * f, rng -> {
                    NoiseSampler sampler = noise.sampler(rng);
                    Evaluator ev = s.problem().evaluator();
                    double[] v = new double[n];
                    double[] u = new double[n];
                    double[] g = new double[theta0.length];
                    double[] theta = new double[theta0.length];
                    double[] z = new double[f];
                    return out -> {
                        for (int j = 0; j < s.stepSizes(); j++) {
                            double eta = s.eta(j);
                            System.arraycopy(theta0, 0, theta, 0, theta.length);
                            java.util.Arrays.fill(z, 0.0);
                            for (int k = 0; k < s.steps(j); k++) {
                                sampler.sample(v);
                                for (int i = 0; i < n; i++) {
                                    u[i] = eta * (1.0 / n + v[i]);
                                }
                                for (int q = 0; q < f; q++) {
                                    double[] c = weights[j][q][k];
                                    double acc = 0;
                                    for (int i = 0; i < n; i++) {
                                        acc += c[i] * v[i];
                                    }
                                    z[q] += eta * acc;
                                }
                                ev.contract(theta, u, g);
                                for (int d = 0; d < theta.length; d++) {
                                    theta[d] -= g[d];
                                }
                            }
                            for (int q = 0; q < f; q++) {
                                out[j * f + q] = phis.get(q).value(ev, theta) - z[q];
                            }
                        }
                    };
                });
    }

    /**
     * Per-path values of the reference SDE at the three levels m = mRef-2, mRef-1, mRef: column
     * {@code (j * F + f) * 3 + l}, l = 0, 1, 2.
     *
     * @param s         the experiment
     * @param diffusion the reference SDE's diffusion
     * @param seed      the master seed
     * @return one row per reference path
     * @throws IllegalStateException if the run is interrupted
     */
    public static double[][] reference(WeakSetup s, Diffusion diffusion, long seed) {
        List<TestFunction> phis = s.testFunctions();
        int f = phis.size();
        int mRef = s.referenceRefinement();
        double[][][][][] weights = new double[s.stepSizes()][3][f][][];
        for (int j = 0; j < s.stepSizes(); j++) {
            for (int l = 0; l < 3; l++) {
                int m = mRef - 2 + l;
                for (int q = 0; q < f; q++) {
                    weights[j][l][q] = LinearResponse.weights(s.problem(), s.eta(j) / (1 << m), s.steps(j) << m, phis.get(q));
                }
            }
        }
        double[] theta0 = s.problem().initialPoint();
        int n = s.problem().samples();
        return PathEnsemble.run(Streams.derive(seed, "reference:" + diffusion.formula()), s.referencePaths(),
                s.stepSizes() * f * 3, rng -> {
                    ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(rng);
                    Evaluator ev = s.problem().evaluator();
                    BrownianBlock block = new BrownianBlock(n, mRef);
                    EulerMaruyama[][] schemes = new EulerMaruyama[s.stepSizes()][3];
                    for (int j = 0; j < s.stepSizes(); j++) {
                        double eta = s.eta(j);
                        for (int l = 0; l < 3; l++) {
                            int m = mRef - 2 + l;
                            schemes[j][l] = new EulerMaruyama(ev, diffusion, theta0, eta / (1 << m),
                                    diffusion.scale(eta), 1 << (mRef - m));
                            schemes[j][l].control(weights[j][l]);
                        }
                    }
                    return out -> {
                        for (int j = 0; j < s.stepSizes(); j++) {
                            double sqrtH = Math.sqrt(s.eta(j) / (1 << mRef));
                            for (EulerMaruyama e : schemes[j]) {
                                e.reset(theta0);
                            }
                            for (int k = 0; k < s.steps(j); k++) {
                                block.fill(normal, sqrtH);
                                for (EulerMaruyama e : schemes[j]) {
                                    e.feed(block, 0, block.length());
                                }
                            }
                            for (int q = 0; q < f; q++) {
                                for (int l = 0; l < 3; l++) {
                                    EulerMaruyama e = schemes[j][l];
                                    out[(j * f + q) * 3 + l] = phis.get(q).value(ev, e.state()) - e.controlSum(q);
                                }
                            }
                        }
                    };
                });
    }
}
