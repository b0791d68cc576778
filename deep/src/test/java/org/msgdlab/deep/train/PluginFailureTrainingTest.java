package org.msgdlab.deep.train;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.IdxFiles;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.NoisePlugins;
import org.msgdlab.theory.plugin.PluginFailure;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A plug-in whose code throws, returns null or hangs during training: one line naming the plug-in and the call, the
 * run marked failed in run.json (interrupted when it was stopped meanwhile), the steps done saved, never "running".
 */
class PluginFailureTrainingTest {

    @TempDir
    static Path tmp;
    static Path data;
    static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    /** Lets the hung draws return once the tests are done (they ignore interrupts, as a plug-in may). */
    static final CountDownLatch RELEASE = new CountDownLatch(1);
    /** Counted down when a draw hangs. */
    static volatile CountDownLatch hung = new CountDownLatch(1);

    /** SGD-b's noise whose third step's draw fails: throws or hangs. */
    private abstract static class FailsOnThirdStep implements NoisePlugin {
        abstract void fail();

        /** The step whose draw fails: the third, unless a subclass says otherwise. */
        int failingStep() {
            return 3;
        }

        @Override
        public String description() {
            return "fails on its third step";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            SgdWithReplacement sgd = new SgdWithReplacement(n, b);
            int[] samplers = {0};
            return new SamplingNoise() {
                public int dimension() {
                    return n;
                }

                public String paperName() {
                    return "failing SGD";
                }

                public String formula() {
                    return "V_sgd, then a failure";
                }

                public ExchangeableCovariance covariance() {
                    return sgd.covariance();
                }

                public NoiseSampler sampler(UniformRandomProvider rng) {
                    NoiseSampler s = sgd.sampler(rng);
                    boolean third = ++samplers[0] == failingStep();
                    return v -> {
                        if (third) {
                            fail();
                        }
                        s.sample(v);
                    };
                }
            };
        }
    }

    /** Its third step's draw throws. */
    public static final class Throws extends FailsOnThirdStep {
        @Override
        public String name() {
            return "throws";
        }

        @Override
        void fail() {
            throw new IllegalStateException("boom");
        }
    }

    /** Its third step's draw never returns (until the tests end). */
    public static class Hangs extends FailsOnThirdStep {
        @Override
        public String name() {
            return "hangs";
        }

        @Override
        void fail() {
            hung.countDown();
            while (true) {
                try {
                    RELEASE.await();
                    return;
                } catch (InterruptedException ignored) {
                    // a plug-in that does not heed interrupts
                }
            }
        }
    }

    /** Its first step's draw never returns (until the tests end): stopped there, nothing but iteration 0 was saved. */
    public static final class HangsFirst extends Hangs {
        @Override
        public String name() {
            return "hangs-first";
        }

        @Override
        int failingStep() {
            return 1;
        }
    }

    /** create returns null. */
    public static final class Nothing implements NoisePlugin {
        @Override
        public String name() {
            return "nothing";
        }

        @Override
        public String description() {
            return "creates no noise";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return null;
        }
    }

    @BeforeAll
    static void writeData() throws IOException {
        data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
    }

    @AfterAll
    static void release() {
        RELEASE.countDown();
    }

    private static RunConfig config(String plugin, Path out) throws IOException {
        Path folder = tmp.resolve("plugin-classes");
        Path services = folder.resolve("META-INF/services/" + NoisePlugin.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, Throws.class.getName() + "\n" + Hangs.class.getName() + "\n" + Nothing.class.getName() + "\n"
                + HangsFirst.class.getName() + "\n");
        List<NoisePlugin> plugins = NoisePlugins.load(List.of(folder));
        Preset p = Preset.FASHION_MNIST_SMALL;
        Method m = Method.parse("plugin:" + plugin, p.sgdBatch(), Double.NaN, plugins);
        return RunConfig.builder(p, m, out).build().withData(data).withIterations(6).withEval(2, 0).withCheckpointEvery(4)
                .withProgress(false).withThreads(1, 1);
    }

    private static JsonNode runJson(Path dir) throws IOException {
        return RunJson.read(dir.resolve("run.json"));
    }

    @Test
    void aThrowingDrawMarksTheRunFailedInOneLineKeepingItsSteps() throws IOException {
        Path dir = tmp.resolve("throws");
        PluginFailure f = assertThrows(PluginFailure.class, () -> Trainer.run(config("throws", dir), null, QUIET,
                TrainingContext.uncancelled(Map.of())));
        String jar = tmp.resolve("plugin-classes").toString();
        assertEquals("plug-in 'throws' (jar " + jar + "): create(n=1000, b=50).sampler(rng).sample(v) threw IllegalStateException:"
                + " boom; the run stopped after iteration 2 and is marked failed in " + dir.resolve("run.json") + " (checkpoint at"
                + " iteration 2; once the plug-in is fixed, continue with: msgd train --resume " + dir + ")", f.getMessage());
        assertEquals(1, f.getMessage().lines().count());
        JsonNode j = runJson(dir);
        assertEquals("failed", j.get("status").asText());
        assertEquals(2, j.get("iterationsDone").asLong());
        assertEquals(f.getMessage(), j.get("message").asText());
        assertEquals(List.of(0L, 2L), Trainer.readMetrics(dir.resolve("metrics.csv")).stream().map(Trainer.Row::iteration).toList());
        assertTrue(Files.isRegularFile(dir.resolve("checkpoints/ckpt-2/model.index")), "the steps done are saved");
    }

