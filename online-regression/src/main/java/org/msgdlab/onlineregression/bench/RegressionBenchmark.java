package org.msgdlab.onlineregression.bench;

import org.apache.commons.rng.UniformRandomProvider;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.onlineregression.sim.Checkpoints;
import org.msgdlab.onlineregression.sim.LeastSquaresRun;
import org.msgdlab.onlineregression.sim.NaiveLeastSquaresRun;
import org.msgdlab.onlineregression.sim.RiskCurves;
import org.msgdlab.onlineregression.sim.RiskExperiment;
import org.msgdlab.core.bench.MedianRate;
import org.msgdlab.core.bench.PeakFlops;
import org.msgdlab.core.random.Streams;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;

/**
 * Speed of the online least-squares simulator, large-batch MSGD (Gaussian noise class) on a
 * Gaussian design, by default at d = 100, B = 256, b = 16, all in the same run:
 * <ol>
 *   <li>end to end (drawing the B x d batch, epsilon and W included), the simulator's step
 *       ({@link LeastSquaresRun}: residuals {@code X e - epsilon}, then {@code e -= eta X^T (w o r)},
 *       4 B d flops) against the naive per-sample loop ({@link NaiveLeastSquaresRun}: B rank-1
 *       updates of {@code L = sum w_r x_r x_r^T}, then {@code L e - N}, 2 B d^2 flops);</li>
 *   <li>the update alone on a batch drawn once (the arithmetic without the generator): the
 *       simulator's two fused loops, the same two products with EJML ({@code mult},
 *       {@code multTransA}), and the naive rank-1 loop;</li>
 *   <li>whole trajectories spread over the cores by the Monte Carlo driver, one thread against all,
 *       with a check that both give bit-identical results (per-chunk streams).</li>
 * </ol>
 * GFLOP/s count each method's own arithmetic (the useful 4 B d for the simulator; 2 B d^2 for the
 * naive loop, which does more work for the same step). Every timing is the median of 5 after 2
 * warm-ups. Options: {@code --d D --batch B --b b --json FILE}.
 */
public final class RegressionBenchmark {

    /**
     * One timed method. Immutable and thread-safe.
     *
     * @param method           the method, in words
     * @param stepsPerSecond   the median rate, steps per second
     * @param gflops           the rate in GFLOP/s of the method's own arithmetic
     * @param speedupOverNaive the rate divided by the naive end-to-end loop's
     */
    public record Row(String method, double stepsPerSecond, double gflops, double speedupOverNaive) {
    }

    private RegressionBenchmark() {
    }

