package org.msgdlab.deep.study;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.PairedDifferences;
import org.msgdlab.deep.train.BitProvenance;
import org.msgdlab.deep.train.Preset;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.deep.train.TrainingContext;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Re-trains committed runs of a study on this machine and says, for each, what kind of agreement to
 * expect and what was found (deep issue 34): the same bits (same build, machine type and settings: the
 * metrics must be identical, and anything else is a defect), or another build or machine (the bits
 * differ by design, and agreement can only be statistical: does the replicate's window statistic lie in
 * the 95% prediction interval that the study's seeds of that method imply?).
 * <p>
 * The runs are chosen by a seeded draw among the completed runs, without replacement.
 */
public final class Replication {

    private Replication() {
    }

    /** What a replicate is, against the run it replicates. */
    public enum Kind {
        /** the metrics are identical to the last digit */
        BIT_IDENTICAL,
        /** the same recorded bits (build, machine type, settings) and other metrics: a defect */
        SAME_BITS_OTHER_NUMBERS,
        /** another build or machine type, or the run recorded none: agreement can only be statistical */
        ELSEWHERE
    }

    /**
     * One replicate.
     *
     * @param method     the method (the plan's name)
     * @param seed       the paired seed
     * @param kind       bit-identical, a defect, or computed elsewhere
     * @param why        for ELSEWHERE, what differs (or that the original recorded no bits); empty otherwise
     * @param original   the committed run's window statistic
     * @param replicate  the replicate's
     * @param lower      the 95% prediction interval's lower end from the study's other seeds of the method
     * @param upper      its upper end
     * @param firstDiff  the first metrics row that differs, e.g. "iteration 0, test loss 2.3011111490885 vs ...";
     *                   empty when none does
     */
    public record Result(String method, int seed, Kind kind, String why, double original, double replicate, double lower,
                         double upper, String firstDiff) {
        /** @return whether the replicate's window statistic lies in the prediction interval */
        public boolean inside() {
            return replicate >= lower && replicate <= upper;
        }
    }

    /**
     * Draws {@code k} completed runs, without replacement, by a stream derived from the plan's master seed,
     * the name "replicate" and {@code draw}.
     *
     * @param runs the completed runs
     * @param k    how many, at most the completed runs
     * @param draw the draw's number (another number, another set)
     * @return the chosen (method, seed) tasks, in the order drawn
     * @throws IllegalArgumentException when {@code k} is not in [1, completed runs]
     */
    public static List<StudyRunner.Task> draw(StudyRuns runs, int k, long draw) {
        List<StudyRunner.Task> all = new ArrayList<>();
        for (String m : runs.plan().methods()) {
            for (int s : runs.byMethod().getOrDefault(m, java.util.Map.of()).keySet()) {
                all.add(new StudyRunner.Task(m, s));
            }
        }
        if (k < 1 || k > all.size()) {
            throw new IllegalArgumentException("--replicate=" + k + " must be in [1, " + all.size() + "] (the completed runs)");
        }
        UniformRandomProvider rng = RandomSource.SPLIT_MIX_64.create(
                Streams.derive(Streams.derive(runs.plan().masterSeed(), "replicate"), draw));
        List<StudyRunner.Task> chosen = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            chosen.add(all.remove(rng.nextInt(all.size())));
        }
        return chosen;
    }

    /**
     * Re-trains each task into {@code out}/<method id>/seed-s and compares it with the committed run.
     *
     * @param runs    the completed runs (the committed ones)
     * @param tasks   the runs to replicate
     * @param out     where the replicates are written (a new folder per run)
     * @param log     progress
     * @param context when to stop (Ctrl-C), and the environment recorded in each replicate's run.json
     * @return one result per task
     * @throws IOException when a run cannot be trained or read, or did not complete
     */
    public static List<Result> replicate(StudyRuns runs, List<StudyRunner.Task> tasks, Path out, PrintStream log,
                                         TrainingContext context) throws IOException {
        StudyPlan plan = runs.plan();
        List<Result> results = new ArrayList<>();
        for (StudyRunner.Task t : tasks) {
            RunConfig original = plan.config(t.method(), t.seed());
            RunConfig copy = original.withOut(out.resolve(plan.method(t.method()).id()).resolve("seed-" + t.seed()));
            Preset.Data data = copy.preset().load(copy.dataDir(), copy.dataSeed(), copy.protocol());
            log.println("replicate: training " + plan.method(t.method()).paperName() + " seed " + t.seed() + " into " + copy.out());
            Trainer.Outcome o = Trainer.runOrContinue(copy, data, log, context);
            if (o.status() != Trainer.Status.COMPLETED) {
                throw new IOException("the replicate of " + t.method() + " seed " + t.seed() + " did not complete: " + o.status());
            }
            List<Trainer.Row> a = runs.byMethod().get(t.method()).get(t.seed()).rows();
            List<Trainer.Row> b = Trainer.readMetrics(copy.out().resolve("metrics.csv")).subList(0, a.size());
            String firstDiff = firstDifference(a, b);
            Optional<BitProvenance> was = BitProvenance.recordedIn(original.out());
            Optional<BitProvenance> now = BitProvenance.recordedIn(copy.out());
            Kind kind;
            String why = "";
            if (firstDiff.isEmpty()) {
                kind = Kind.BIT_IDENTICAL;
            } else if (was.isPresent() && now.isPresent() && was.get().equals(now.get())) {
                kind = Kind.SAME_BITS_OTHER_NUMBERS;
            } else {
                kind = Kind.ELSEWHERE;
                why = was.isEmpty() ? "the committed run recorded no bits (trained before 2026-11-26)"
                        : String.join("; ", was.get().differences(now.orElseThrow()));
            }
            double[] others = runs.byMethod().get(t.method()).entrySet().stream().filter(e -> e.getKey() != t.seed())
                    .mapToDouble(e -> e.getValue().statistic()).toArray();
            double[] pi = predictionInterval(others);
            results.add(new Result(t.method(), t.seed(), kind, why, WindowStatistic.of(a, plan.iterations()),
                    WindowStatistic.of(b, plan.iterations()), pi[0], pi[1], firstDiff));
        }
        return results;
    }

    /**
     * The two-sided 95% prediction interval of one new value from a normal sample: mean ± t(0.975, n−1) sd √(1 + 1/n).
     *
     * @param x the sample, at least 2 values
     * @return {lower, upper}; the whole line for fewer than 2 values
     */
    static double[] predictionInterval(double[] x) {
        if (x.length < 2) {
            return new double[]{Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY};
        }
        PairedDifferences d = new PairedDifferences(x);   // mean and sample sd of the values
        double mean = d.mean();
        double half = PairedDifferences.tQuantile(0.025, x.length - 1) * d.sd() * Math.sqrt(1 + 1.0 / x.length);
        return new double[]{mean - Math.abs(half), mean + Math.abs(half)};
    }

    /** The first row and field where two metrics lists differ (wall time aside), or "". */
    static String firstDifference(List<Trainer.Row> a, List<Trainer.Row> b) {
        if (a.size() != b.size()) {
            return a.size() + " rows against " + b.size();
        }
        String[] names = {"train loss", "train accuracy", "test loss", "test accuracy"};
        for (int i = 0; i < a.size(); i++) {
            Trainer.Row x = a.get(i);
            Trainer.Row y = b.get(i);
            double[] u = {x.trainLoss(), x.trainAccuracy(), x.testLoss(), x.testAccuracy()};
            double[] v = {y.trainLoss(), y.trainAccuracy(), y.testLoss(), y.testAccuracy()};
            if (x.iteration() != y.iteration()) {
                return "row " + i + ": iteration " + x.iteration() + " vs " + y.iteration();
            }
            for (int f = 0; f < 4; f++) {
                if (Double.doubleToLongBits(u[f]) != Double.doubleToLongBits(v[f])) {
                    return "iteration " + x.iteration() + ", " + names[f] + " " + u[f] + " vs " + v[f];
                }
            }
        }
        return "";
    }

    /**
     * The replication as a Markdown table with its closing line.
     *
     * @param results the replicates
     * @param where   the machine, in words
     * @return the table and "replication: k of K inside"
     */
    public static String table(List<Result> results, String where) {
        StringBuilder t = new StringBuilder("Replicates trained on " + where + ".\n\n"
                + "| run | kind | window accuracy: committed | replicate | 95% prediction interval (other seeds) | inside | first difference |\n"
                + "| --- | --- | --- | --- | --- | --- | --- |\n");
        int inside = 0;
        int identical = 0;
        int defects = 0;
        for (Result r : results) {
            inside += r.inside() ? 1 : 0;
            identical += r.kind() == Kind.BIT_IDENTICAL ? 1 : 0;
            defects += r.kind() == Kind.SAME_BITS_OTHER_NUMBERS ? 1 : 0;
            t.append(String.format(Locale.ROOT, "| %s seed %d | %s%s | %.4f | %.4f | [%.4f, %.4f] | %s | %s |%n", r.method(), r.seed(),
                    r.kind().toString().toLowerCase(Locale.ROOT).replace('_', ' '), r.why().isEmpty() ? "" : " (" + r.why() + ")",
                    r.original(), r.replicate(), r.lower(), r.upper(), r.inside() ? "yes" : "no",
                    r.firstDiff().isEmpty() ? "none" : r.firstDiff()));
        }
        t.append(String.format(Locale.ROOT, "%nreplication: %d of %d inside (%d bit-identical, %d defects: same bits recorded,"
                + " other numbers)%n", inside, results.size(), identical, defects));
        return t.toString();
    }
}
