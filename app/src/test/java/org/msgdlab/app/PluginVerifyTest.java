package org.msgdlab.app;

import org.msgdlab.theory.testing.PluginFixtures;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.CovarianceDeclaration;
import org.msgdlab.theory.noise.HypothesizedNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.msgdlab.theory.plugin.NoisePlugin;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code msgd verify --plugin JAR}: a user's noises get the claims they can be checked by, through the whole command. */
class PluginVerifyTest {

    /** SGD without replacement that declares the with-replacement covariance: a lie by (n-b)/(n-1). */
    public static final class Liar implements NoisePlugin {
        @Override
        public String name() {
            return "liar";
        }

        @Override
        public String description() {
            return "SGD without replacement claiming the with-replacement covariance";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return new HypothesizedNoise(new SgdWithoutReplacement(n, b), new CovarianceDeclaration.SgdBatch(b, true));
        }
    }

    /** SGD without replacement, declared as such, that throws for every n but 20 (Theorem 1's and the SDE's n among them). */
    public static final class Fragile implements NoisePlugin {
        @Override
        public String name() {
            return "fragile";
        }

        @Override
        public String description() {
            return "works at n=20 only";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            if (n != 20) {
                throw new IllegalArgumentException("n=" + n + " must be 20");
            }
            return new HypothesizedNoise(new SgdWithoutReplacement(n, b), new CovarianceDeclaration.SgdBatch(b, false));
        }
    }

    /** A noise of one dimension more than asked for. */
    public static final class TooLong implements NoisePlugin {
        @Override
        public String name() {
            return "too-long";
        }

        @Override
        public String description() {
            return "returns the wrong dimension";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return new SgdWithoutReplacement(n + 1, b);
        }
    }

    private static Path pluginJar(Path dir) throws IOException {
        return pluginJar(dir, "liar.jar", Liar.class);
    }

    private static Path pluginJar(Path dir, String name, Class<?>... plugins) throws IOException {
        return PluginFixtures.serviceJar(dir.resolve(name), plugins);
    }

    private static Modules theoryOnly() {
        return new Modules(List.of(Modules.Module.of("theory", context -> new Study("fake", "fake", "none", List.of()))));
    }

    private record Run(int code, String err) {
    }

    private static Run exec(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = Msgd.commandLine(theoryOnly());
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        return new Run(cl.execute(args), err.toString());
    }

