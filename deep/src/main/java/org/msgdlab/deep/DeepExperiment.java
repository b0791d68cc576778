package org.msgdlab.deep;

import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.Preset;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.theory.claims.Budget;
import org.msgdlab.theory.random.Streams;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The Fashion-MNIST experiment of Figures 1(a)/3(a) on the real data: several methods, several
 * seeds, the same 1,000 training images (data seed 0) and the same test images for all.
 *
 * <ul>
 *   <li>{@code quick} (under 10 minutes on 2 cores): GD, SGD-50, MSGD-Fisher, MSGD-Bernoulli,
 *       2 seeds each, {@value #QUICK_ITERATIONS} iterations (the paper runs 10,000), evaluated on a
 *       fixed subset of {@value #QUICK_EVAL} of the 60,000 test images.</li>
 *   <li>{@code full}: the seven methods of Figures 1(a)/3(a) (GD, SGD-50, MSGD-Cov, MSGD-Fisher,
 *       MSGD-Bernoulli, MSGD-[Fisher-10], MSGD-[Cov-10]) and the large-batch pair of Figure 4
 *       (SGD-500 and [MSGD-Fisher]-500, Algorithm 2), 3 seeds, 10,000 iterations, all 60,000 test
 *       images.</li>
 * </ul>
 */
public final class DeepExperiment {

    public static final int QUICK_ITERATIONS = 1000;
    public static final int QUICK_EVAL = 10_000;
    /** Large-batch SGD of the Figure 4 comparison, on Fashion-MNIST (the paper's toy set there is small SVHN). */
    public static final String LARGE_BATCH_SGD = "sgd-500";
    /** Mini-batch MSGD (Algorithm 2) with the same batch and a compensatory Fisher noise matched to SGD-50. */
    public static final String LARGE_BATCH_MSGD = "[msgd-fisher]-500";

    /** The plan of a budget. */
    public record Plan(List<String> methods, int seeds, int iterations, int evalEvery, int evalSubset) {
    }

    /** Final and per-evaluation test accuracies of one method over its seeds. */
    public record MethodRuns(Method method, List<List<Trainer.Row>> rowsPerSeed, double secondsPerStep) {
        public double[] finalTestAccuracies() {
            return rowsPerSeed.stream().mapToDouble(r -> r.get(r.size() - 1).testAccuracy()).toArray();
        }

        public double meanFinalTestAccuracy() {
            double[] a = finalTestAccuracies();
            double s = 0;
            for (double x : a) {
                s += x;
            }
            return s / a.length;
        }
    }

    /** All runs of a budget. */
    public record Results(Plan plan, Map<String, MethodRuns> byMethod, double seconds, Path dataDir) {
    }

    public static Plan plan(Budget budget) {
        if (budget == Budget.QUICK) {
            return new Plan(List.of("gd", "sgd-50", "msgd-fisher", "msgd-bernoulli"), 2, QUICK_ITERATIONS, 200, QUICK_EVAL);
        }
        return new Plan(List.of("gd", "sgd-50", "msgd-cov", "msgd-fisher", "msgd-bernoulli", "msgd-[fisher-10]",
                "msgd-[cov-10]", LARGE_BATCH_SGD, LARGE_BATCH_MSGD), 3, 10_000, 500, 0);
    }

    private static final Map<String, Results> CACHE = new LinkedHashMap<>();

    private DeepExperiment() {
    }

    /**
     * Where the runs of the experiment are kept between invocations: the system property
     * {@code msgd.work.dir} ({@code msgd verify} sets it to {@code <out>/work}) plus
     * {@code deep/full/}, for the full budget only (the quick one reruns in minutes, always with
     * the current code); null: a temporary directory, deleted afterwards.
     */
    public static Path runsDir(Budget budget) {
        String w = System.getProperty("msgd.work.dir");
        return w == null || w.isBlank() || budget == Budget.QUICK ? null : Path.of(w, "deep", budget.label());
    }

    /**
     * Runs (once per budget and seed in this JVM) the experiment, on the data in {@code dataDir}.
     * With a {@link #runsDir} the runs stay there: a run found completed with the same settings is
     * reused, one found unfinished continues from its checkpoint (an interrupted {@code --budget
     * full} loses at most one checkpoint interval per run when restarted with the same command).
     */
    public static synchronized Results run(Budget budget, long seed, Path dataDir, PrintStream log) throws IOException {
        String key = budget + "/" + seed + "/" + dataDir;
        Results cached = CACHE.get(key);
        if (cached != null) {
            return cached;
        }
        Plan plan = plan(budget);
        Preset preset = Preset.FASHION_MNIST_SMALL;
        long t0 = System.nanoTime();
        Preset.Data data = preset.load(dataDir, 0);
        Map<String, MethodRuns> by = new LinkedHashMap<>();
        Path keep = runsDir(budget);
        Path tmp = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("msgd-deep-");
        try {
            int total = plan.methods().size() * plan.seeds();
            int done = 0;
            for (String name : plan.methods()) {
                Method m = Method.parse(name, preset.sgdBatch(), Double.NaN);
                List<List<Trainer.Row>> rows = new ArrayList<>();
                double sps = 0;
                for (int s = 0; s < plan.seeds(); s++) {
                    long runSeed = Streams.derive(seed, s);
                    Path out = tmp.resolve(m.id() + "-seed" + s + "-" + Long.toUnsignedString(seed, 36));
                    RunConfig c = RunConfig.defaults(preset, m, out).withData(dataDir).withIterations(plan.iterations())
                            .withEval(plan.evalEvery(), plan.evalSubset())
                            .withCheckpointEvery(keep != null ? plan.evalEvery() : plan.iterations())
                            .withSeeds(runSeed, 0).withProgress(false);
                    long r0 = System.nanoTime();
                    Trainer.Outcome o = Trainer.runOrContinue(c, data, log);
                    done++;
                    if (o.status() != Trainer.Status.COMPLETED) {
                        throw new IOException(m.paperName() + " seed " + s + ": " + o.message());
                    }
                    rows.add(o.rows());
                    sps += o.secondsPerStep() / plan.seeds();
                    log.println(String.format(Locale.ROOT, "deep: [%d/%d] %s seed %d: test accuracy %.4f after %d iterations (%.1f s)",
                            done, total, m.paperName(), s, o.last().testAccuracy(), plan.iterations(),
                            (System.nanoTime() - r0) / 1e9));
                }
                by.put(name, new MethodRuns(m, rows, sps));
            }
        } finally {
            if (keep == null) {
                deleteTree(tmp);
            }
        }
        Results r = new Results(plan, by, (System.nanoTime() - t0) / 1e9, dataDir);
        CACHE.put(key, r);
        return r;
    }

    private static void deleteTree(Path tmp) throws IOException {
        try (Stream<Path> w = Files.walk(tmp)) {
            for (Path p : w.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