    @Test
    void aNullNoiseStopsTheRunBeforeItWritesAnything() throws IOException {
        Path dir = tmp.resolve("nothing");
        PluginFailure f = assertThrows(PluginFailure.class, () -> Trainer.run(config("nothing", dir), null, QUIET,
                TrainingContext.uncancelled(Map.of())));
        assertTrue(f.getMessage().startsWith("plug-in 'nothing' (jar ") && f.getMessage().endsWith("): create(n=1000, b=50)"
                + " returned null; it must return a SamplingNoise of dimension n=1000; nothing was trained or written"), f.getMessage());
        assertTrue(!Files.exists(dir.resolve("run.json")), "no run.json, so nothing says running");
    }

    @Test
    void aDrawPastTheTimeLimitMarksTheRunFailedPromptly() throws IOException {
        Path dir = tmp.resolve("hangs");
        hung = new CountDownLatch(1);
        long t0 = System.nanoTime();
        PluginFailure f = assertThrows(PluginFailure.class, () -> Trainer.run(config("hangs", dir), null, QUIET,
                TrainingContext.uncancelled(Map.of()).withPluginCallLimit(Duration.ofMillis(500))));
        assertEquals(PluginFailure.Kind.TIMED_OUT, f.kind());
        assertTrue(f.getMessage().contains("): create(n=1000, b=50).sampler(rng).sample(v) did not return within 0.5 s (the time"
                + " limit of a call into a plug-in, --plugin-timeout); it is called no more; the run stopped after iteration 2 and"
                + " is marked failed"), f.getMessage());
        assertEquals("failed", runJson(dir).get("status").asText());
        assertTrue((System.nanoTime() - t0) / 1e9 < 60, "well before the default limit");
    }

    @Test
    void aStopDuringAHungDrawInterruptsTheRunWithinSeconds() throws Exception {
        Path dir = tmp.resolve("stopped");
        hung = new CountDownLatch(1);
        AtomicBoolean stop = new AtomicBoolean();
        Thread term = new Thread(() -> {
            try {
                if (hung.await(120, TimeUnit.SECONDS)) {
                    stop.set(true);   // TERM while the draw hangs (the default limit, 60 s, is far)
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        term.start();
        long[] stoppedAt = new long[1];
        Trainer.Outcome o = Trainer.run(config("hangs", dir), null, QUIET, new TrainingContext(() -> {
            if (stop.get() && stoppedAt[0] == 0) {
                stoppedAt[0] = System.nanoTime();
            }
            return stop.get();
        }, Map.of()));
        double took = (System.nanoTime() - stoppedAt[0]) / 1e9;
        term.join();
        assertEquals(Trainer.Status.INTERRUPTED, o.status());
        assertEquals(2, o.iterationsDone());
        assertTrue(took < 10, "returned " + took + " s after the stop was seen");
        assertTrue(o.message().startsWith("interrupted after iteration 2 (plug-in 'hangs' (jar "), o.message());
        assertEquals("interrupted", runJson(dir).get("status").asText());
    }

    /**
     * TERM during the first step's draw: no step done, no checkpoint. The message said "interrupted after iteration 0 ...;
     * continue with" as if a step were saved (issue 47): it says that nothing was saved yet but iteration 0's evaluation,
     * and that --resume starts the run again.
     */
    @Test
    void aStopDuringTheFirstDrawSaysNothingWasSavedYet() throws Exception {
        Path dir = tmp.resolve("stopped-first");
        hung = new CountDownLatch(1);
        CountDownLatch seen = hung;
        Trainer.Outcome o = Trainer.run(config("hangs-first", dir), null, QUIET, new TrainingContext(() -> seen.getCount() == 0, Map.of()));
        assertEquals(Trainer.Status.INTERRUPTED, o.status());
        assertEquals(0, o.iterationsDone());
        assertTrue(o.message().startsWith("interrupted before its first step was done (plug-in 'hangs-first' (jar "), o.message());
        assertTrue(o.message().endsWith("); nothing was saved yet but the evaluation at iteration 0; msgd train --resume " + dir
                + " starts the run again from iteration 0"), o.message());
        assertEquals("interrupted", runJson(dir).get("status").asText());
        assertFalse(Files.exists(dir.resolve(CheckpointState.NAME)), "no checkpoint");
    }
}
