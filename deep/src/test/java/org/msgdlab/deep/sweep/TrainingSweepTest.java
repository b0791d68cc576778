package org.msgdlab.deep.sweep;

import org.msgdlab.deep.train.TrainingContext;
import org.msgdlab.deep.graph.PixelScale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.IdxFiles;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.sweeps.RunKind;
import org.msgdlab.sweeps.SweepPlan;
import org.msgdlab.sweeps.SweepRun;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sweep of training runs: its expansion, its ids, its refusals, and its runs being the study's. */
class TrainingSweepTest {

    @TempDir
    Path tmp;

    private static TrainingSweep sweep(List<String> presets, List<String> protocols, List<Map<String, String>> vary,
                                       List<String> methods, List<Integer> seeds, Integer iterations, Path data) {
        return new TrainingSweep(presets, protocols, vary, methods, seeds, StudyPlan.MASTER_SEED, iterations,
                StudyPlan.EVAL_EVERY, 0, 1000, 1, 1, data);
    }

    /** GD at paired seed 0, paper-text, evaluated at every iteration. */
    private static SweepRun smallGd(int iterations, Path data) {
        return new TrainingSweep(List.of("fashion-mnist-small"), List.of("paper-text"), List.of(), List.of("gd"), List.of(0),
                StudyPlan.MASTER_SEED, iterations, 1, 0, 2, 1, 1, data).plan().runs().get(0);
    }

    @Test
    void aSweepWithTheStudysSettingsPlansExactlyTheStudysRunsInTheStudysLayout() {
        Path data = tmp.resolve("fm");
        List<String> methods = List.of("gd", "sgd-50", "msgd-[fisher-10]", "[msgd-fisher]-500");
        SweepPlan plan = sweep(List.of("fashion-mnist-small"), List.of("authors-code", "paper-text"), List.of(), methods,
                List.of(0, 1, 2), null, data).plan();
        assertEquals(2 * methods.size() * 3, plan.runs().size());
        for (SweepRun r : plan.runs()) {
            Protocol p = Protocol.parse(r.setting("protocol"));
            StudyPlan study = StudyPlan.of(p, tmp.resolve("sweep"), data);
            int s = Integer.parseInt(r.setting("paired-seed"));
            RunConfig planned = TrainingRunKind.config(r.settings(), tmp.resolve("sweep").resolve(r.id()));
            RunConfig studys = study.config(r.setting("method"), s);
            assertEquals(java.util.Optional.empty(), Trainer.settingsDiffer(planned, studys), r.id());
            assertEquals(studys.out(), planned.out(), "the study's directory: " + r.id());
            assertEquals(StudyPlan.iterations(p), planned.iterations());
        }
        assertEquals("authors-code/sgd-50-wor/seed-1", plan.runs().stream().filter(r -> r.setting("paired-seed").equals("1")
                && r.setting("method").equals("sgd-50") && r.setting("protocol").equals("authors-code")).findFirst().orElseThrow().id());
        assertEquals("paper-text/msgd-sparse-fisher-10/seed-0", plan.runs().get(6).id(),
                "paired seed outermost, then preset, protocol, variation, method");
    }

    @Test
    void variationsAndOtherPresetsAppearInTheIdAndEveryCombinationIsPlanned() {
        List<Map<String, String>> vary = List.of(Map.of("pixels", "unit"), Map.of("pixels", "raw"));
        SweepPlan plan = sweep(List.of("fashion-mnist-small", "svhn-vgg11"), List.of("authors-code"), vary,
                List.of("gd"), List.of(3), 20, tmp).plan();
        assertEquals(List.of("authors-code+pixels=unit/gd/seed-3", "authors-code+pixels=raw/gd/seed-3",
                "svhn-vgg11/authors-code+pixels=unit/gd/seed-3", "svhn-vgg11/authors-code+pixels=raw/gd/seed-3"),
                plan.runs().stream().map(SweepRun::id).toList());
        RunConfig unit = TrainingRunKind.config(plan.runs().get(0).settings(), tmp);
        assertEquals(PixelScale.UNIT, unit.protocol().pixels());
        assertEquals(20, unit.iterations());
    }

