package org.msgdlab.deep.study;

import org.msgdlab.deep.train.MetricsFile;
import org.msgdlab.deep.train.Trainer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The completed runs of a study found on disk (nothing is trained here): per method, per paired
 * seed, the metrics and the pre-registered statistic. A longer run of the same settings counts by
 * its first {@code plan.iterations()} iterations ({@link Trainer#completedOrPrefix}). A directory holding a run with other
 * settings is not used, and is listed in {@link #mismatches()}.
 * <p>
 * Immutable (the maps and list are unmodifiable copies when built by {@link #read}) and thread-safe.
 *
 * @param plan        the plan the runs were read for
 * @param byMethod    method name (as the plan lists it) -> paired seed -> run
 * @param mismatches  run directories whose recorded configuration differs from the plan's
 */
public record StudyRuns(StudyPlan plan, Map<String, Map<Integer, Run>> byMethod, List<String> mismatches) {

    /**
     * One completed run: its rows up to the plan's iterations and their statistic; when the run went
     * on beyond them (a longer run counted by its first iterations), how far it went and the same
     * statistic over the last 20% of its own iterations, as a check ({@code ownIterations} equal to the
     * plan's and {@code ownStatistic} equal to {@code statistic} otherwise).
     *
     * @param seed          the paired seed
     * @param rows          the metrics rows up to the plan's iterations
     * @param statistic     the pre-registered statistic of those rows ({@link WindowStatistic#of})
     * @param finalAccuracy the test accuracy of the last of those rows
     * @param seconds       the run's training seconds
     * @param ownIterations the last iteration of the run itself
     * @param ownStatistic  the statistic over the run's own iterations
     */
    public record Run(int seed, List<Trainer.Row> rows, double statistic, double finalAccuracy, double seconds,
                      long ownIterations, double ownStatistic) {
    }

    /**
     * Reads the completed runs of seeds 0 .. maxSeeds-1.
     *
     * @param plan     the study
     * @param maxSeeds the number of paired seeds looked at
     * @return the runs found
     * @throws IOException when a run's files cannot be read; {@link org.msgdlab.deep.train.RunFileException}
     *                     when one is damaged
     * @throws IllegalArgumentException when a completed run has no evaluation in the statistic's window
     */
    public static StudyRuns read(StudyPlan plan, int maxSeeds) throws IOException {
        Map<String, Map<Integer, Run>> by = new LinkedHashMap<>();
        List<String> mismatches = new ArrayList<>();
        for (String m : plan.methods()) {
            Map<Integer, Run> seeds = new TreeMap<>();
            for (int s = 0; s < maxSeeds; s++) {
                Optional<Trainer.Outcome> o = Trainer.completedOrPrefix(plan.config(m, s), mismatches::add);
                if (o.isPresent()) {
                    List<Trainer.Row> rows = o.get().rows();
                    double statistic = WindowStatistic.of(rows, plan.iterations());
                    long own = plan.iterations();
                    double ownStatistic = statistic;
                    if (Trainer.PREFIX.equals(o.get().message())) {
                        // a longer run, perhaps still training: a row cut by its writer is dropped, not an error
                        List<Trainer.Row> whole = MetricsFile.readForResume(plan.config(m, s).out().resolve("metrics.csv"),
                                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
                        long last = whole.get(whole.size() - 1).iteration();
                        if (last > plan.iterations() && last % plan.evalEvery() == 0) {
                            own = last;
                            ownStatistic = WindowStatistic.of(whole, (int) last);
                        }
                    }
                    seeds.put(s, new Run(s, rows, statistic, WindowStatistic.last(rows), o.get().trainingSeconds(), own,
                            ownStatistic));
                }
            }
            by.put(m, Collections.unmodifiableMap(seeds));
        }
        return new StudyRuns(plan, Collections.unmodifiableMap(by), List.copyOf(mismatches));
    }

    /**
     * Paired seeds 0, 1, ... (without gaps) completed by both methods: the seeds a paired test may use, in order.
     *
     * @param x a method name
     * @param y another
     * @return the number n of seeds 0 .. n-1 completed by both
     */
    public int pairedPrefix(String x, String y) {
        Map<Integer, Run> a = byMethod.getOrDefault(x, Map.of());
        Map<Integer, Run> b = byMethod.getOrDefault(y, Map.of());
        int n = 0;
        while (a.containsKey(n) && b.containsKey(n)) {
            n++;
        }
        return n;
    }

    /**
     * The statistic of {@code method} at seeds 0 .. n-1 (each must be completed).
     *
     * @param method a method name of the plan
     * @param n      the number of seeds
     * @return one statistic per seed
     */
    public double[] statistics(String method, int n) {
        double[] v = new double[n];
        for (int s = 0; s < n; s++) {
            v[s] = byMethod.get(method).get(s).statistic();
        }
        return v;
    }

    /**
     * The final-iterate accuracies of {@code method} at seeds 0 .. n-1 (each must be completed).
     *
     * @param method a method name of the plan
     * @param n      the number of seeds
     * @return one accuracy per seed
     */
    public double[] finals(String method, int n) {
        double[] v = new double[n];
        for (int s = 0; s < n; s++) {
            v[s] = byMethod.get(method).get(s).finalAccuracy();
        }
        return v;
    }

    /**
     * Test accuracy against iteration over the given runs of one method: the mean and a 95% band
     * (Student t over the seeds; no band for one seed). The arrays are not copied.
     *
     * @param iterations the iterations of the rows (the first run's)
     * @param mean       the mean test accuracy at each
     * @param lower      the band's lower end (the mean for one seed)
     * @param upper      the band's upper end (the mean for one seed)
     * @param seeds      the number of runs averaged
     */
    public record Curve(double[] iterations, double[] mean, double[] lower, double[] upper, int seeds) {
    }

    /**
     * The curve of {@code method} over {@code seeds} (its runs must be completed), as long as the shortest run.
     *
     * @param method a method name of the plan
     * @param seeds  the paired seeds
     * @return the mean curve and its band
     */
    public Curve curve(String method, java.util.Collection<Integer> seeds) {
        List<List<Trainer.Row>> rows = seeds.stream().map(s -> byMethod.get(method).get(s).rows()).toList();
        int n = rows.size();
        int len = rows.stream().mapToInt(List::size).min().orElse(0);
        double[] x = new double[len];
        double[] mean = new double[len];
        double[] lo = new double[len];
        double[] hi = new double[len];
        double t = n > 1 ? org.msgdlab.core.stats.PairedDifferences.tQuantile(0.025, n - 1) : 0;
        for (int i = 0; i < len; i++) {
            x[i] = rows.get(0).get(i).iteration();
            double sum = 0;
            for (List<Trainer.Row> r : rows) {
                sum += r.get(i).testAccuracy();
            }
            double mu = sum / n;
            double ss = 0;
            for (List<Trainer.Row> r : rows) {
                ss += (r.get(i).testAccuracy() - mu) * (r.get(i).testAccuracy() - mu);
            }
            double half = n > 1 ? t * Math.sqrt(ss / (n - 1) / n) : 0;
            mean[i] = mu;
            lo[i] = mu - half;
            hi[i] = mu + half;
        }
        return new Curve(x, mean, lo, hi, n);
    }

    /**
     * Completed runs of {@code method}.
     *
     * @param method a method name
     * @return their number (0 for a method the plan does not list)
     */
    public int completed(String method) {
        return byMethod.getOrDefault(method, Map.of()).size();
    }

    /**
     * Whether a run is completed.
     *
     * @param method a method name
     * @param seed   a paired seed
     * @return whether the run of {@code method} at {@code seed} was found completed
     */
    public boolean has(String method, int seed) {
        return byMethod.getOrDefault(method, Map.of()).containsKey(seed);
    }

    /**
     * Whether a paired seed is complete: every method of the plan has a completed run at it.
     *
     * @param seed a paired seed
     * @return whether all of the plan's runs at {@code seed} were found completed
     */
    public boolean complete(int seed) {
        return plan.methods().stream().allMatch(m -> has(m, seed));
    }
}
