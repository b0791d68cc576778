package org.msgdlab.deep.report;

import org.msgdlab.deep.plan.PlanFile;
import org.msgdlab.deep.plan.PlanFileReader;
import org.msgdlab.deep.plan.PlanLook;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.train.Trainer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Looks at plan files for the tests of the look's figures and page: the second study's committed plan and runs
 * (deep/results/noise-class-study, read as {@code PlanLookTest} reads them), and a small plan with a claim of every
 * kind on synthetic runs (no training), looked at after any number of its 5 paired seeds.
 */
public final class PlanLookFixture {

    /** The second study, from the deep module's folder (where Maven runs its tests). */
    public static final Path NOISE_CLASS = Path.of("results/noise-class-study");

    private PlanLookFixture() {
    }

    /** @return whether the second study's runs are here (a checkout without them skips its tests) */
    public static boolean secondStudyHere() {
        return Files.isDirectory(NOISE_CLASS.resolve("authors-code"));
    }

    /**
     * The look at the second study: 60 paired seeds, its twelve committed verdicts.
     *
     * @return the look
     * @throws IOException when a run cannot be read
     */
    public static PlanLook.Look secondStudy() throws IOException {
        PlanFile plan = PlanFileReader.read(NOISE_CLASS.resolve("plan.json"));
        StudyRuns runs = StudyRuns.read(plan.studyPlan(NOISE_CLASS, List.of()), plan.cap());
        return PlanLook.look(plan, runs, PlanLook.seeds(plan, runs, false));
    }

    /** The mixed plan: looks at 3 and 5 paired seeds, two difference claims, a recovery and an event-rate claim. */
    static final String MIXED = """
            {"format": "msgd-study-plan/1", "name": "mixed", "title": "Every kind of claim",
             "question": "A fixture: one plan with claims of all three kinds, on synthetic runs.",
             "runs": {"protocol": "authors-code", "iterations": 100, "evalEvery": 20},
             "methods": ["gd", "sgd-50", "msgd-cov"], "masterSeed": 7,
             "seeds": {"looks": [3, 5], "replaceLeftOut": false},
             "alpha": {"family": 0.05, "reserve": 1, "spend": "equal"}, "lostRun": "collapse",
             "claims": [
              {"kind": "difference", "name": "cov-vs-sgd-50", "of": ["msgd-cov"], "against": "sgd-50", "test": "equivalence",
               "margin": {"points": 0.42, "share": 0.3, "of": "sgd-50 - gd", "referencePoints": 1.41, "source": "a fixture"},
               "location": "mean"},
              {"kind": "difference", "name": "gd-below-sgd-50", "of": ["gd"], "against": "sgd-50", "test": "below",
               "location": "mean"},
              {"kind": "recovery", "name": "msgd-cov.recovers-sgd", "noise": "msgd-cov", "from": "gd", "to": "sgd-50",
               "band": [0.5, 1.5]},
              {"kind": "event-rate", "name": "msgd-cov.lost-no-more-than-sgd", "noise": "msgd-cov", "against": "sgd-50",
               "margin": 0.1}
             ]}
            """;

    /**
     * The mixed plan looked at after its first {@code seeds} paired seeds, on synthetic window accuracies: GD 80%,
     * SGD-50 83%, MSGD-Cov 82.8% (each with a spread of 0.3 points, seeded), no run lost.
     *
     * @param dir   where the plan file is written
     * @param seeds the paired seeds that count, 0 to 5
     * @return the look
     * @throws IOException when the plan cannot be written or read
     */
    public static PlanLook.Look mixed(Path dir, int seeds) throws IOException {
        PlanFile plan = PlanFileReader.read(Files.writeString(Files.createDirectories(dir).resolve("plan.json"), MIXED));
        Map<String, Double> centre = Map.of("gd", 0.80, "sgd-50", 0.83, "msgd-cov", 0.828);
        SplittableRandom rng = new SplittableRandom(44);
        Map<String, Map<Integer, StudyRuns.Run>> byMethod = new LinkedHashMap<>();
        for (String m : plan.methods()) {
            Map<Integer, StudyRuns.Run> runs = new LinkedHashMap<>();
            for (int s = 0; s < seeds; s++) {
                double acc = centre.get(m) + 0.003 * rng.nextGaussian();
                runs.put(s, run(s, acc, plan.iterations(), plan.evalEvery()));
            }
            byMethod.put(m, runs);
        }
        StudyRuns runs = new StudyRuns(plan.studyPlan(dir, List.of()), byMethod, List.of());
        return PlanLook.look(plan, runs, new PlanLook.Seeds(IntStream.range(0, seeds).boxed().toList(), seeds < 5
                ? List.of("paired seed " + seeds + " is not complete (3 of its 3 runs to train): the seeds after it wait for it")
                : List.of()));
    }

    private static StudyRuns.Run run(int seed, double accuracy, int iterations, int every) {
        List<Trainer.Row> rows = new ArrayList<>();
        for (int it = 0; it <= iterations; it += every) {
            rows.add(new Trainer.Row(it, 0.3, 0.95, 0.4, accuracy, it / 10.0));
        }
        return new StudyRuns.Run(seed, rows, accuracy, accuracy, iterations / 10.0, iterations, accuracy);
    }
}
