package org.msgdlab.deep.train;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.IdxFiles;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.NoisePlugins;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code msgd train --method plugin:NAME --plugin JAR}: Algorithm 1 with a user's noise, recorded and resumed like any method. */
class PluginMethodTest {

    /** Training that is never cancelled and records no environment. */
    private static final TrainingContext UNCANCELLED = TrainingContext.uncancelled(Map.of());

    @TempDir
    static Path tmp;
    static Path data;
    static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    /** MSGD-Fisher's noise at twice its variance, as a plug-in. */
    public static final class DoubleFisher implements NoisePlugin {
        @Override
        public String name() {
            return "double-fisher";
        }

        @Override
        public String description() {
            return "MSGD-Fisher at batch b/2";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return new FisherNoise(n, Math.max(1, b / 2));
        }
    }

    @BeforeAll
    static void writeData() throws IOException {
        data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
    }

    /** The plug-in as a user gives it: a class folder holding the service file (here, the test classes). */
    private static List<NoisePlugin> plugins() throws IOException {
        Path folder = tmp.resolve("plugin-classes");
        Path services = folder.resolve("META-INF/services/" + NoisePlugin.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, DoubleFisher.class.getName() + "\n");
        return NoisePlugins.load(List.of(folder));
    }

    private static RunConfig config(Path out, int iterations) throws IOException {
        Preset p = Preset.FASHION_MNIST_SMALL;
        Method m = Method.parse("plugin:double-fisher", p.sgdBatch(), Double.NaN, plugins());
        return RunConfig.builder(p, m, out).build().withData(data).withIterations(iterations).withEval(2, 0).withCheckpointEvery(2)
                .withProgress(false).withThreads(1, 1);
    }

    @Test
    void aPluginNamesItsMethodAndDrawsItsNoise() throws IOException {
        Method m = config(tmp.resolve("unused"), 1).method();
        assertEquals("plugin-double-fisher", m.id());
        assertEquals("MSGD with plug-in double-fisher", m.paperName());
        // the plug-in's noise, called through its guard (CheckedPlugin)
        assertEquals(new FisherNoise(1000, 25).covariance(), m.noise(1000).covariance());
        assertEquals(new FisherNoise(1000, 25).formula(), m.noise(1000).formula());
    }

    @Test
    void aPluginRunIsRecordedWithItsJarAndResumesBitForBit() throws IOException {
        Path full = tmp.resolve("full");
        Trainer.Outcome a = Trainer.run(config(full, 4), null, QUIET, UNCANCELLED);
        assertEquals(Trainer.Status.COMPLETED, a.status());
        String runJson = Files.readString(full.resolve("run.json"));
        assertTrue(runJson.contains("\"pluginJar\"") && runJson.contains("plugin-double-fisher"), runJson);

        Path part = tmp.resolve("part");
        Trainer.run(config(part, 2), null, QUIET, UNCANCELLED);
        Trainer.Outcome b = Trainer.resume(part, 4, QUIET, UNCANCELLED);
        assertEquals(a.rows().size(), b.rows().size());
        for (int i = 0; i < a.rows().size(); i++) {
            assertTrue(a.rows().get(i).sameMetrics(b.rows().get(i)), "row " + i + ": " + a.rows().get(i) + " vs " + b.rows().get(i));
        }
    }

    @Test
    void aPluginMethodWithoutItsJarSaysWhichOptionIsMissing() {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                () -> Method.parse("plugin:double-fisher", 50, Double.NaN));
        assertEquals("method 'plugin:double-fisher' names a plug-in noise: give the jar that holds it with --plugin JAR", x.getMessage());
    }
}
