package org.msgdlab.deep.sweep;

import org.msgdlab.deep.study.PairedClaim;
import org.msgdlab.deep.study.StudyClaim;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.train.Preset;
import org.msgdlab.deep.train.TrainingContext;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Study;
import org.msgdlab.sweeps.RunState;
import org.msgdlab.sweeps.SweepDirectory;
import org.msgdlab.sweeps.SweepRun;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The paired Fashion-MNIST study's claims built from the finished runs of a sweep, without
 * training ({@code msgd verify --from DIR}). The sweep's runs of preset fashion-mnist-small under
 * a named protocol, without variations, must form the study's paired design: one number of
 * iterations, one evaluation interval and one master seed per protocol, every run equal to the
 * study's run of its method and paired seed (whole test set, one thread). Runs the sweep plans but
 * has not finished are named, in the log and in the verdicts of the claims they belong to.
 */
public final class SweepStudy {

    private SweepStudy() {
    }

    /**
     * The study's claims under each protocol the sweep in {@code dir} holds runs of.
     *
     * @param dir the sweep directory
     * @param log where the runs outside the study's design are reported
     * @return the study
     * @throws IOException              when the sweep directory cannot be read
     * @throws IllegalArgumentException when the sweep holds no run of the paired Fashion-MNIST study
     */
    public static Study create(Path dir, PrintStream log) throws IOException {
        // read only: the kind trains nothing here, so it needs no cancellation and records no environment
        SweepDirectory sweep = SweepDirectory.open(dir, new TrainingRunKind(TrainingContext.uncancelled(Map.of())));
        Map<String, List<SweepDirectory.Status>> byProtocol = new TreeMap<>();
        int outside = 0;
        for (SweepDirectory.Status s : sweep.status()) {
            SweepRun r = s.run();
            boolean varied = TrainingSweep.VARIED.stream().anyMatch(k -> !k.equals("lr") && r.settings().containsKey(k));
            if (!r.setting("preset").equals(Preset.FASHION_MNIST_SMALL.id()) || varied || r.id().contains("+")) {
                outside++;
                continue;
            }
            byProtocol.computeIfAbsent(r.setting("protocol"), k -> new ArrayList<>()).add(s);
        }
        if (byProtocol.isEmpty()) {
            throw new IllegalArgumentException(dir + ": the sweep holds no run of the paired Fashion-MNIST study (preset "
                    + Preset.FASHION_MNIST_SMALL.id() + ", protocol paper-text or authors-code, nothing varied)");
        }
        if (outside > 0) {
            log.println("verify --from: " + outside + " runs of the sweep are outside the study's design (another preset or a"
                    + " variation) and not used");
        }
        List<Claim> claims = new ArrayList<>();
        for (Map.Entry<String, List<SweepDirectory.Status>> e : byProtocol.entrySet()) {
            claims.addAll(claims(sweep, Protocol.parse(e.getKey()), e.getValue(), log));
        }
        return new Study("deep", "Deep experiments: the paired Fashion-MNIST study from the sweep in " + dir,
                "Section 5, Appendix C", claims);
    }

    /**
     * What {@code verify --from} needs of every run, checked when the sweep is planned, before anything trains: an
     * evaluation inside the last 20% of the iterations (the study's statistic averages it), the rule of
     * {@link StudyPlan}. Runs of fewer than 5 iterations (smoke tests) are let through with a note: verify --from
     * will not read them.
     *
     * @param plan the planned sweep
     * @return notes on what verify --from will not read; empty when it can read every run
     * @throws IllegalArgumentException naming the first run whose last 20% holds no evaluation, its values and the rule
     */
    public static List<String> requireReadable(org.msgdlab.sweeps.SweepPlan plan) {
        List<String> notes = new ArrayList<>();
        for (SweepRun r : plan.runs()) {
            int iterations = Integer.parseInt(r.setting("iterations"));
            int evalEvery = Integer.parseInt(r.setting("eval-every"));
            if (iterations < 5) {
                if (notes.isEmpty()) {
                    notes.add("run " + r.id() + " has " + iterations + " iterations: verify --from needs at least 5 (a smoke"
                            + " test's runs are trained, not read as the study)");
                }
            } else if (evalEvery < 1 || evalEvery > iterations / 5) {
                throw new IllegalArgumentException("run " + r.id() + ": eval-every=" + evalEvery + " must be in [1, iterations/5 = "
                        + iterations / 5 + "] so that the last 20% holds an evaluation (verify --from reads the last 20% of each"
                        + " run; nothing planned)");
            }
        }
        return notes;
    }

