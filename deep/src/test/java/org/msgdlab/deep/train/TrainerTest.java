package org.msgdlab.deep.train;

import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.IdxFiles;
import org.msgdlab.deep.graph.Kernels;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs of the fashion-mnist-small preset on generated Fashion-MNIST-format files (1,000 "t10k"
 * images become the training set, 60 "train" images the test set): a few iterations only.
 */
class TrainerTest {

    /** Training that is never cancelled and records no environment. */
    private static final TrainingContext UNCANCELLED = TrainingContext.uncancelled(Map.of());

    @TempDir
    static Path tmp;
    static Path data;
    static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @BeforeAll
    static void writeData() throws IOException {
        data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
    }

    private static RunConfig config(String method, Path out, int iterations) {
        Preset p = Preset.FASHION_MNIST_SMALL;
        return RunConfig.builder(p, Method.parse(method, p.sgdBatch(), Double.NaN), out).build().withData(data)
                .withIterations(iterations).withEval(2, 0).withCheckpointEvery(2).withProgress(false).withThreads(1, 1);
    }

    @Test
    void everyMethodOfThePresetBuildsAndSteps() throws IOException {
        for (String m : List.of("gd", "sgd", "msgd-cov", "msgd-fisher", "msgd-bernoulli", "msgd-[fisher-10]",
                "msgd-[cov-10]", "[msgd-fisher]-100", "[msgd-cov]-100")) {
            Path out = tmp.resolve("each-" + m.replaceAll("[^a-z0-9-]", "_"));
            Trainer.Outcome o = Trainer.run(config(m, out, 1).withEval(1, 0), null, QUIET, UNCANCELLED);
            assertEquals(Trainer.Status.COMPLETED, o.status(), m);
            assertEquals(2, o.rows().size(), m + ": rows at iterations 0 and 1");
            assertTrue(Double.isFinite(o.last().trainLoss()), m);
        }
    }