    @Test
    void aPluginThatLiesAboutItsCovarianceGetsFailThroughTheCommand(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("out");
        Run r = exec("verify", "--only", "plugins", "--plugin", pluginJar(tmp).toString(), "--n", "20", "--b", "5",
                "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        Results results = ResultsFile.read(out.resolve(ResultsFile.NAME));
        Map<String, Verdict> verdicts = new LinkedHashMap<>();
        for (Evidence e : results.studies().get(0).claims()) {
            verdicts.put(e.claimId(), e.verdict());
        }
        // the lie (with-replacement covariance declared, without-replacement draws) fails the covariance claims; Theorem 1's
        // risk and the SDE weak order are computed from the declaration, which as-declared found false: not decided
        assertEquals(Map.of("plugin.liar.mean", Verdict.PASS, "plugin.liar.covariance.as-declared", Verdict.FAIL,
                "plugin.liar.covariance.same-as-sgd", Verdict.FAIL, "plugin.liar.thm1.same-risk-as-sgd", Verdict.INCONCLUSIVE,
                "plugin.liar.sde.weak-order", Verdict.INCONCLUSIVE), verdicts);
        assertEquals(List.of("plugin.liar.mean", "plugin.liar.covariance.as-declared", "plugin.liar.covariance.same-as-sgd",
                "plugin.liar.thm1.same-risk-as-sgd", "plugin.liar.sde.weak-order"), List.copyOf(verdicts.keySet()),
                "claims in plug-in order: theory's, then the regression and sde modules'");
    }

    @Test
    void aPluginThatThrowsOrReturnsTheWrongDimensionErrsItsOwnClaimsOnlyAndTheRunWritesItsResults(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("out");
        Path jar = pluginJar(tmp, "bad.jar", Fragile.class, TooLong.class, Liar.class);
        Run r = exec("verify", "--only", "plugins", "--plugin", jar.toString(), "--n", "20", "--b", "5", "--out", out.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertTrue(!r.err().contains("\tat ") && !r.err().contains("Exception in thread"), "no stack trace: " + r.err());
        Map<String, Evidence> byId = new LinkedHashMap<>();
        for (Evidence e : ResultsFile.read(out.resolve(ResultsFile.NAME)).studies().get(0).claims()) {
            byId.put(e.claimId(), e);
        }
        assertEquals(Verdict.PASS, byId.get("plugin.fragile.covariance.as-declared").verdict());
        assertEquals(Verdict.ERROR, byId.get("plugin.fragile.thm1.same-risk-as-sgd").verdict());
        assertTrue(byId.get("plugin.fragile.thm1.same-risk-as-sgd").verdictReason()
                .matches("plug-in 'fragile' \\(jar " + java.util.regex.Pattern.quote(jar.toString())
                        + "\\): create\\(n=\\d+, b=\\d+\\) threw IllegalArgumentException: n=\\d+ must be 20"),
                byId.get("plugin.fragile.thm1.same-risk-as-sgd").verdictReason());
        assertEquals(Verdict.ERROR, byId.get("plugin.fragile.sde.weak-order").verdict());
        for (String claim : List.of("mean", "covariance.as-declared", "covariance.same-as-sgd")) {
            Evidence e = byId.get("plugin.too-long." + claim);
            assertEquals(Verdict.ERROR, e.verdict(), claim);
            assertEquals("plug-in 'too-long' (jar " + jar + "): create(n=20, b=5) returned a noise of dimension 21; it must be n=20",
                    e.verdictReason());
        }
        assertEquals(Verdict.FAIL, byId.get("plugin.liar.covariance.as-declared").verdict(), "the other plug-ins run on");
        assertEquals(15, byId.size());
    }

    @Test
    void onlyPluginsWithoutAJarIsBadUsageInOneLine(@TempDir Path tmp) {
        Run r = exec("verify", "--only", "plugins", "--out", tmp.toString());
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("--only plugins: no --plugin JAR given"), r.err());
    }

    @Test
    void aMissingPluginJarIsBadUsageNamingIt(@TempDir Path tmp) {
        Path missing = tmp.resolve("missing.jar");
        Run r = exec("verify", "--only", "plugins", "--plugin", missing.toString(), "--out", tmp.resolve("out").toString());
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("--plugin " + missing + ": no such readable file"), r.err());
    }


    /** Lets the draws of {@link Hanging} return once the tests are done. */
    static final java.util.concurrent.CountDownLatch RELEASE = new java.util.concurrent.CountDownLatch(1);

    @org.junit.jupiter.api.AfterAll
    static void release() {
        RELEASE.countDown();
    }

    /** A noise whose draws never return (until the tests end), whatever interrupts they get. */
    public static final class Hanging implements NoisePlugin {
        @Override
        public String name() {
            return "hanging";
        }

        @Override
        public String description() {
            return "draws that never return";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            SgdWithoutReplacement sgd = new SgdWithoutReplacement(n, b);
            return new SamplingNoise() {
                @Override
                public int dimension() {
                    return n;
                }

                @Override
                public String paperName() {
                    return "hanging SGD";
                }

                @Override
                public String formula() {
                    return "V_sgd, never drawn";
                }

                @Override
                public org.msgdlab.theory.noise.ExchangeableCovariance covariance() {
                    return sgd.covariance();
                }

                @Override
                public org.msgdlab.theory.noise.NoiseSampler sampler(org.apache.commons.rng.UniformRandomProvider rng) {
                    return v -> {
                        while (true) {
                            try {
                                RELEASE.await();
                                return;
                            } catch (InterruptedException ignored) {
                                // a plug-in that does not heed interrupts
                            }
                        }
                    };
                }
            };
        }
    }

