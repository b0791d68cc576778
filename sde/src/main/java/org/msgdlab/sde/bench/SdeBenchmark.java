package org.msgdlab.sde.bench;

import org.msgdlab.core.claims.Platform;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.BoxMullerNormalizedGaussianSampler;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.msgdlab.sde.SdeStudy;
import org.msgdlab.sde.path.BrownianBlock;
import org.msgdlab.sde.path.Diffusion;
import org.msgdlab.sde.path.EulerMaruyama;
import org.msgdlab.sde.path.PathEnsemble;
import org.msgdlab.sde.problem.Evaluator;
import org.msgdlab.sde.problem.Problem;
import org.msgdlab.core.random.Streams;

import java.util.Arrays;
import java.util.Locale;

/**
 * Path-steps per second of the Euler–Maruyama / Gaussian MSGD step
 * {@code θ ← θ - h∇L(θ) + σ ∇ℒ(θ) S ΔW} (Appendix B, Eq. (sde) and Eq. (M-SGD-gaussian)), the
 * kernel of every strong-error run, against a naive implementation in the same run:
 * <ul>
 *   <li><b>naive</b>: per step, form the D×N gradient matrix (EJML {@link DMatrixRMaj}), multiply it
 *       by 1/N and by ΔW (two {@link CommonOps_DDRM#mult} calls), draw ΔW with a Box–Muller sampler;</li>
 *   <li><b>optimized</b>: {@link EulerMaruyama}: the drift and the noise fused into one weight
 *       vector {@code u = h/N - σ S ΔW} and one pass {@code ∇ℒ(θ) u} of {@link Evaluator#contract}
 *       (feature-major, no D×N matrix), ΔW from Ziggurat draws into a {@link BrownianBlock};</li>
 *   <li><b>optimized, parallel</b>: the same over independent paths on every core ({@link PathEnsemble}).</li>
 * </ul>
 * Both implementations are first checked to produce the same path from the same increments.
 * Usage: {@code java ... org.msgdlab.sde.bench.SdeBenchmark [seconds per measurement, default 2]}.
 */
public final class SdeBenchmark {

    private SdeBenchmark() {
    }

    /**
     * One measured rate. Immutable and thread-safe.
     *
     * @param problem        the problem's name
     * @param implementation naive, optimized or optimized parallel
     * @param threads        the number of threads
     * @param stepsPerSecond path-steps per second
     */
    public record Rate(String problem, String implementation, int threads, double stepsPerSecond) {
    }

    /**
     * Runs the benchmark and prints a table.
     *
     * @param args at most one argument, the seconds per measurement (default 2)
     * @throws IllegalArgumentException if there is more than one argument or the seconds are outside (0, 600]
     * @throws IllegalStateException    if the naive and optimized steps disagree by 1e-10 or more
     */
    public static void main(String[] args) {
        if (args.length > 1) {
            throw new IllegalArgumentException("takes at most one argument, SECONDS per measurement; got " + String.join(" ", args));
        }
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2.0;
        if (!(seconds > 0 && seconds <= 600)) {
            throw new IllegalArgumentException("SECONDS=" + args[0] + " per measurement must be in (0, 600]");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "SdeBenchmark: Euler-Maruyama / Gaussian MSGD steps, %.1f s per measurement, %d cores, %s%n",
                seconds, cores, Platform.current().javaVm() + " " + Platform.current().javaVersion());
        System.out.printf(Locale.ROOT, "%-32s %-22s %8s %16s %10s%n", "problem", "implementation", "threads", "path-steps/s", "speed-up");
        for (Problem p : new Problem[] {SdeStudy.logistic(), SdeStudy.tanhNetwork()}) {
            double maxDiff = agreement(p);
            if (!(maxDiff < 1e-10)) {
                throw new IllegalStateException("naive and optimized steps disagree on " + p.name() + " by " + maxDiff);
            }
            String label = p.name() + " D=" + p.dimension() + " N=" + p.samples();
            Rate naive = naive(p, seconds);
            Rate opt = optimized(p, seconds);
            Rate par = parallel(p, seconds);
            for (Rate r : new Rate[] {naive, opt, par}) {
                System.out.printf(Locale.ROOT, "%-32s %-22s %8d %16.0f %9.2fx%n", label, r.implementation(), r.threads(),
                        r.stepsPerSecond(), r.stepsPerSecond() / naive.stepsPerSecond());
            }
            System.out.printf(Locale.ROOT, "%-32s (naive and optimized paths agree to %.1e over 64 steps)%n", "", maxDiff);
        }
    }

    /** Runs both implementations from the same increments; returns the largest coordinate difference. */
    static double agreement(Problem p) {
        int n = p.samples();
        Diffusion d = Diffusion.theorem(n, 16);
        double eta = 1.0 / 64;
        ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(Streams.create(1));
        EulerMaruyama em = new EulerMaruyama(p.evaluator(), d, p.initialPoint(), eta, d.scale(eta), 1);
        Naive naive = new Naive(p, d, eta, d.scale(eta), normal);
        BrownianBlock block = new BrownianBlock(n, 0);
        for (int k = 0; k < 64; k++) {
            block.fill(normal, Math.sqrt(eta));
            em.feed(block, 0, 1);
            naive.step(block.level(0));
        }
        double max = 0;
        for (int i = 0; i < p.dimension(); i++) {
            max = Math.max(max, Math.abs(em.state()[i] - naive.theta[i]));
        }
        return max;
    }

