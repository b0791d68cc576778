package org.msgdlab.app;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The msgd jar copied out of the checkout and run from another folder still records its commit (the
 * full-budget results of 2026-11-22, made that way, said "git commit: unknown").
 */
class CopiedJarIT {

    private static final String RECORD = "org/msgdlab/core/claims/build-record.properties";

    @Test
    void aCopiedJarRunElsewhereRecordsTheCommitItWasBuiltFrom(@TempDir Path tmp) throws Exception {
        Path jar = LauncherIT.repositoryRoot().resolve("app/target/msgd.jar");
        assertTrue(Files.isRegularFile(jar), "the msgd jar is not built (" + jar + "): integration tests run after mvn package");
        Properties record = new Properties();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            var entry = zip.getEntry(RECORD);
            Assumptions.assumeTrue(entry != null, jar + " was built before it carried a build record: rebuild it");
            try (InputStream in = zip.getInputStream(entry)) {
                record.load(in);
            }
        }
        String built = record.getProperty("commit", "");
        Assumptions.assumeTrue(!built.isEmpty(), "the jar was not built in a git checkout: " + record.getProperty("why"));
        String expected = built + ("true".equals(record.getProperty("dirty")) ? "-dirty" : "");

        Path copy = Files.copy(jar, Files.createDirectories(tmp.resolve("elsewhere")).resolve("msgd.jar"));
        Path out = tmp.resolve("out");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                copy.toString(), "verify", "--only", "theory", "--claim", "prop1.without-replacement.mean", "--out",
                out.toString()).directory(tmp.toFile()).redirectErrorStream(true);
        Process p = pb.start();
        String log;
        try (InputStream in = p.getInputStream()) {
            log = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), log);
        assertEquals(0, p.exitValue(), log);
        Results results = ResultsFile.read(out.resolve(ResultsFile.NAME));
        assertEquals(expected, results.provenance().gitCommit());
        assertTrue(expected.matches("[0-9a-f]{40}(-dirty)?"), expected);
        assertTrue(Files.readString(out.resolve("summary.md")).contains("- git commit: " + expected + "\n"));
    }
}
