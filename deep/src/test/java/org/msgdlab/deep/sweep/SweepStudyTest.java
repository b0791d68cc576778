package org.msgdlab.deep.sweep;

import org.msgdlab.deep.train.TrainingContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.IdxFiles;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRunner;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.sweeps.SweepDirectory;
import org.msgdlab.sweeps.SweepPlan;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code msgd verify --from}: the study's claims from a sweep's finished runs, never training, with
 * the runs it lacks named; a sweep that is not the study's design is refused.
 */
class SweepStudyTest {

    /** Training that is never cancelled and records no environment. */
    private static final TrainingContext UNCANCELLED = TrainingContext.uncancelled(Map.of());

    @TempDir
    Path tmp;

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    private SweepPlan plan(Path data, List<String> methods, int seeds, int evalSubset) {
        return new TrainingSweep(List.of("fashion-mnist-small"), List.of("authors-code"), List.of(), methods,
                java.util.stream.IntStream.range(0, seeds).boxed().toList(), StudyPlan.MASTER_SEED, 10, 2, evalSubset, 1000, 1, 1,
                data).plan();
    }

    private static Evidence claim(Study s, String id) {
        Claim c = s.claims().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id));
        return c.check(Budget.FULL, 1);
    }

    @Test
    void theClaimsComeFromTheSweepsRunsAtTheFullBudgetWithoutTrainingAndNameWhatIsMissing() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        Path dir = tmp.resolve("sweep");
        SweepPlan plan = plan(data, List.of("gd", "sgd-50"), 5, 0);
        plan.write(dir);
        SweepDirectory sweep = new SweepDirectory(dir, plan, new TrainingRunKind(UNCANCELLED));
        // nothing finished yet: nothing to decide from, refused naming the sweep (verify writes nothing then)
        IllegalArgumentException none = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> SweepStudy.create(dir, QUIET));
        assertTrue(none.getMessage().startsWith("none of its 10 planned authors-code runs is finished"), none.getMessage());
        for (int i = 0; i < plan.runs().size() - 1; i++) {   // all but the last: sgd-50 at paired seed 4
            assertEquals(SweepDirectory.FINISHED, sweep.execute(i, false, QUIET));
        }
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Study partial = SweepStudy.create(dir, new PrintStream(log, true, StandardCharsets.UTF_8));
        Evidence e = claim(partial, "deep.fashion-mnist.authors-code.sgd-50-above-gd");
        assertEquals(Verdict.NOT_RUN, e.verdict(), e.verdictReason());
        assertTrue(e.verdictReason().contains("4 paired seeds of SGD-50 (without replacement) and GD completed"), e.verdictReason());
        assertTrue(e.verdictReason().contains("not finished in the sweep: authors-code/sgd-50-wor/seed-4 (pending)"),
                e.verdictReason());
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("1 planned authors-code runs are not finished"), log.toString());
        assertFalse(Files.exists(dir.resolve("authors-code/sgd-50-wor/seed-4/run.json")), "verify --from trains nothing");
        Evidence fisher = claim(partial, "deep.fashion-mnist.authors-code.msgd-fisher.above-gd");
        assertEquals(Verdict.NOT_RUN, fisher.verdict());
        assertTrue(fisher.verdictReason().contains("the sweep plans no run of msgd-fisher"), fisher.verdictReason());
        assertTrue(partial.claims().stream().noneMatch(c -> c.id().contains("paper-text")), "only the sweep's protocols");

        assertEquals(SweepDirectory.FINISHED, sweep.execute(plan.runs().size() - 1, false, QUIET));
        Evidence full = claim(SweepStudy.create(dir, QUIET), "deep.fashion-mnist.authors-code.sgd-50-above-gd");
        assertTrue(List.of(Verdict.PASS, Verdict.FAIL, Verdict.INCONCLUSIVE).contains(full.verdict()), full.verdictReason());
        // the same verdict as the study machinery reading the same runs in the same layout
        StudyPlan study = new StudyPlan(Protocol.AUTHORS_CODE, StudyPlan.METHODS, StudyPlan.MASTER_SEED, 10, 2, dir, data);
        StudyRuns runs = StudyRuns.read(study, 15);
        assertEquals(5, runs.pairedPrefix("sgd-50", "gd"));
        assertTrue(StudyRunner.wanted(runs, List.of("gd", "sgd-50")).stream().allMatch(t -> t.seed() >= 5),
                "the study sees the sweep's runs as its own");
        assertEquals(org.msgdlab.deep.study.StudyVerdicts.evaluate(runs).stream()
                .filter(r -> r.claim().key().equals("sgd-50-above-gd")).findFirst().orElseThrow().evidence().verdict(),
                full.verdict());
    }

    @Test
    void aSweepThatIsNotTheStudysDesignIsRefusedNamingWhy() throws Exception {
        Path data = tmp.resolve("fm");
        Path subset = tmp.resolve("subset");
        plan(data, List.of("gd"), 1, 500).write(subset);
        String m = assertThrows(IllegalArgumentException.class, () -> SweepStudy.create(subset, QUIET)).getMessage();
        assertTrue(m.contains("evalSubset") && m.contains("whole test set"), m);

        Path mixed = tmp.resolve("mixed");
        SweepPlan ten = plan(data, List.of("gd"), 1, 0);
        SweepPlan twenty = new TrainingSweep(List.of("fashion-mnist-small"), List.of("authors-code"), List.of(), List.of("sgd-50"),
                List.of(0), StudyPlan.MASTER_SEED, 20, 2, 0, 1000, 1, 1, data).plan();
        ten.extendedBy(twenty).write(mixed);
        m = assertThrows(IllegalArgumentException.class, () -> SweepStudy.create(mixed, QUIET)).getMessage();
        assertTrue(m.contains("do not form one paired design: iterations 10 in authors-code/gd/seed-0, 20 in"), m);

        Path varied = tmp.resolve("varied");
        new TrainingSweep(List.of("fashion-mnist-small"), List.of("authors-code"), List.of(Map.of("pixels", "unit")),
                List.of("gd"), List.of(0), StudyPlan.MASTER_SEED, 10, 2, 0, 1000, 1, 1, data).plan().write(varied);
        m = assertThrows(IllegalArgumentException.class, () -> SweepStudy.create(varied, QUIET)).getMessage();
        assertTrue(m.contains("holds no run of the paired Fashion-MNIST study"), m);
    }

    @Test
    void runsShorterThanThePreRegisteredDesignAreSaidToBeSoInTheLogAndInEveryClaimsEvidence() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        Path dir = tmp.resolve("short");
        SweepPlan p = plan(data, List.of("gd", "sgd-50"), 1, 0);   // 10 iterations, evaluated every 2: the design is 5000, 200
        p.write(dir);
        assertEquals(SweepDirectory.FINISHED, new SweepDirectory(dir, p, new TrainingRunKind(UNCANCELLED)).execute(0, false, QUIET));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Study s = SweepStudy.create(dir, new PrintStream(log, true, StandardCharsets.UTF_8));
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("verify --from: WARNING: the authors-code runs of " + dir + " are"
                + " trained 10 iterations (the design: 5000), evaluated every 2 (the design: 200); their verdicts are a shortened"
                + " design's, not the pre-registered study's"), log.toString(StandardCharsets.UTF_8));
        for (Claim c : s.claims()) {
            Evidence e = c.check(Budget.FULL, 1);
            assertTrue(e.verdictReason().contains("a shortened design, not the pre-registered one: trained 10 iterations"),
                    c.id() + ": " + e.verdictReason());
        }
    }

    @Test
    void theStudysOwnDesignIsNotCalledShortened() {
        assertEquals(java.util.Optional.empty(), SweepStudy.shortened(new StudyPlan(Protocol.AUTHORS_CODE, StudyPlan.METHODS,
                StudyPlan.MASTER_SEED, StudyPlan.AUTHORS_CODE_ITERATIONS, StudyPlan.EVAL_EVERY, tmp, tmp)));
    }
}
