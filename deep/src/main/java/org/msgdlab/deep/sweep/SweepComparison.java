package org.msgdlab.deep.sweep;

import org.msgdlab.core.stats.PairedDifferences;
import org.msgdlab.sweeps.RunState;
import org.msgdlab.sweeps.SweepDirectory;
import org.msgdlab.sweeps.SweepRun;
import org.msgdlab.deep.study.WindowStatistic;
import org.msgdlab.deep.train.Trainer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * One method against a baseline in every group of a sweep's finished runs, paired by seed: a
 * description, not a verdict ({@code msgd sweep compare}). A group is everything in a run's id but
 * its method and seed, {@code [PRESET/]PROTOCOL[+KEY=VALUE...]}, so each protocol and each variation
 * is a group. Per group and paired seed s, the gap is
 * <pre>
 *   g_s = A_method,s - A_baseline,s,
 * </pre>
 * A the pre-registered statistic (mean test accuracy over the last 20% of each run's own iterations,
 * {@link WindowStatistic}), and the change from a reference group R (the protocol without a
 * variation, where the sweep has one) is {@code g_s - g^R_s} over the seeds both groups finished:
 * does the variation open or close the gap? Intervals are two-sided Student-t 95% intervals
 * ({@link PairedDifferences}), one per row, not adjusted for the number of rows: they describe.
 * Immutable.
 *
 * @param baseline  the baseline method, as the plan names it
 * @param method    the method compared with it
 * @param reference the reference group's name, or empty when the sweep has none
 * @param groups    the groups, in the plan's order
 */
public record SweepComparison(String baseline, String method, String reference, List<Group> groups) {

    /** The two-sided level of every interval. */
    public static final double LEVEL = 0.95;

    /**
     * One group's finished pairs.
     *
     * @param name          [PRESET/]PROTOCOL[+KEY=VALUE...]
     * @param planned       paired seeds the plan has both methods at
     * @param pairs         the paired seeds both methods finished, by seed
     * @param notFinished   ids of the group's runs of the two methods that have not finished
     */
    public record Group(String name, int planned, List<Pair> pairs, List<String> notFinished) {
        public Group {
            pairs = List.copyOf(pairs);
            notFinished = List.copyOf(notFinished);
        }

        /** @return the gaps g_s, or empty when fewer than two seeds are paired */
        public Optional<PairedDifferences> gaps() {
            if (pairs.size() < 2) {
                return Optional.empty();
            }
            return Optional.of(new PairedDifferences(pairs.stream().mapToDouble(Pair::gap).toArray()));
        }

        /**
         * The change of the gap from a reference group, over the seeds both finished.
         *
         * @param reference the reference group
         * @return g_s - g^R_s, or empty when fewer than two seeds are shared
         */
        public Optional<PairedDifferences> changeFrom(Group reference) {
            Map<Integer, Double> ref = new TreeMap<>();
            reference.pairs().forEach(p -> ref.put(p.seed(), p.gap()));
            double[] d = pairs.stream().filter(p -> ref.containsKey(p.seed())).mapToDouble(p -> p.gap() - ref.get(p.seed()))
                    .toArray();
            return d.length < 2 ? Optional.empty() : Optional.of(new PairedDifferences(d));
        }
    }

    /**
     * One paired seed of a group.
     *
     * @param seed                  the paired seed
     * @param baseline              the baseline's statistic
     * @param method                the method's statistic
     * @param baselineTrainAccuracy the baseline's training accuracy at its last evaluation
     * @param methodTrainAccuracy   the method's training accuracy at its last evaluation
     */
    public record Pair(int seed, double baseline, double method, double baselineTrainAccuracy, double methodTrainAccuracy) {
        /** @return g_s = method - baseline */
        public double gap() {
            return method - baseline;
        }
    }

