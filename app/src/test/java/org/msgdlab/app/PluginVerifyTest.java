package org.msgdlab.app;

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
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

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
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("META-INF/services/" + NoisePlugin.class.getName()));
            for (Class<?> p : plugins) {
                j.write((p.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            }
            j.closeEntry();
        }
        return jar;
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
        Run r = exec("verify", "--only", "plugins", "--plugin", pluginJar(tmp, "bad.jar", Fragile.class, TooLong.class, Liar.class).toString(),
                "--n", "20", "--b", "5", "--out", out.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertTrue(!r.err().contains("\tat ") && !r.err().contains("Exception in thread"), "no stack trace: " + r.err());
        Map<String, Evidence> byId = new LinkedHashMap<>();
        for (Evidence e : ResultsFile.read(out.resolve(ResultsFile.NAME)).studies().get(0).claims()) {
            byId.put(e.claimId(), e);
        }
        assertEquals(Verdict.PASS, byId.get("plugin.fragile.covariance.as-declared").verdict());
        assertEquals(Verdict.ERROR, byId.get("plugin.fragile.thm1.same-risk-as-sgd").verdict());
        assertTrue(byId.get("plugin.fragile.thm1.same-risk-as-sgd").verdictReason()
                .matches("plug-in fragile: create\\(n=\\d+, b=\\d+\\) threw IllegalArgumentException: n=\\d+ must be 20"),
                byId.get("plugin.fragile.thm1.same-risk-as-sgd").verdictReason());
        assertEquals(Verdict.ERROR, byId.get("plugin.fragile.sde.weak-order").verdict());
        for (String claim : List.of("mean", "covariance.as-declared", "covariance.same-as-sgd")) {
            Evidence e = byId.get("plugin.too-long." + claim);
            assertEquals(Verdict.ERROR, e.verdict(), claim);
            assertEquals("plug-in too-long: create(n=20, b=5) returned a noise of dimension 21; it must be n=20", e.verdictReason());
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
}