    /**
     * Runs the benchmark with the options {@code --d D --batch B --b b --json FILE}.
     *
     * @param args the command-line options
     * @throws IOException              if the JSON file cannot be written
     * @throws IllegalArgumentException on an unknown option, an option without value, {@code d < 1}, or
     *                                  an invalid (b, B) pair (see {@link #run})
     */
    public static void main(String[] args) throws IOException {
        int d = 100;
        int batch = 256;
        int b = 16;
        Path json = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("--") && i + 1 >= args.length) {
                throw new IllegalArgumentException("benchmark option " + args[i] + " needs a value");
            }
            switch (args[i]) {
                case "--d" -> d = Integer.parseInt(args[++i]);
                case "--batch" -> batch = Integer.parseInt(args[++i]);
                case "--b" -> b = Integer.parseInt(args[++i]);
                case "--json" -> json = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown benchmark option '" + args[i]
                        + "' (known: --d D, --batch B, --b b, --json FILE)");
            }
        }
        if (d < 1) {
            throw new IllegalArgumentException("--d " + d + ": dimension d must be >= 1");
        }
        run(d, batch, b, json);
    }

    /**
     * Runs the benchmark and prints the table (and writes {@code json} unless null).
     *
     * @param d     the dimension
     * @param batch the large batch size B
     * @param b     the small batch size b
     * @param json  the JSON output file, or null for none
     * @return the rows, in the order printed
     * @throws IOException              if the JSON file cannot be written
     * @throws IllegalArgumentException unless {@code 1 <= b <= B} and {@code B >= 2}
     */
    public static List<Row> run(int d, int batch, int b, Path json) throws IOException {
        Algorithm alg = new Algorithm.LargeBatchMsgd(b, batch, NoiseClass.GAUSSIAN);
        RegressionProblem p = RegressionProblem.powerLaw("bench", Design.GAUSSIAN, d, 1.0, 1.0, 0.5);
        double eta = 0.01;
        List<Row> rows = new ArrayList<>();
        double fastFlops = LeastSquaresRun.flopsPerStep(batch, d);
        double naiveFlops = NaiveLeastSquaresRun.flopsPerStep(batch, d);

        int fastSteps = (int) Math.max(200, 4e8 / (batch * (double) d * 8));
        int naiveSteps = Math.max(20, fastSteps / Math.max(1, d / 4));
        LeastSquaresRun fast = new LeastSquaresRun(p, alg, eta, Checkpoints.logSpaced(10, 1), Streams.create(1));
        fast.reset();
        NaiveLeastSquaresRun naive = new NaiveLeastSquaresRun(p, alg, eta, Streams.create(1));
        double naiveRate = MedianRate.perSecond(() -> {
            for (int s = 0; s < naiveSteps; s++) {
                naive.step();
            }
            return naive.error()[0];
        }, naiveSteps);
        double fastRate = MedianRate.perSecond(() -> {
            for (int s = 0; s < fastSteps; s++) {
                fast.step();
            }
            return fast.averagedRisk();
        }, fastSteps);
        rows.add(new Row("end to end: naive per-sample rank-1 loop", naiveRate, naiveRate * naiveFlops / 1e9, 1.0));
        rows.add(new Row("end to end: simulator (two fused mat-vec passes)", fastRate, fastRate * fastFlops / 1e9, fastRate / naiveRate));

        // the update alone on one drawn batch
        UniformRandomProvider rng = Streams.create(2);
        double[] x = new double[batch * d];
        double[] w = new double[batch];
        double[] eps = new double[batch];
        Design.RowSampler rowSampler = Design.GAUSSIAN.rows(rng, sqrt(p.spectrum().eigenvalues()));
        for (int r = 0; r < batch; r++) {
            rowSampler.sample(x, r * d);
            eps[r] = Design.GAUSSIAN.standardNoise(rng).sample();
            w[r] = 1.0 / batch;
        }
        double[] e = p.initialError();
        double[] res = new double[batch];
        int algebraSteps = fastSteps * 4;
        double loopRate = MedianRate.perSecond(() -> {
            for (int s = 0; s < algebraSteps; s++) {
                fusedUpdate(x, eps, w, e, res, batch, d, eta);
            }
            return e[0];
        }, algebraSteps);
        DMatrixRMaj xm = DMatrixRMaj.wrap(batch, d, x);
        DMatrixRMaj em = DMatrixRMaj.wrap(d, 1, e);
        DMatrixRMaj rm = new DMatrixRMaj(batch, 1);
        DMatrixRMaj gm = new DMatrixRMaj(d, 1);
        double ejmlRate = MedianRate.perSecond(() -> {
            for (int s = 0; s < algebraSteps; s++) {
                CommonOps_DDRM.mult(xm, em, rm);
                for (int r = 0; r < batch; r++) {
                    rm.data[r] = eta * w[r] * (rm.data[r] - eps[r]);
                }
                CommonOps_DDRM.multTransA(xm, rm, gm);
                CommonOps_DDRM.subtractEquals(em, gm);
            }
            return em.data[0];
        }, algebraSteps);
        double[][] l = new double[d][d];
        double[] nv = new double[d];
        int naiveAlgebraSteps = Math.max(20, algebraSteps / Math.max(1, d / 2));
        double naiveAlgebra = MedianRate.perSecond(() -> {
            for (int s = 0; s < naiveAlgebraSteps; s++) {
                rankOneUpdate(x, eps, w, e, l, nv, batch, d, eta);
            }
            return e[0];
        }, naiveAlgebraSteps);
        rows.add(new Row("update only: naive rank-1 loop", naiveAlgebra, naiveAlgebra * naiveFlops / 1e9, naiveAlgebra / naiveRate));
        rows.add(new Row("update only: simulator's fused loops", loopRate, loopRate * fastFlops / 1e9, loopRate / naiveRate));
        rows.add(new Row("update only: EJML mult + multTransA", ejmlRate, ejmlRate * fastFlops / 1e9, ejmlRate / naiveRate));

        // whole trajectories over the cores
        int cores = Runtime.getRuntime().availableProcessors();
        RiskExperiment ex = new RiskExperiment("bench", p, eta, List.of(alg), Checkpoints.logSpaced(200, 2));
        long runs = 128;
        ForkJoinPool one = new ForkJoinPool(1);
        ForkJoinPool all = new ForkJoinPool(cores);
        ex.run(runs, 9, all);
        long t1 = System.nanoTime();
        RiskCurves c1 = ex.run(runs, 9, one);
        double s1 = (System.nanoTime() - t1) / 1e9;
        long t2 = System.nanoTime();
        RiskCurves c2 = ex.run(runs, 9, all);
        double s2 = (System.nanoTime() - t2) / 1e9;
        one.shutdown();
        all.shutdown();
        boolean identical = true;
        for (int j = 0; j < ex.checkpoints().size(); j++) {
            identical &= Double.compare(c1.mean(0, j), c2.mean(0, j)) == 0 && Double.compare(c1.standardError(0, j), c2.standardError(0, j)) == 0;
        }
        double stepsPerRun = ex.checkpoints().last();
        rows.add(new Row("Monte Carlo trajectories, 1 thread", runs * stepsPerRun / s1, runs * stepsPerRun / s1 * fastFlops / 1e9,
                runs * stepsPerRun / s1 / naiveRate));
        rows.add(new Row("Monte Carlo trajectories, " + cores + " threads", runs * stepsPerRun / s2, runs * stepsPerRun / s2 * fastFlops / 1e9,
                runs * stepsPerRun / s2 / naiveRate));

        double peak = PeakFlops.perCoreGflops();
        System.out.printf(Locale.ROOT, "Online least squares, MSGD (Gaussian noise) d=%d, B=%d, b=%d; machine: %s%n", d, batch, b, PeakFlops.describe());
        System.out.printf(Locale.ROOT, "%-52s %14s %10s %9s %10s%n", "method", "steps/s", "GFLOP/s", "% peak", "vs naive");
        for (Row r : rows) {
            System.out.printf(Locale.ROOT, "%-52s %14.4g %10.3f %9s %9.1fx%n", r.method(), r.stepsPerSecond(), r.gflops(),
                    Double.isNaN(peak) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * r.gflops() / peak), r.speedupOverNaive());
        }
        System.out.printf(Locale.ROOT, "flops per step: simulator %.4g (4Bd+2d), naive %.4g (2Bd^2+2Bd+2d^2+2d); peak %.1f GFLOP/s per core (%s)%n",
                fastFlops, naiveFlops, peak, PeakFlops.assumption());
        System.out.printf(Locale.ROOT, "Monte Carlo speed-up %d threads over 1: %.2fx; results bit-identical: %s%n", cores, s1 / s2, identical);
        if (json != null) {
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                    "{\"d\":%d,\"B\":%d,\"b\":%d,\"peakGflopsPerCore\":%.6g,\"threads\":%d,\"identicalAcrossThreadCounts\":%s,\"rows\":[",
                    d, batch, b, peak, cores, identical));
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                sb.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT,
                        "{\"method\":\"%s\",\"stepsPerSecond\":%.6g,\"gflops\":%.6g,\"speedupOverNaive\":%.6g}", r.method(), r.stepsPerSecond(),
                        r.gflops(), r.speedupOverNaive()));
            }
            Files.writeString(json, sb.append("]}\n").toString());
        }
        return rows;
    }

    private static double[] sqrt(double[] v) {
        double[] s = v.clone();
        for (int i = 0; i < s.length; i++) {
            s[i] = Math.sqrt(s[i]);
        }
        return s;
    }

    /** The simulator's arithmetic on a fixed batch: residuals, then the rank-B correction. */
    static void fusedUpdate(double[] x, double[] eps, double[] w, double[] e, double[] res, int m, int d, double eta) {
        for (int r = 0, o = 0; r < m; r++, o += d) {
            double dot = 0;
            for (int k = 0; k < d; k++) {
                dot += x[o + k] * e[k];
            }
            res[r] = dot - eps[r];
        }
        for (int r = 0, o = 0; r < m; r++, o += d) {
            double coef = eta * w[r] * res[r];
            for (int k = 0; k < d; k++) {
                e[k] -= coef * x[o + k];
            }
        }
    }

    /** The naive arithmetic on a fixed batch: L = sum w x x^T by rank-1 updates, N, then e -= eta (L e - N). */
    static void rankOneUpdate(double[] x, double[] eps, double[] w, double[] e, double[][] l, double[] nv, int m, int d, double eta) {
        for (double[] row : l) {
            Arrays.fill(row, 0);
        }
        Arrays.fill(nv, 0);
        for (int r = 0; r < m; r++) {
            int o = r * d;
            for (int i = 0; i < d; i++) {
                double xi = w[r] * x[o + i];
                double[] row = l[i];
                for (int j = 0; j < d; j++) {
                    row[j] += xi * x[o + j];
                }
                nv[i] += xi * eps[r];
            }
        }
        for (int i = 0; i < d; i++) {
            double s = 0;
            for (int j = 0; j < d; j++) {
                s += l[i][j] * e[j];
            }
            nv[i] = s - nv[i]; // L e - N, kept until every row is done (e must not change meanwhile)
        }
        for (int i = 0; i < d; i++) {
            e[i] -= eta * nv[i];
        }
    }

}
