package org.msgdlab.deep.efficiency;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.Parameter;
import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.core.bench.MedianRate;
import org.msgdlab.core.random.Streams;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The time per step of the two ways of {@link NoiseInjection} (Algorithm 1, and the explicit way
 * through the per-sample gradients), each part timed on its own ({@link NoiseInjectionTiming}).
 */
public final class NoiseInjectionTimer {

    private NoiseInjectionTimer() {
    }

    /**
     * Times both ways at the graph's parameters. The learning rate is 0, so the parameters stay
     * fixed while exactly the ops of a real step run (the update kernels, the read and write-back of
     * the parameters). Each figure is the median over {@code reps} repetitions after one warm-up.
     *
     * <p>For ConvSmall the per-sample gradients are vectorised ({@link PerExampleGradients}); its
     * graph is built once, before the timing (as an explicit-noise trainer would), and the timed
     * per-sample figure includes reading the parameters from the training graph and feeding them.
     *
     * @param g       the training graph (runs steps with learning rate 0)
     * @param idx     the n training examples of the full batch
     * @param b       SGD batch size whose covariance is injected
     * @param subsets the parameter subsets the noise is injected into, one timing each
     * @param reps    repetitions per figure, >= 1
     * @param seed    seed of the noises
     * @return one timing per subset
     * @throws IllegalArgumentException when {@code reps < 1}
     */
    public static List<NoiseInjectionTiming> time(TrainingGraph g, int[] idx, int b, List<NoiseInjection.ParameterSubset> subsets, int reps,
                                    long seed) {
        if (reps < 1) {
            throw new IllegalArgumentException("repetitions reps=" + reps + " must be >= 1");
        }
        if (PerExampleGradients.supports(g.model())) {
            try (PerExampleGradients pex = PerExampleGradients.of(g)) {
                return time(g, pex, idx, b, subsets, reps, seed);
            }
        }
        return time(g, null, idx, b, subsets, reps, seed);
    }

    private static DMatrixRMaj perSampleGradients(TrainingGraph g, PerExampleGradients pex, int[] idx,
                                                  NoiseInjection.ParameterSubset subset) {
        return pex == null ? NoiseInjection.perSampleGradientsByExample(g, idx, subset) : pex.compute(g, idx, subset);
    }

    private static List<NoiseInjectionTiming> time(TrainingGraph g, PerExampleGradients pex, int[] idx, int b,
                                     List<NoiseInjection.ParameterSubset> subsets, int reps, long seed) {
        final double lr = 0.0;
        String method = pex == null ? NoiseInjection.PER_EXAMPLE_LOOP : pex.method();
        int n = idx.length;
        List<Parameter> specs = g.model().parameters();
        NoiseInjection.ParameterSubset all = NoiseInjection.ParameterSubset.all(specs);
        NoiseSampler vg = CenteredExchangeableNoise.msgdCov(n, b)
                .sampler(Streams.create(Streams.derive(seed, "deep.efficiency.timing")));
        double[] v = new double[n];
        double[] w = new double[n];
        double[] uniform = new double[n];
        Arrays.fill(uniform, 1.0 / n);
        double[] tA = new double[reps];
        double[] tGd = new double[reps];
        double[] tPs = new double[reps];
        double[] tApply = new double[reps];
        double[] xiAll = new double[all.dimension(specs)];
        for (int r = -1; r < reps; r++) {
            long t = System.nanoTime();
            vg.sample(v);
            for (int i = 0; i < n; i++) {
                w[i] = 1.0 / n + v[i];
            }
            g.step(idx, w, lr);
            double a = (System.nanoTime() - t) / 1e9;
            t = System.nanoTime();
            g.step(idx, uniform, lr);
            double gd = (System.nanoTime() - t) / 1e9;
            t = System.nanoTime();
            perSampleGradients(g, pex, idx, all);
            double ps = (System.nanoTime() - t) / 1e9;
            t = System.nanoTime();
            double[][] p = g.parameters();
            int at = 0;
            for (double[] part : p) {
                for (int i = 0; i < part.length; i++) {
                    part[i] -= lr * xiAll[at++];
                }
            }
            g.setParameters(p);
            double ap = (System.nanoTime() - t) / 1e9;
            if (r >= 0) {
                tA[r] = a;
                tGd[r] = gd;
                tPs[r] = ps;
                tApply[r] = ap;
            }
        }
        DMatrixRMaj rows = perSampleGradients(g, pex, idx, all);
        List<NoiseInjectionTiming> out = new ArrayList<>();
        UniformRandomProvider rng = Streams.create(Streams.derive(seed, "deep.efficiency.timing.explicit"));
        for (NoiseInjection.ParameterSubset s : subsets) {
            int d = s.dimension(specs);
            DMatrixRMaj sub = NoiseInjection.columns(rows, specs, s);
            double[] tF = new double[reps];
            double[] tS = new double[reps];
            double[] tD = new double[reps];
            double[] xi = new double[d];
            double[] z = new double[n];
            ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(rng);
            // one warm-up (JIT) on the first, smallest subset only: the factorization is the slow part
            for (int r = out.isEmpty() ? -1 : 0; r < reps; r++) {
                long t = System.nanoTime();
                ExplicitCovarianceNoise e = ExplicitCovarianceNoise.factor(sub, b);
                double f = (System.nanoTime() - t) / 1e9;
                ExplicitCovarianceNoise.Sampler smp = e.sampler(rng);
                t = System.nanoTime();
                smp.sample(xi);
                double sm = (System.nanoTime() - t) / 1e9;
                t = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    z[i] = normal.sample();
                }
                ExplicitCovarianceNoise.sampleFromGradients(sub, b, z, xi);
                double dr = (System.nanoTime() - t) / 1e9;
                if (r >= 0) {
                    tF[r] = f;
                    tS[r] = sm;
                    tD[r] = dr;
                }
            }
            out.add(new NoiseInjectionTiming(s.name(), d, n, median(tA), median(tGd), median(tPs), median(tF), median(tS),
                    median(tApply), median(tD), method));
        }
        return out;
    }

    /** The median of {@code x} ({@link MedianRate#median}). */
    static double median(double[] x) {
        return MedianRate.median(x);
    }
}
