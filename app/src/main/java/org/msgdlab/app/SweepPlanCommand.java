package org.msgdlab.app;

import org.msgdlab.deep.sweep.TrainingSweep;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.sweeps.SweepDirectory;
import org.msgdlab.sweeps.SweepPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code msgd sweep plan}: expands presets x protocols x variations x methods x paired seeds into a
 * sweep's plan ({@code DIR/sweep.json}), or extends the plan already there; refuses a bad plan, and a
 * run directory holding a run with other settings, before writing anything.
 */
@Command(name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes (or extends) the plan of a sweep: presets x protocols x variations x methods x paired"
                + " seeds.",
                "Paired seed S gives every run the study's run seed (initial weights, noise, drawn training set), so"
                        + " a sweep with the study's settings trains the study's runs. Defaults are the study's."})
final class SweepPlanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "the sweep directory (created if needed)")
    Path dir;

    @Option(names = "--presets", paramLabel = "PRESET", split = ",", defaultValue = "fashion-mnist-small",
            description = "preset ids (default: ${DEFAULT-VALUE})")
    List<String> presets;

    @Option(names = "--protocols", paramLabel = "PROTOCOL", split = ",", defaultValue = StudyPlan.PROTOCOL_NAME,
            description = Protocol.PAPER_TEXT_NAME + " and/or " + Protocol.AUTHORS_CODE_NAME + " (default: ${DEFAULT-VALUE})")
    List<String> protocols;

    @Option(names = "--methods", paramLabel = "METHOD", split = ",", required = true,
            description = "methods, as msgd train --method takes them (quote brackets: \"msgd-[fisher-10]\")")
    List<String> methods;

    @Option(names = "--seeds", required = true, paramLabel = "S",
            description = "paired seeds: A-B, a list A,B,C, or one (a plan holds at most 10,000 runs)")
    String seeds;

    @Option(names = "--vary", paramLabel = "KEY=V1,V2", description = "a setting to vary (repeatable; every"
            + " combination is planned): pixels, init, split, sgd-sampling, bernoulli-batch, lr, magnitude")
    List<String> vary = new ArrayList<>();

    @Option(names = "--iterations", paramLabel = "N", description = "iterations per run (default: the study's for fashion-mnist-small,"
            + " 5000 under authors-code and 10000 under paper-text; the preset's otherwise)")
    Integer iterations;

    @Option(names = "--eval-every", paramLabel = "N", defaultValue = "" + StudyPlan.EVAL_EVERY,
            description = "test evaluation every this many iterations (default: ${DEFAULT-VALUE})")
    int evalEvery;

    @Option(names = "--eval-subset", paramLabel = "N", defaultValue = "" + org.msgdlab.deep.train.RunConfig.DEFAULT_EVAL_SUBSET,
            description = "test images evaluated, 0 for all (default: ${DEFAULT-VALUE}; the study's claims need 0)")
    int evalSubset;

    @Option(names = "--checkpoint-every", paramLabel = "N", defaultValue = "" + org.msgdlab.deep.train.RunConfig.DEFAULT_CHECKPOINT_EVERY,
            description = "checkpoint every this many iterations (default: ${DEFAULT-VALUE})")
    int checkpointEvery;

    @Option(names = "--threads", defaultValue = StudyPlan.THREADS_SETTING, paramLabel = "INTRA,INTER",
            description = "TensorFlow threads of every run, part of the plan (default: ${DEFAULT-VALUE}, the study's)")
    String threads;

    @Option(names = "--master-seed", paramLabel = "SEED", defaultValue = "" + StudyPlan.MASTER_SEED,
            description = "the seed paired seeds derive from (default: ${DEFAULT-VALUE}, the study's)")
    long masterSeed;

    @Option(names = "--data", paramLabel = "DIR", description = "dataset directory (default: the preset's)")
    Path data;

    @Override
    public Integer call() throws IOException {
        TrainingSweep sweep;
        SweepPlan plan;
        try {
            org.msgdlab.deep.train.RunSettings.Threads t;
            try {
                t = org.msgdlab.deep.train.RunSettings.Threads.parseBoth(threads);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--" + e.getMessage());
            }
            sweep = new TrainingSweep(presets, protocols, variations(vary), methods, seedList(seeds), masterSeed,
                    iterations, evalEvery, evalSubset, checkpointEvery, t.intra(), t.inter(), data);
            plan = sweep.plan();
            org.msgdlab.deep.sweep.SweepStudy.requireReadable(plan).forEach(n -> spec.commandLine().getErr().println("note: " + n));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        int before = 0;
        if (SweepPlan.exists(dir)) {
            SweepPlan old;
            try {
                old = SweepPlan.read(dir);
                before = old.runs().size();
                plan = old.extendedBy(plan);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), dir + ": " + e.getMessage() + (e.getMessage().contains("(data ")
                        ? "; to move the plan to another dataset path: msgd sweep repoint " + dir + " --data PATH" : ""));
            }
        }
        SweepDirectory sd = new SweepDirectory(dir, plan, Training.readingKind());
        List<String> conflicts = sd.conflicts();
        if (!conflicts.isEmpty()) {
            throw new ParameterException(spec.commandLine(), conflicts.get(0) + (conflicts.size() > 1
                    ? " (and " + (conflicts.size() - 1) + " more)" : "") + "; nothing planned");
        }
        Files.createDirectories(dir);
        plan.write(dir);
        PrintWriter out = spec.commandLine().getOut();
        int added = plan.runs().size() - before;
        out.println(String.format(Locale.ROOT, "%s: %d runs planned%s, e.g. %s", dir.resolve(SweepPlan.FILE),
                plan.runs().size(), before == 0 ? "" : " (" + added + " new)", plan.runs().get(plan.runs().size() - 1).id()));
        out.println("next: msgd sweep run " + dir + " (this machine), or with --executor slurm (a cluster)");
        out.flush();
        return ExitCode.OK.code();
    }

    /** "A-B", "A,B,C" or "A". */
    static List<Integer> seedList(String s) {
        List<Integer> list = new ArrayList<>();
        try {
            if (s.matches("\\s*\\d+\\s*-\\s*\\d+\\s*")) {
                String[] ab = s.split("-");
                int a = Integer.parseInt(ab[0].trim());
                int b = Integer.parseInt(ab[1].trim());
                if (b < a) {
                    throw new IllegalArgumentException("--seeds=" + s + ": the range A-B needs A <= B");
                }
                if ((long) b - a + 1 > SweepPlan.MAX_RUNS) {
                    throw new IllegalArgumentException("--seeds=" + s + " gives " + ((long) b - a + 1) + " seeds: a plan"
                            + " holds at most " + SweepPlan.MAX_RUNS + " runs");
                }
                for (int i = a; i <= b; i++) {
                    list.add(i);
                }
            } else {
                for (String x : s.split(",")) {
                    if (!x.isBlank()) {
                        list.add(Integer.parseInt(x.trim()));
                    }
                }
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seeds=" + s + " must be A-B, a list A,B,C or one seed (integers >= 0)");
        }
        if (list.isEmpty()) {
            throw new IllegalArgumentException("--seeds=" + s + " is empty: a sweep needs at least one seed");
        }
        return list;
    }

    /** Every combination of the --vary options, in the order given. */
    static List<Map<String, String>> variations(List<String> vary) {
        List<Map<String, String>> all = new ArrayList<>();
        all.add(new LinkedHashMap<>());
        for (String v : vary) {
            int eq = v.indexOf('=');
            if (eq <= 0 || eq == v.length() - 1) {
                throw new IllegalArgumentException("--vary " + v + " must be KEY=V1,V2,...");
            }
            String key = v.substring(0, eq).trim();
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> m : all) {
                if (m.containsKey(key)) {
                    throw new IllegalArgumentException("--vary " + key + " is given twice");
                }
                for (String value : v.substring(eq + 1).split(",")) {
                    Map<String, String> n = new LinkedHashMap<>(m);
                    n.put(key, value.trim());
                    next.add(n);
                }
            }
            all = next;
        }
        return all;
    }
}
