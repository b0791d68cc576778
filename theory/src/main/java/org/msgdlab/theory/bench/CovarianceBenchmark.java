package org.msgdlab.theory.bench;

import org.msgdlab.core.bench.MedianRate;
import org.msgdlab.core.bench.PeakFlops;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.msgdlab.theory.claims.ExchangeableStatistics;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.core.random.Streams;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark of the Monte Carlo covariance estimate, the hot loop of the theory claims, for n = 1000
 * (one thread, so GFLOP/s compare with one core's peak). Compared in the same run:
 * <ol>
 *   <li>the straightforward triple loop {@code S[i][j] += v_i v_j} over samples, i, j (2 n^2 flops
 *       per sample);</li>
 *   <li>the same full n x n estimate by EJML, blocking K samples into a K x n matrix X and adding
 *       {@code X^T X} ({@code CommonOps_DDRM.multInner}, which exploits symmetry: n^2 K flops per
 *       block, reported as 2 n^2 per sample for comparability with the loop);</li>
 *   <li>the structured estimators used by the claims ({@link ExchangeableStatistics}: diagonal and
 *       off-diagonal means, O(n) per sample), which never form the n x n matrix.</li>
 * </ol>
 * Samples are drawn once into a pool and reused, so the timings are of the estimators alone;
 * drawing is timed separately. Each timing is the median of several repetitions after warm-up.
 */
public final class CovarianceBenchmark {

    /**
     * One timed estimator. Immutable and thread-safe.
     *
     * @param estimator        the estimator, in words
     * @param samplesPerSecond the median rate, samples per second
     * @param gflops           the rate in GFLOP/s at 2 n^2 flops per sample; NaN for the O(n) rows
     * @param speedupOverLoop  the rate divided by the triple loop's
     * @param seconds          seconds per sample ({@code 1 / samplesPerSecond}); for the drawing row,
     *                         the seconds taken to draw the pool
     */
    public record Row(String estimator, double samplesPerSecond, double gflops, double speedupOverLoop, double seconds) {
    }

    private CovarianceBenchmark() {
    }

    /**
     * Runs the benchmark and prints a table; options {@code --n N} (default 1000) and
     * {@code --json FILE} (also write the rows as JSON).
     *
     * @param args the command-line options
     * @throws IOException              if the JSON file cannot be written
     * @throws IllegalArgumentException on an unknown option, an option without value, or {@code n < 2}
     */
    public static void main(String[] args) throws IOException {
        int n = 1000;
        int b = 50;
        Path json = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("--") && i + 1 >= args.length) {
                throw new IllegalArgumentException("benchmark option " + args[i] + " needs a value");
            }
            switch (args[i]) {
                case "--n" -> n = Integer.parseInt(args[++i]);
                case "--json" -> json = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown benchmark option '" + args[i] + "' (known: --n N, --json FILE)");
            }
        }
        if (n < 2) {
            throw new IllegalArgumentException("--n " + n + ": must be >= 2");
        }
        List<Row> rows = run(n, b);
        double peak = PeakFlops.perCoreGflops();
        System.out.printf(Locale.ROOT, "Covariance estimate, n=%d (SGD noise, b=%d), one thread; machine: %s%n", n, b, PeakFlops.describe());
        System.out.printf(Locale.ROOT, "%-46s %14s %10s %9s %12s%n", "estimator", "samples/s", "GFLOP/s", "% peak", "vs loop");
        for (Row r : rows) {
            System.out.printf(Locale.ROOT, "%-46s %14.4g %10s %9s %11.1fx%n", r.estimator(), r.samplesPerSecond(),
                    Double.isNaN(r.gflops()) ? "-" : String.format(Locale.ROOT, "%.2f", r.gflops()),
                    Double.isNaN(r.gflops()) || Double.isNaN(peak) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * r.gflops() / peak),
                    r.speedupOverLoop());
        }
        System.out.printf(Locale.ROOT, "peak: %.1f GFLOP/s per core (%s)%n", peak, PeakFlops.assumption());
        if (json != null) {
            StringBuilder sb = new StringBuilder("{\"n\":" + n + ",\"peakGflopsPerCore\":" + peak + ",\"rows\":[");
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                sb.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT,
                        "{\"estimator\":\"%s\",\"samplesPerSecond\":%.6g,\"gflops\":%s,\"speedupOverLoop\":%.6g}",
                        r.estimator(), r.samplesPerSecond(), Double.isNaN(r.gflops()) ? "null" : String.format(Locale.ROOT, "%.6g", r.gflops()),
                        r.speedupOverLoop()));
            }
            Files.writeString(json, sb.append("]}\n").toString());
        }
    }

    /**
     * Times every estimator on a pool of 512 draws of the SGD noise (with replacement).
     *
     * @param n the number of samples
     * @param b the batch size
     * @return one row per estimator, the triple loop first and the drawing last
     * @throws IllegalArgumentException unless {@code n >= 2} and {@code b >= 1}
     */
    public static List<Row> run(int n, int b) {
        SamplingNoise noise = new SgdWithReplacement(n, b);
        NoiseSampler sampler = noise.sampler(Streams.create(12345));
        int pool = 512;
        double[][] samples = new double[pool][n];
        long t0 = System.nanoTime();
        for (double[] v : samples) {
            sampler.sample(v);
        }
        double drawSeconds = (System.nanoTime() - t0) / 1e9;

        int loopSamples = Math.max(64, (int) (4e8 / ((double) n * n)));
        int blockedSamples = loopSamples * 8;
        int structuredSamples = Math.max(100_000, loopSamples * 2000);
        double loop = MedianRate.perSecond(() -> tripleLoop(samples, n, loopSamples), loopSamples);
        double blocked = MedianRate.perSecond(() -> blockedEjml(samples, n, blockedSamples), blockedSamples);
        double rank8 = MedianRate.perSecond(() -> rank8Loop(samples, n, blockedSamples), blockedSamples);
        double blockedFull = MedianRate.perSecond(() -> blockedEjmlFull(samples, n, blockedSamples), blockedSamples);
        double structured = MedianRate.perSecond(() -> structured(samples, n, structuredSamples), structuredSamples);
        double draw = MedianRate.perSecond(() -> {
            double[] v = new double[n];
            for (int i = 0; i < 200_000 / Math.max(1, n / 100); i++) {
                sampler.sample(v);
            }
            return v[0];
        }, 200_000 / Math.max(1, n / 100));
        double flopsPerSample = 2.0 * n * n;
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("full n x n, triple loop", loop, loop * flopsPerSample / 1e9, 1.0, 1 / loop));
        rows.add(new Row("full n x n, EJML blocked X^T X (K=256)", blocked, blocked * flopsPerSample / 1e9, blocked / loop, 1 / blocked));
        rows.add(new Row("full n x n, rank-8 updates (8 samples per pass)", rank8, rank8 * flopsPerSample / 1e9, rank8 / loop, 1 / rank8));
        rows.add(new Row("full n x n, EJML blocked multAddTransA (K=256)", blockedFull, blockedFull * flopsPerSample / 1e9, blockedFull / loop, 1 / blockedFull));
        rows.add(new Row("structured diag/off-diag means (no n x n)", structured, Double.NaN, structured / loop, 1 / structured));
        rows.add(new Row("drawing V_sgd (for scale)", draw, Double.NaN, draw / loop, drawSeconds));
        return rows;
    }


    static double tripleLoop(double[][] pool, int n, int samples) {
        double[][] s = new double[n][n];
        for (int k = 0; k < samples; k++) {
            double[] v = pool[k % pool.length];
            for (int i = 0; i < n; i++) {
                double vi = v[i];
                double[] row = s[i];
                for (int j = 0; j < n; j++) {
                    row[j] += vi * v[j];
                }
            }
        }
        return s[n / 2][n / 3];
    }

    /**
     * The triple loop with 8 samples per pass over S: the n x n accumulator (8 MB at n = 1000,
     * larger than the caches) is streamed once per 8 samples instead of once per sample.
     */
    static double rank8Loop(double[][] pool, int n, int samples) {
        double[][] s = new double[n][n];
        int k = 0;
        for (; k + 8 <= samples; k += 8) {
            double[] a = pool[k % pool.length];
            double[] b = pool[(k + 1) % pool.length];
            double[] c = pool[(k + 2) % pool.length];
            double[] d = pool[(k + 3) % pool.length];
            double[] e = pool[(k + 4) % pool.length];
            double[] f = pool[(k + 5) % pool.length];
            double[] g = pool[(k + 6) % pool.length];
            double[] h = pool[(k + 7) % pool.length];
            for (int i = 0; i < n; i++) {
                double ai = a[i];
                double bi = b[i];
                double ci = c[i];
                double di = d[i];
                double ei = e[i];
                double fi = f[i];
                double gi = g[i];
                double hi = h[i];
                double[] row = s[i];
                for (int j = 0; j < n; j++) {
                    row[j] += ai * a[j] + bi * b[j] + ci * c[j] + di * d[j] + ei * e[j] + fi * f[j] + gi * g[j] + hi * h[j];
                }
            }
        }
        for (; k < samples; k++) {
            double[] v = pool[k % pool.length];
            for (int i = 0; i < n; i++) {
                double vi = v[i];
                double[] row = s[i];
                for (int j = 0; j < n; j++) {
                    row[j] += vi * v[j];
                }
            }
        }
        return s[n / 2][n / 3];
    }

    static double blockedEjml(double[][] pool, int n, int samples) {
        int k = 256;
        DMatrixRMaj x = new DMatrixRMaj(k, n);
        DMatrixRMaj block = new DMatrixRMaj(n, n);
        DMatrixRMaj s = new DMatrixRMaj(n, n);
        for (int start = 0; start < samples; start += k) {
            int rows = Math.min(k, samples - start);
            x.reshape(rows, n);
            for (int r = 0; r < rows; r++) {
                System.arraycopy(pool[(start + r) % pool.length], 0, x.data, r * n, n);
            }
            CommonOps_DDRM.multInner(x, block);
            CommonOps_DDRM.addEquals(s, block);
        }
        return s.get(n / 2, n / 3);
    }

    static double blockedEjmlFull(double[][] pool, int n, int samples) {
        int k = 256;
        DMatrixRMaj x = new DMatrixRMaj(k, n);
        DMatrixRMaj s = new DMatrixRMaj(n, n);
        for (int start = 0; start < samples; start += k) {
            int rows = Math.min(k, samples - start);
            x.reshape(rows, n);
            for (int r = 0; r < rows; r++) {
                System.arraycopy(pool[(start + r) % pool.length], 0, x.data, r * n, n);
            }
            CommonOps_DDRM.multAddTransA(x, x, s);
        }
        return s.get(n / 2, n / 3);
    }

    static double structured(double[][] pool, int n, int samples) {
        double[] out = new double[ExchangeableStatistics.COUNT];
        double acc = 0;
        for (int k = 0; k < samples; k++) {
            ExchangeableStatistics.compute(pool[k % pool.length], n, out);
            acc += out[0] + out[1];
        }
        return acc;
    }
}