    private static Map<String, Evidence> evidence(Path out) throws IOException {
        Map<String, Evidence> byId = new LinkedHashMap<>();
        for (Evidence e : ResultsFile.read(out.resolve(ResultsFile.NAME)).studies().get(0).claims()) {
            byId.put(e.claimId(), e);
        }
        return byId;
    }

    @Test
    void aPluginWhoseNameThrowsErrsItsClaimsInOneLineWithoutATrace(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("out");
        Path jar = pluginJar(tmp, "nameless.jar", PluginFixtures.NameThrows.class, Liar.class);
        Run r = exec("verify", "--only", "plugins", "--plugin", jar.toString(), "--n", "20", "--b", "5", "--out", out.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertTrue(!r.err().contains("\tat ") && !r.err().contains("Exception in thread"), "no stack trace: " + r.err());
        String line = "plug-in " + PluginFixtures.NameThrows.class.getName() + " (jar " + jar + "): name() threw IllegalStateException: no name today";
        Map<String, Evidence> byId = evidence(out);
        String prefix = "plugin.org.msgdlab.theory.testing.pluginfixtures-namethrows.";
        for (String claim : List.of("mean", "covariance.as-declared", "covariance.same-as-sgd", "thm1.same-risk-as-sgd", "sde.weak-order")) {
            assertEquals(Verdict.ERROR, byId.get(prefix + claim).verdict(), claim);
            assertEquals(line, byId.get(prefix + claim).verdictReason(), claim);
        }
        assertEquals(Verdict.FAIL, byId.get("plugin.liar.covariance.as-declared").verdict(), "the other plug-ins run on");
    }

    @Test
    void aDrawThatNeverReturnsIsAnErrorAfterTheTimeLimitAndThePluginIsCalledNoMore(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("out");
        Path jar = pluginJar(tmp, "hanging.jar", Hanging.class, Liar.class);
        long t0 = System.nanoTime();
        Run r = exec("verify", "--only", "plugins", "--plugin", jar.toString(), "--plugin-timeout", "0.5", "--n", "20", "--b", "5",
                "--out", out.toString());
        double took = (System.nanoTime() - t0) / 1e9;
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        Map<String, Evidence> byId = evidence(out);
        Evidence mean = byId.get("plugin.hanging.mean");
        assertEquals(Verdict.ERROR, mean.verdict());
        assertEquals("plug-in 'hanging' (jar " + jar + "): create(n=20, b=5).sampler(rng).sample(v) did not return within 0.5 s (the"
                + " time limit of a call into a plug-in, --plugin-timeout); it is called no more", mean.verdictReason());
        Evidence declared = byId.get("plugin.hanging.covariance.as-declared");
        assertEquals(Verdict.ERROR, declared.verdict());
        assertTrue(declared.verdictReason().contains(" not called: its call create(n=20, b=5).sampler(rng).sample(v) did not return"
                + " within 0.5 s"), declared.verdictReason());
        assertEquals(Verdict.FAIL, byId.get("plugin.liar.covariance.as-declared").verdict(), "the other plug-ins run on");
        assertTrue(took < 60, "one time-out, not one a claim: " + took + " s");
    }

    @Test
    void aPluginTimeoutIsCheckedByItsRuleAndNeedsAPlugin(@TempDir Path tmp) throws IOException {
        Run without = exec("verify", "--only", "theory", "--plugin-timeout", "5", "--out", tmp.resolve("a").toString());
        assertEquals(ExitCode.USAGE.code(), without.code());
        assertEquals("msgd verify: --plugin-timeout applies only with --plugin JAR (see 'msgd verify --help')", without.err().strip());
        Run negative = exec("verify", "--only", "plugins", "--plugin", pluginJar(tmp).toString(), "--plugin-timeout", "-1",
                "--out", tmp.resolve("b").toString());
        assertEquals(ExitCode.USAGE.code(), negative.code());
        assertEquals("msgd verify: --plugin-timeout=-1 must be a number of seconds >= 0 (0: no limit), at most 1e9",
                negative.err().strip());
    }
}
