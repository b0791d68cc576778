package org.msgdlab.core.claims;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where {@link Provenance#currentCommit()} finds the commit: the build record, else git at run time. */
class ProvenanceTest {

    private static final String SHA = "58dc06c14cf354b906540a13e267d819796bdd5a";

    /** The Maven build wrote the record into the classes, and it names a commit of this repository. */
    @Test
    void theBuildRecordIsAmongTheClassesAndNamesACommitOfThisCheckout() throws Exception {
        Properties record = new Properties();
        try (InputStream in = Provenance.class.getResourceAsStream(Provenance.BUILD_RECORD)) {
            assertNotNull(in, Provenance.BUILD_RECORD + " is written by core/pom.xml at generate-resources");
            record.load(in);
        }
        String commit = Provenance.currentCommit();
        assertEquals(Provenance.fromRecord(record), commit);
        Path here = Path.of("").toAbsolutePath();
        Assumptions.assumeTrue(git(here, "rev-parse", "--git-dir").code() == 0, "not built in a git checkout: " + commit);
        assertTrue(commit.matches("[0-9a-f]{40}(-dirty)?"), commit);
        assertEquals(0, git(here, "cat-file", "-e", commit.substring(0, 40) + "^{commit}").code(),
                commit + " is a commit of the repository holding " + here);
        assertEquals(commit, Provenance.currentCommit(), "found once");
    }

    @Test
    void aRecordGivesTheCommitMarkedDirtyOrSaysWhyThereIsNone() {
        assertEquals(SHA, Provenance.fromRecord(record("commit", SHA, "dirty", "false")));
        assertEquals(SHA + "-dirty", Provenance.fromRecord(record("commit", SHA, "dirty", "true")));
        assertEquals(SHA, Provenance.fromRecord(record("commit", SHA)), "no dirty entry (git status failed): no mark");
        String sha256 = "a".repeat(64);
        assertEquals(sha256, Provenance.fromRecord(record("commit", sha256, "dirty", "false")), "SHA-256 repositories");
        assertEquals("unknown (git was not found on the PATH of the build)",
                Provenance.fromRecord(record("why", "git was not found on the PATH of the build")));
        assertEquals("unknown (git rev-parse HEAD failed in /src/msgd-lab/core: fatal: not a git repository)",
                Provenance.fromRecord(record("why", "git rev-parse HEAD failed in /src/msgd-lab/core: fatal: not a git repository")));
        assertEquals("unknown (the build record names no commit)", Provenance.fromRecord(record("commit", "HEAD")));
    }

    /** Without a record (classes built by an IDE), git is asked at run time, with the same rules. */
    @Test
    void withoutARecordGitIsAskedAboutTheCheckoutHoldingTheClasses(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(gitRuns(), "git is not installed");
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        String unknown = Provenance.fromGit(outside);
        assertTrue(unknown.startsWith("unknown (no build record, and git found no commit at " + outside + ": "), unknown);
        assertEquals(Provenance.fromGit(null), "unknown (no build record, and the msgd-lab classes were not loaded from a file)");

        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Path classes = Files.createDirectories(repo.resolve("core/target/classes"));
        Files.writeString(repo.resolve("Tracked.java"), "class Tracked {}\n");
        for (List<String> c : List.of(List.of("init", "-q"), List.of("add", "Tracked.java"),
                List.of("-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false", "commit", "-q",
                        "-m", "first"))) {
            assertEquals(0, git(repo, c.toArray(String[]::new)).code(), "git " + c);
        }
        String head = git(repo, "rev-parse", "HEAD").out().strip();
        Files.writeString(repo.resolve("untracked-results.csv"), "a,b\n");
        assertEquals(head, Provenance.fromGit(classes), "untracked files do not make it dirty");
        Files.writeString(repo.resolve("Tracked.java"), "class Tracked { int changed; }\n");
        assertEquals(head + "-dirty", Provenance.fromGit(classes));
    }

    @Test
    void aShortCommitKeepsTwelveDigitsAndTheDirtyMark() {
        assertEquals("58dc06c14cf3", Provenance.shortCommit(SHA));
        assertEquals("58dc06c14cf3-dirty", Provenance.shortCommit(SHA + "-dirty"));
        assertEquals("unknown", Provenance.shortCommit("unknown (git was not found on the PATH of the build)"));
        assertEquals("unknown", Provenance.shortCommit(null));
        assertEquals("abc123", Provenance.shortCommit("abc123"));
    }

    private static Properties record(String... entries) {
        Properties p = new Properties();
        for (int i = 0; i < entries.length; i += 2) {
            p.setProperty(entries[i], entries[i + 1]);
        }
        return p;
    }

    record Git(int code, String out) {
    }

    private static boolean gitRuns() {
        try {
            return git(Path.of("").toAbsolutePath(), "--version").code() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static Git git(Path dir, String... args) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        Process p = pb.start();
        try (InputStream in = p.getInputStream()) {
            String out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("git " + String.join(" ", args) + " did not end");
            }
            return new Git(p.exitValue(), out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
