package org.msgdlab.app;

import org.msgdlab.theory.testing.PluginFixtures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.plugin.NoisePlugin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code msgd train --method plugin:NAME} with a plug-in whose code fails (issue 47): exit 1 with one line naming the
 * plug-in, its jar and the call; no stack trace; run.json "failed", never "running"; the name of a plug-in that cannot
 * be read is that plug-in's line.
 */
class PluginTrainCommandTest {

    @TempDir
    static Path tmp;
    static Path data;

    @BeforeAll
    static void writeData() throws IOException {
        data = GeneratedFashionMnist.write(tmp.resolve("fm"));
    }

    /** SGD's noise whose sampler throws on its first draw. */
    public static final class Throwing implements NoisePlugin {
        @Override
        public String name() {
            return "throwing";
        }

        @Override
        public String description() {
            return "a sampler that throws";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            SgdWithReplacement sgd = new SgdWithReplacement(n, b);
            return new SamplingNoise() {
                public int dimension() {
                    return n;
                }

                public String paperName() {
                    return "throwing SGD";
                }

                public String formula() {
                    return "V_sgd, never drawn";
                }

                public ExchangeableCovariance covariance() {
                    return sgd.covariance();
                }

                public NoiseSampler sampler(UniformRandomProvider rng) {
                    return v -> {
                        throw new IllegalStateException("boom");
                    };
                }
            };
        }
    }


    private static Path jar(String name, Class<?> plugin) throws IOException {
        return PluginFixtures.serviceJar(tmp.resolve(name), plugin);
    }

    private static TrainCommandTest.Run train(Path jar, String method, Path out) {
        return TrainCommandTest.train("--preset", "fashion-mnist-small", "--method", method, "--plugin", jar.toString(),
                "--data", data.toString(), "--iterations", "4", "--eval-every", "2", "--threads", "1,1", "--no-progress",
                "--out", out.toString());
    }

    /** The last line of stderr, which must be the only one naming the failure; no stack trace anywhere. */
    private static String errorLine(TrainCommandTest.Run r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception in thread"), r.err());
        List<String> lines = r.err().lines().filter(l -> l.startsWith("msgd train: plug-in")).toList();
        assertEquals(1, lines.size(), r.err());
        return lines.get(0);
    }

    @Test
    void aSamplerThatThrowsFailsTheRunInOneLineAndMarksItFailed() throws IOException {
        Path jar = jar("throwing.jar", Throwing.class);
        Path out = tmp.resolve("throwing");
        TrainCommandTest.Run r = train(jar, "plugin:throwing", out);
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertEquals("msgd train: plug-in 'throwing' (jar " + jar + "): create(n=1000, b=50).sampler(rng).sample(v) threw"
                + " IllegalStateException: boom; the run stopped before its first step and is marked failed in " + out.resolve("run.json")
                + " (no checkpoint yet; once the plug-in is fixed, continue with: msgd train --resume " + out + ")", errorLine(r));
        JsonNode run = new ObjectMapper().readTree(out.resolve("run.json").toFile());
        assertEquals("failed", run.get("status").asText());
        assertTrue(Files.readString(out.resolve("metrics.csv")).lines().count() == 2, "the evaluation of iteration 0 is kept");
    }

    @Test
    void aPluginWhoseNameThrowsIsThatLineAndNothingStarts() throws IOException {
        Path jar = jar("nameless.jar", PluginFixtures.NameThrows.class);
        Path out = tmp.resolve("nameless");
        TrainCommandTest.Run r = train(jar, "plugin:anything", out);
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertEquals("msgd train: plug-in " + PluginFixtures.NameThrows.class.getName() + " (jar " + jar + "): name() threw IllegalStateException:"
                + " no name today (so plug-in 'anything' could not be looked for; the others: [])", r.err().strip());
        assertFalse(Files.exists(out), "nothing started");
    }
}