    /** The naive step, with its own allocations per step, as a first implementation would write it. */
    static final class Naive {
        final Problem p;
        final Evaluator ev;
        final double h;
        final double sigma;
        final double scale;
        final double[] theta;
        final ContinuousSampler normal;

        Naive(Problem p, Diffusion d, double h, double sigma, ContinuousSampler normal) {
            this.p = p;
            this.ev = p.evaluator();
            this.h = h;
            this.sigma = sigma;
            this.scale = Math.sqrt(d.samplingCovariance().identityCoefficient());
            this.theta = p.initialPoint();
            this.normal = normal;
        }

        void step(double[] dW) {
            int dim = p.dimension();
            int n = p.samples();
            DMatrixRMaj g = new DMatrixRMaj(dim, n);
            ev.gradientMatrix(theta, g);
            DMatrixRMaj ones = new DMatrixRMaj(n, 1);
            ones.fill(1.0 / n);
            DMatrixRMaj grad = new DMatrixRMaj(dim, 1);
            CommonOps_DDRM.mult(g, ones, grad);
            DMatrixRMaj w = DMatrixRMaj.wrap(n, 1, dW.clone());
            DMatrixRMaj noise = new DMatrixRMaj(dim, 1);
            CommonOps_DDRM.mult(g, w, noise);
            for (int i = 0; i < dim; i++) {
                theta[i] += -h * grad.get(i, 0) + sigma * scale * noise.get(i, 0);
            }
        }

        void randomStep() {
            double[] dW = new double[p.samples()];
            double sq = Math.sqrt(h);
            for (int i = 0; i < dW.length; i++) {
                dW[i] = sq * normal.sample();
            }
            step(dW);
        }
    }

    static Rate naive(Problem p, double seconds) {
        Diffusion d = Diffusion.theorem(p.samples(), 16);
        double eta = 1.0 / 128;
        UniformRandomProvider rng = Streams.create(2);
        Naive naive = new Naive(p, d, eta, d.scale(eta), BoxMullerNormalizedGaussianSampler.of(rng));
        double rate = measure(seconds, steps -> {
            for (long s = 0; s < steps; s++) {
                naive.randomStep();
            }
        });
        return new Rate(p.name(), "naive (EJML matrix)", 1, rate);
    }

    static Rate optimized(Problem p, double seconds) {
        Diffusion d = Diffusion.theorem(p.samples(), 16);
        double eta = 1.0 / 128;
        ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(Streams.create(3));
        EulerMaruyama em = new EulerMaruyama(p.evaluator(), d, p.initialPoint(), eta / 64, d.scale(eta), 1);
        BrownianBlock block = new BrownianBlock(p.samples(), 6);
        double sqrtH = Math.sqrt(eta / 64);
        double rate = measure(seconds, steps -> {
            for (long s = 0; s < steps; s += 64) {
                block.fill(normal, sqrtH);
                em.feed(block, 0, 64);
            }
        });
        return new Rate(p.name(), "optimized", 1, rate);
    }

    static Rate parallel(Problem p, double seconds) {
        Diffusion d = Diffusion.theorem(p.samples(), 16);
        double eta = 1.0 / 128;
        int threads = PathEnsemble.defaultPool().getParallelism();
        double sqrtH = Math.sqrt(eta / 64);
        double rate = measure(seconds, steps -> {
            int paths = 64;
            long perPath = Math.max(64, steps / paths);
            PathEnsemble.run(4, paths, 1, rng -> {
                ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(rng);
                EulerMaruyama em = new EulerMaruyama(p.evaluator(), d, p.initialPoint(), eta / 64, d.scale(eta), 1);
                BrownianBlock block = new BrownianBlock(p.samples(), 6);
                return out -> {
                    for (long s = 0; s < perPath; s += 64) {
                        block.fill(normal, sqrtH);
                        em.feed(block, 0, 64);
                    }
                    out[0] = em.state()[0];
                };
            });
        });
        return new Rate(p.name(), "optimized, parallel", threads, rate);
    }

    /** Median of 5 rates, each from a run of about {@code seconds}/5, after a warm-up. */
    static double measure(double seconds, java.util.function.LongConsumer run) {
        long steps = 256;
        long t0 = System.nanoTime();
        run.accept(steps);
        while (System.nanoTime() - t0 < 2e8) {
            steps *= 2;
            t0 = System.nanoTime();
            run.accept(steps);
        }
        double perStep = (System.nanoTime() - t0) / (double) steps;
        long chunk = Math.max(64, (long) (seconds / 5 * 1e9 / perStep));
        double[] rates = new double[5];
        for (int r = 0; r < 5; r++) {
            long t = System.nanoTime();
            run.accept(chunk);
            rates[r] = chunk / ((System.nanoTime() - t) / 1e9);
        }
        Arrays.sort(rates);
        return rates[2];
    }
}