    @Test
    void badPlansAreRefusedWithOneLineNamingTheValue() {
        Path data = tmp;
        assertTrue(assertThrows(IllegalArgumentException.class, () -> sweep(List.of("fashion-mnist-huge"), List.of("authors-code"),
                List.of(), List.of("gd"), List.of(0), 10, data).plan()).getMessage().contains("fashion-mnist-huge"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> sweep(List.of("fashion-mnist-small"), List.of("authors-code"),
                List.of(), List.of("adam"), List.of(0), 10, data).plan()).getMessage().contains("adam"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> sweep(List.of("fashion-mnist-small"), List.of("authors-code"),
                List.of(), List.of("gd"), List.of(), 10, data)).getMessage().contains("--seeds is empty"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> sweep(List.of("fashion-mnist-small"), List.of("authors-code"),
                List.of(), List.of("gd"), List.of(-1), 10, data)).getMessage().contains("--seeds -1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> sweep(List.of("fashion-mnist-small"), List.of("authors-code"),
                List.of(Map.of("momentum", "0.9")), List.of("gd"), List.of(0), 10, data)).getMessage().contains("--vary momentum"));
        String twice = assertThrows(IllegalArgumentException.class, () -> sweep(List.of("fashion-mnist-small"),
                List.of("authors-code"), List.of(), List.of("sgd-50", "sgd-50-wor"), List.of(0), 10, data).plan()).getMessage();
        assertTrue(twice.contains("authors-code/sgd-50-wor/seed-0") && twice.contains("planned twice"), twice);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> sweep(List.of("fashion-mnist-small"), List.of("authors-code"),
                List.of(Map.of("pixels", "grey")), List.of("gd"), List.of(0), 10, data).plan()).getMessage().contains("--pixels=grey"));
    }

    @Test
    void aDirectoryHoldingARunWithOtherSettingsIsAConflictAndALongerRunOfTheSameIsNot() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        SweepRun four = smallGd(4, data);
        Path dir = tmp.resolve("sweep").resolve(four.id());
        TrainingRunKind kind = new TrainingRunKind(TrainingContext.uncancelled(Map.of()));
        assertEquals(RunKind.Progress.NONE, kind.progress(four, dir));
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        assertTrue(kind.execute(four, dir, quiet));
        RunKind.Progress p = kind.progress(four, dir);
        assertTrue(p.begun() && p.finished(), p.toString());
        assertTrue(p.detail().startsWith("completed: test accuracy"), p.detail());

        SweepRun two = smallGd(2, data);
        assertEquals(java.util.Optional.empty(), kind.conflict(two, dir), "its first 2 iterations are the 2-iteration run");
        assertTrue(kind.progress(two, dir).finished());

        Map<String, String> otherRate = new java.util.LinkedHashMap<>(four.settings());
        otherRate.put("lr", "0.05");
        String c = kind.conflict(new SweepRun(four.id(), otherRate), dir).orElseThrow();
        assertTrue(c.contains("learningRate"), c);
        assertFalse(kind.progress(new SweepRun(four.id(), otherRate), dir).finished());

        // unfinished: what was reached. Killed while running, a run's run.json still says "running", which the sweep shows
        // as interrupted (no lock held): the detail must not contradict it (issue 47: "interrupted ... (running, ...)")
        Path runJson = dir.resolve("run.json");
        String completed = Files.readString(runJson);
        Files.writeString(runJson, completed.replace("\"completed\"", "\"running\""));
        String killed = kind.progress(four, dir).detail();
        // any other word of run.json's is said as its own
        Files.writeString(runJson, completed.replace("\"completed\"", "\"failed\""));
        assertTrue(kind.progress(four, dir).detail().startsWith("run.json says failed; iteration 4 of 4, test accuracy "),
                kind.progress(four, dir).detail());
        assertTrue(killed.startsWith("iteration 4 of 4, test accuracy ") && !killed.contains("running"), killed);
    }

    @Test
    void aBlindRunsLogAndStatusWithholdItsAccuracies() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        SweepRun open = smallGd(2, data);
        Map<String, String> settings = new java.util.LinkedHashMap<>(open.settings());
        settings.put("blind", "true");
        SweepRun blind = new SweepRun(open.id(), settings);
        Path dir = tmp.resolve("blind").resolve(blind.id());
        TrainingRunKind kind = new TrainingRunKind(TrainingContext.uncancelled(Map.of()));
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        assertTrue(kind.execute(blind, dir, new PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8)));
        String log = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(log.contains("COMPLETED after 2 iterations, accuracy withheld (a pre-registered study's run)"), log);
        assertFalse(log.matches("(?s).*accuracy \\d.*"), log);
        assertEquals("completed (accuracy withheld: a pre-registered study's run)", kind.progress(blind, dir).detail());
        assertTrue(kind.progress(open, dir).detail().startsWith("completed: test accuracy"), "the same run, not blind");
        settings.put("blind", "yes");
        assertEquals("blind=yes must be true or false", assertThrows(IllegalArgumentException.class,
                () -> kind.check(new SweepRun(open.id(), settings))).getMessage());
    }
}