    /**
     * Reads the finished runs of a sweep (nothing is trained).
     *
     * @param sweep     the sweep
     * @param baseline  the baseline method, as the plan's runs name it (setting {@code method})
     * @param method    the method compared with it
     * @param reference the reference group, or null for the first group without a variation
     * @return the comparison
     * @throws IOException              when a run's files cannot be read
     * @throws IllegalArgumentException when the plan has no run of {@code baseline} or {@code method}, or no group
     *                                  named {@code reference}
     */
    public static SweepComparison read(SweepDirectory sweep, String baseline, String method, String reference)
            throws IOException {
        Set<String> methods = new LinkedHashSet<>();
        sweep.plan().runs().forEach(r -> methods.add(r.setting("method")));
        for (String[] m : new String[][]{{"--baseline", baseline}, {"--method", method}}) {
            if (!methods.contains(m[1])) {
                throw new IllegalArgumentException(m[0] + " " + m[1] + ": the sweep has no run of it; its methods are " + methods);
            }
        }
        if (baseline.equals(method)) {
            throw new IllegalArgumentException("--method " + method + ": must differ from --baseline " + baseline);
        }
        Map<String, Map<Integer, SweepDirectory.Status[]>> byGroup = new LinkedHashMap<>();
        for (SweepDirectory.Status s : sweep.status()) {
            SweepRun r = s.run();
            int which = r.setting("method").equals(baseline) ? 0 : r.setting("method").equals(method) ? 1 : -1;
            if (which >= 0) {
                byGroup.computeIfAbsent(group(r), k -> new TreeMap<>())
                        .computeIfAbsent(TrainingSweep.pairedSeed(r), k -> new SweepDirectory.Status[2])[which] = s;
            }
        }
        List<Group> groups = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, SweepDirectory.Status[]>> g : byGroup.entrySet()) {
            List<Pair> pairs = new ArrayList<>();
            List<String> notFinished = new ArrayList<>();
            int planned = 0;
            for (Map.Entry<Integer, SweepDirectory.Status[]> e : g.getValue().entrySet()) {
                SweepDirectory.Status[] two = e.getValue();
                if (two[0] == null || two[1] == null) {
                    continue;   // only one of the two methods planned at this seed
                }
                planned++;
                Optional<List<Trainer.Row>> b = rows(sweep, two[0], notFinished);
                Optional<List<Trainer.Row>> m = rows(sweep, two[1], notFinished);
                if (b.isPresent() && m.isPresent()) {
                    pairs.add(new Pair(e.getKey(), statistic(b.get()), statistic(m.get()),
                            last(b.get()).trainAccuracy(), last(m.get()).trainAccuracy()));
                }
            }
            if (planned > 0) {
                groups.add(new Group(g.getKey(), planned, pairs, notFinished));
            }
        }
        if (groups.isEmpty()) {
            throw new IllegalArgumentException("the sweep has no paired seed with runs of both " + baseline + " and " + method);
        }
        String ref;
        if (reference != null) {
            if (groups.stream().noneMatch(g -> g.name().equals(reference))) {
                throw new IllegalArgumentException("--reference " + reference + ": no such group; the groups are "
                        + groups.stream().map(Group::name).toList());
            }
            ref = reference;
        } else {
            ref = groups.stream().map(Group::name).filter(n -> !n.contains("+")).findFirst().orElse("");
        }
        return new SweepComparison(baseline, method, ref, groups);
    }

    /** [PRESET/]PROTOCOL[+KEY=VALUE...]: the run's id without its method and seed. */
    static String group(SweepRun r) {
        String id = r.id();
        int seed = id.lastIndexOf('/');
        int method = id.lastIndexOf('/', seed - 1);
        return id.substring(0, method);
    }

    private static Optional<List<Trainer.Row>> rows(SweepDirectory sweep, SweepDirectory.Status s, List<String> notFinished)
            throws IOException {
        if (s.state() == RunState.DONE) {
            Optional<Trainer.Outcome> o = Trainer.completedOrPrefix(TrainingRunKind.config(s.run().settings(),
                    sweep.runDir(s.run())), m -> { });
            if (o.isPresent()) {
                return Optional.of(o.get().rows());
            }
        }
        notFinished.add(s.run().id() + " (" + (s.state() == RunState.DONE ? s.detail() : s.state().name()
                .toLowerCase(Locale.ROOT)) + ")");
        return Optional.empty();
    }

    private static double statistic(List<Trainer.Row> rows) {
        return WindowStatistic.of(rows, (int) last(rows).iteration());
    }

    private static Trainer.Row last(List<Trainer.Row> rows) {
        return rows.get(rows.size() - 1);
    }

    /** @return the reference group, when the sweep has one */
    public Optional<Group> referenceGroup() {
        return groups.stream().filter(g -> g.name().equals(reference)).findFirst();
    }
}