    @Test
    void aCompletedRunIsReusedAndARunWithOtherSettingsIsNotOverwritten() throws IOException {
        Path dir = tmp.resolve("reuse");
        Trainer.Outcome a = Trainer.runOrContinue(config("msgd-bernoulli", dir, 4), null, QUIET, UNCANCELLED);
        Trainer.Outcome b = Trainer.runOrContinue(config("msgd-bernoulli", dir, 4).withCheckpointEvery(4), null, QUIET, UNCANCELLED);
        assertEquals("reused", b.message());
        assertEquals(a.rows().size(), b.rows().size());
        for (int i = 0; i < a.rows().size(); i++) {
            assertTrue(a.rows().get(i).sameMetrics(b.rows().get(i)), "row " + i);
        }
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Trainer.runOrContinue(config("msgd-bernoulli", dir, 4).withSeeds(99, 0), null, QUIET, UNCANCELLED));
        assertTrue(e.getMessage().contains("seed 1 there, 99 asked"), e.getMessage());
        assertEquals(a.rows().size(), Trainer.readMetrics(dir.resolve("metrics.csv")).size(), "nothing overwritten");
    }

    @Test
    void writesMetricsRunJsonAndCheckpointsAndResumesExactly() throws IOException {
        Path full = tmp.resolve("full");
        Trainer.Outcome a = Trainer.run(config("msgd-fisher", full, 6), null, QUIET, UNCANCELLED);
        assertEquals(List.of(0L, 2L, 4L, 6L), a.rows().stream().map(Trainer.Row::iteration).toList());
        List<String> lines = Files.readAllLines(full.resolve("metrics.csv"));
        assertEquals(Trainer.METRICS_HEADER, lines.get(0));
        assertEquals(5, lines.size());
        String runJson = Files.readString(full.resolve("run.json"));
        assertTrue(runJson.contains("\"status\" : \"completed\"") && runJson.contains("\"tensorflow\"")
                && runJson.contains("\"learningRate\" : 0.01") && runJson.contains("MSGD-Fisher"), runJson);
        assertTrue(Files.isRegularFile(full.resolve("checkpoints/ckpt-6/model.index")));
        // the wall time splits into steps and evaluations (4 evaluations: iterations 0, 2, 4, 6)
        var info = new com.fasterxml.jackson.databind.ObjectMapper().readTree(runJson);
        double perStep = info.path("secondsPerStep").asDouble();
        double perEval = info.path("secondsPerEvaluation").asDouble();
        assertTrue(perStep > 0 && perEval > 0 && 6 * perStep + 4 * perEval <= a.trainingSeconds() + 1e-9,
                perStep + " s per step, " + perEval + " s per evaluation, " + a.trainingSeconds() + " s in all");

        Path part = tmp.resolve("part");
        Trainer.run(config("msgd-fisher", part, 4), null, QUIET, UNCANCELLED);
        Trainer.Outcome b = Trainer.resume(part, 6, QUIET, UNCANCELLED);
        assertEquals(a.rows().size(), b.rows().size());
        for (int i = 0; i < a.rows().size(); i++) {
            assertTrue(a.rows().get(i).sameMetrics(b.rows().get(i)), "row " + i + ": " + a.rows().get(i) + " vs " + b.rows().get(i));
        }
        assertEquals(Trainer.readMetrics(full.resolve("metrics.csv")).size(), Trainer.readMetrics(part.resolve("metrics.csv")).size());
    }

    @Test
    void runJsonRecordsTheKernelsAndARunTrainedWithTheOthersIsNotContinued() throws IOException {
        Path dir = tmp.resolve("kernels");
        Trainer.run(config("gd", dir, 2), null, QUIET, UNCANCELLED);
        Kernels now = Kernels.current();
        String runJson = Files.readString(dir.resolve("run.json"));
        assertTrue(runJson.contains("\"kernels\" : \"" + now.id() + "\""), runJson);
        assertTrue(runJson.contains("(" + now.id() + " kernels)"), "the device line names them: " + runJson);
        Kernels other = now == Kernels.ONEDNN ? Kernels.EIGEN : Kernels.ONEDNN;
        Files.writeString(dir.resolve("run.json"), runJson.replace("\"kernels\" : \"" + now.id() + "\"",
                "\"kernels\" : \"" + other.id() + "\""));
        List<String> before = Files.readAllLines(dir.resolve("metrics.csv"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Trainer.resume(dir, 4, QUIET, UNCANCELLED));
        assertEquals(dir + " was trained with " + other.id() + " kernels and this process runs " + now.id()
                + " ones, so it would not continue bit for bit; continue it with " + other.environment()
                + " in the environment", e.getMessage());
        assertEquals(before, Files.readAllLines(dir.resolve("metrics.csv")), "nothing computed is lost");
        // a run written before the kernels (and its bits) were recorded continues with any
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode old = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(runJson);
        old.remove("kernels");
        old.remove("bits");
        Files.writeString(dir.resolve("run.json"), json.writerWithDefaultPrettyPrinter().writeValueAsString(old));
        assertEquals(Trainer.Status.COMPLETED, Trainer.resume(dir, 4, QUIET, UNCANCELLED).status());
    }

    @Test
    void aSeedEditedInRunJsonDoesNotContinueTheOtherSeedsCheckpoint() throws IOException {
        Path dir = tmp.resolve("edited-seed");
        Trainer.run(config("gd", dir, 2), null, QUIET, UNCANCELLED);
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode run = (com.fasterxml.jackson.databind.node.ObjectNode)
                json.readTree(dir.resolve("run.json").toFile());
        long seed = run.path("config").path("seed").asLong();
        ((com.fasterxml.jackson.databind.node.ObjectNode) run.get("config")).put("seed", seed + 1);
        Files.writeString(dir.resolve("run.json"), json.writerWithDefaultPrettyPrinter().writeValueAsString(run));
        List<String> before = Files.readAllLines(dir.resolve("metrics.csv"));
        RunFileException e = org.junit.jupiter.api.Assertions.assertThrows(RunFileException.class,
                () -> Trainer.resume(dir, 4, QUIET, UNCANCELLED));
        assertEquals(dir.resolve("run.json") + ": seed is " + (seed + 1) + ", but the checkpoint (" + dir.resolve("checkpoint.json")
                + ") was made by the run with seed " + seed + ": run.json was edited; put " + seed + " back to continue that"
                + " run, or train the other one in a new directory", e.getMessage());
        assertEquals(before, Files.readAllLines(dir.resolve("metrics.csv")), "nothing computed is lost");
        ((com.fasterxml.jackson.databind.node.ObjectNode) run.get("config")).put("seed", seed);
        Files.writeString(dir.resolve("run.json"), json.writerWithDefaultPrettyPrinter().writeValueAsString(run));
        assertEquals(Trainer.Status.COMPLETED, Trainer.resume(dir, 4, QUIET, UNCANCELLED).status(), "the run itself continues");
    }

    @Test
    void aRunStartedOnAnotherMachineTypeIsNotContinuedHere() throws IOException {
        Path dir = tmp.resolve("bits");
        Trainer.run(config("gd", dir, 2), null, QUIET, UNCANCELLED);
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode run = (com.fasterxml.jackson.databind.node.ObjectNode)
                json.readTree(dir.resolve("run.json").toFile());
        String here = run.path("bits").path("cpu").asText();
        ((com.fasterxml.jackson.databind.node.ObjectNode) run.get("bits")).put("cpu", "Intel Xeon (family 6, model 143)");
        Files.writeString(dir.resolve("run.json"), json.writerWithDefaultPrettyPrinter().writeValueAsString(run));
        List<String> before = Files.readAllLines(dir.resolve("metrics.csv"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Trainer.resume(dir, 4, QUIET, UNCANCELLED));
        assertTrue(e.getMessage().contains("cpu: Intel Xeon (family 6, model 143) vs " + here), e.getMessage());
        assertTrue(e.getMessage().contains("would not continue bit for bit"), e.getMessage());
        assertEquals(before, Files.readAllLines(dir.resolve("metrics.csv")), "nothing computed is lost");
    }

    @Test
    void nonFiniteLossStopsAndKeepsTheLastGoodCheckpoint() throws IOException {
        Path out = tmp.resolve("nan");
        Trainer.Outcome o = Trainer.run(config("gd", out, 40).withLearningRate(1e12), null, QUIET, UNCANCELLED);
        assertEquals(Trainer.Status.STOPPED_NON_FINITE, o.status());
        assertTrue(o.message().contains("not finite") && o.message().contains("last good checkpoint"), o.message());
        assertTrue(Files.readString(out.resolve("run.json")).contains("stopped: non-finite loss"));
    }

    @Test
    void aRunWhoseLastStepMakesTheLossNonFiniteEndsStoppedNotCompleted() throws IOException {
        // one step: its own loss (at the initial weights) is finite; the weights it makes are not
        Path out = tmp.resolve("nan-at-the-end");
        Trainer.Outcome o = Trainer.run(config("gd", out, 1).withEval(1, 0).withLearningRate(1e12), null, QUIET, UNCANCELLED);
        assertEquals(Trainer.Status.STOPPED_NON_FINITE, o.status(), o.message());
        assertTrue(o.message().startsWith("iteration 1: the evaluated loss is not finite (train loss = "), o.message());
        assertTrue(o.message().contains("run stopped (diverged)"), o.message());
        String runJson = Files.readString(out.resolve("run.json"));
        assertTrue(runJson.contains("stopped: non-finite loss") && !runJson.contains("\"completed\""), runJson);
    }

    @Test
    void aCompletedRunWhoseMetricsStopShortIsRefusedNamingTheFileAndBothIterations() throws IOException {
        Path dir = tmp.resolve("cut");
        Trainer.run(config("gd", dir, 4), null, QUIET, UNCANCELLED);
        Path metrics = dir.resolve("metrics.csv");
        List<String> lines = Files.readAllLines(metrics);
        Files.write(metrics, lines.subList(0, lines.size() - 1));
        for (org.junit.jupiter.api.function.Executable read : List.<org.junit.jupiter.api.function.Executable>of(
                () -> Trainer.completedOrPrefix(config("gd", dir, 4), m -> { }),
                () -> Trainer.runOrContinue(config("gd", dir, 4), null, QUIET, UNCANCELLED))) {
            RunFileException e = org.junit.jupiter.api.Assertions.assertThrows(RunFileException.class, read);
            assertEquals(metrics + ": run.json says \"completed\" but the rows stop at iteration 2, not at the run's last"
                    + " iteration 4 (cut short?); restore the file, or remove the run directory to train the run again",
                    e.getMessage());
        }
    }

    @Test
    void anAccuracyThatIsNotAFractionIsRefusedNamingFileLineAndColumn() throws IOException {
        Path dir = tmp.resolve("nan-accuracy");
        Trainer.run(config("gd", dir, 2), null, QUIET, UNCANCELLED);
        Path metrics = dir.resolve("metrics.csv");
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(metrics));
        String[] f = lines.get(2).split(",");
        f[4] = "NaN";
        lines.set(2, String.join(",", f));
        Files.write(metrics, lines);
        RunFileException e = org.junit.jupiter.api.Assertions.assertThrows(RunFileException.class,
                () -> Trainer.completedOrPrefix(config("gd", dir, 2), m -> { }));
        assertTrue(e.getMessage().startsWith(metrics + ": line 3 '"), e.getMessage());
        assertTrue(e.getMessage().endsWith("': column test_accuracy 'NaN' must be a number in [0, 1]"), e.getMessage());
    }

    /** The real data, when installed (CI installs dataset-fashion-mnist): a few GD steps lower the loss. */
    @Test
    void realFashionMnistSmokeRun() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(FashionMnist.DEFAULT_DIR), "Fashion-MNIST not installed");
        Path out = tmp.resolve("real");
        RunConfig c = config("gd", out, 20).withData(FashionMnist.DEFAULT_DIR).withEval(20, 2000).withThreads(2, 1);
        Trainer.Outcome o = Trainer.run(c, null, QUIET, UNCANCELLED);
        assertEquals(Trainer.Status.COMPLETED, o.status());
        assertTrue(o.last().trainLoss() < o.rows().get(0).trainLoss(),
                "training loss decreases: " + o.rows().get(0).trainLoss() + " -> " + o.last().trainLoss());
    }
}