    private static List<Claim> claims(SweepDirectory sweep, Protocol protocol, List<SweepDirectory.Status> runs,
                                      PrintStream log) {
        SweepRun first = runs.get(0).run();
        for (String key : List.of("iterations", "eval-every", TrainingSweep.MASTER_SEED, "data")) {
            for (SweepDirectory.Status s : runs) {
                if (!s.run().setting(key).equals(first.setting(key))) {
                    throw new IllegalArgumentException("the " + protocol.name() + " runs of " + sweep.dir() + " do not form one"
                            + " paired design: " + key + " " + first.setting(key) + " in " + first.id() + ", "
                            + s.run().setting(key) + " in " + s.run().id());
                }
            }
        }
        StudyPlan plan = new StudyPlan(protocol, StudyPlan.METHODS, TrainingSweep.masterSeed(first),
                Integer.parseInt(first.setting("iterations")), Integer.parseInt(first.setting("eval-every")), sweep.dir(),
                Path.of(first.setting("data")));
        Map<String, List<String>> unfinished = new LinkedHashMap<>();
        Map<String, Integer> planned = new LinkedHashMap<>();
        for (SweepDirectory.Status s : runs) {
            SweepRun r = s.run();
            RunConfig c = TrainingRunKind.config(r.settings(), sweep.runDir(r));
            Optional<String> study = StudyPlan.METHODS.stream().filter(m -> plan.method(m).id().equals(c.method().id())).findFirst();
            if (study.isEmpty()) {
                continue;   // a method the study's claims do not compare
            }
            int seed = TrainingSweep.pairedSeed(r);
            RunConfig wanted = plan.config(study.get(), seed);
            Optional<String> differs = Trainer.settingsDiffer(c, wanted);
            if (differs.isPresent() || !sweep.runDir(r).normalize().equals(wanted.out().normalize())) {
                throw new IllegalArgumentException("run " + r.id() + " of " + sweep.dir() + " is not the study's run of "
                        + study.get() + " at paired seed " + seed + " (" + differs.orElse("its directory is not "
                        + wanted.out()) + "): the study's claims need the whole test set and one thread per run");
            }
            planned.merge(study.get(), 1, Integer::sum);
            if (s.state() != RunState.DONE) {
                unfinished.computeIfAbsent(study.get(), k -> new ArrayList<>())
                        .add(r.id() + " (" + s.state().name().toLowerCase(java.util.Locale.ROOT) + ")");
            }
        }
        List<String> missing = unfinished.values().stream().flatMap(List::stream).toList();
        int planTotal = planned.values().stream().mapToInt(Integer::intValue).sum();
        if (planTotal > 0 && missing.size() == planTotal) {
            // nothing to decide from: refused before anything is written (an existing report stays as it was), in one line
            throw new IllegalArgumentException("none of its " + planTotal + " planned " + protocol.name() + " runs is finished"
                    + " (msgd sweep status " + sweep.dir() + "; msgd sweep run " + sweep.dir() + " trains them)");
        }
        String shortened = shortened(plan).orElse("");
        if (!shortened.isEmpty()) {
            log.println("verify --from: WARNING: the " + protocol.name() + " runs of " + sweep.dir() + " are " + shortened
                    + "; their verdicts are a shortened design's, not the pre-registered study's");
        }
        if (!missing.isEmpty()) {
            log.println("verify --from: " + missing.size() + " planned " + protocol.name() + " runs are not finished and not"
                    + " trained here (msgd sweep run " + sweep.dir() + "): " + missing);
        }
        return StudyClaim.readOnly(plan, claim -> {
            String n = note(claim, planned, unfinished);
            String design = shortened.isEmpty() ? "" : "a shortened design, not the pre-registered one: " + shortened;
            return n.isEmpty() ? design : design.isEmpty() ? n : design + "; " + n;
        }, log);
    }

    /**
     * How a sweep's study plan departs from the pre-registered design of its protocol (the study's iterations,
     * {@link StudyPlan#EVAL_EVERY} and {@link StudyPlan#MASTER_SEED}).
     *
     * @param plan the plan the sweep's runs form
     * @return e.g. "trained 20 iterations (the design: 5000), evaluated every 10 (the design: 200)"; empty when it is
     *         the design
     */
    static Optional<String> shortened(StudyPlan plan) {
        List<String> parts = new ArrayList<>();
        int design = StudyPlan.iterations(plan.protocol());
        if (plan.iterations() != design) {
            parts.add("trained " + plan.iterations() + " iterations (the design: " + design + ")");
        }
        if (plan.evalEvery() != StudyPlan.EVAL_EVERY) {
            parts.add("evaluated every " + plan.evalEvery() + " (the design: " + StudyPlan.EVAL_EVERY + ")");
        }
        if (plan.masterSeed() != StudyPlan.MASTER_SEED) {
            parts.add("seeded from master seed " + plan.masterSeed() + " (the design: " + StudyPlan.MASTER_SEED + ")");
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", parts));
    }

    /** Which of a claim's runs the sweep lacks or has not finished. */
    private static String note(PairedClaim claim, Map<String, Integer> planned, Map<String, List<String>> unfinished) {
        List<String> parts = new ArrayList<>();
        for (String m : List.of(claim.x(), claim.y())) {
            if (!planned.containsKey(m)) {
                parts.add("the sweep plans no run of " + m);
            } else if (unfinished.containsKey(m)) {
                parts.add("not finished in the sweep: " + String.join(", ", unfinished.get(m)));
            }
        }
        return String.join("; ", parts);
    }
}
