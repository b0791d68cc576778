package org.msgdlab.app;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.FashionMnist;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code msgd} launcher at the repository root, run in a subprocess: it removes TensorFlow's
 * Abseil start-up lines from the JVM's stderr and nothing else. Each test runs a copy of the
 * launcher in a temporary folder whose {@code app/target/msgd.jar} is present and has no sources
 * beside it, so the launcher never rebuilds; the first two tests run a stand-in {@code java} (a shell
 * script printing a given stderr), the last one the real jar on the real data.
 */
class LauncherIT {

    static final String NOTICE = "WARNING: All log messages before absl::InitializeLog() is called are written to STDERR\n";
    static final String MLIR = "I0000 00:00:1795451725.418590   22831 mlir_graph_optimization_pass.cc:401] MLIR V1"
            + " optimization pass is not enabled\n";
    static final String ABSL_WARNING = "W0000 00:00:1795451725.418601   22831 tf_tfl_flatbuffer_helpers.cc:365] Ignored"
            + " output_format.\n";

    record Run(int code, String out, String err) {
    }

    @Test
    void removesExactlyAbslsStartUpLinesAndPassesEverythingElseOn(@TempDir Path tmp) throws Exception {
        assumePerl();
        Path launcher = launcher(tmp.resolve("repo"), null);
        String before = "[7/40] deep.gradient.weighted-sum ... ";
        String progress = "\rit 1/10 [>    ] loss 2.3026  ETA 0m09s\rit 2/10 [=>   ] loss 2.2011  ETA 0m08s";
        String kept = "E0000 00:00:1795451725.418611   22831 some_op.cc:13] an error of Abseil's, kept\n"
                + "2026-11-23 10:00:00.000000: E tensorflow/core/framework/op_kernel.cc:1] a TensorFlow error, kept\n"
                + "I0000 00:00: not the shape of a log line, kept\n"
                + NOTICE.replace("\n", " (and more), kept\n")
                + "Exception in thread \"main\" java.lang.IllegalStateException: boom\n"
                + "\tat org.msgdlab.Example.main(Example.java:1)\n";
        String stderr = before + NOTICE + MLIR + "PASS (1.0 s), ETA 12 s\n" + progress + "\n" + ABSL_WARNING + kept
                + "an unfinished last line I";
        Path stream = Files.writeString(tmp.resolve("stderr.txt"), stderr);
        Path java = fakeJava(tmp.resolve("jdk"), "cat \"$MSGD_TEST_STDERR\" >&2\nprintf 'stdout %s\\n' \"$*\"\nexit 3\n");
        Map<String, String> env = Map.of("JAVA_HOME", java.toString(), "MSGD_TEST_STDERR", stream.toString());

        String filtered = before + "PASS (1.0 s), ETA 12 s\n" + progress + "\n";
        Run quiet = run(launcher, env("2", env), "verify", "--only", "deep");
        assertEquals(3, quiet.code(), "the JVM's exit status passes through: " + quiet);
        assertEquals("stdout -jar " + launcher.getParent().toRealPath().resolve("app/target/msgd.jar")
                + " verify --only deep\n", quiet.out());
        assertEquals(filtered + kept + "an unfinished last line I", quiet.err());

        // the same text written in three pieces, cut inside the notice and inside the MLIR line
        int cut1 = stderr.indexOf(NOTICE) + 20;
        int cut2 = stderr.indexOf(MLIR) + 30;
        Files.writeString(tmp.resolve("part1"), stderr.substring(0, cut1));
        Files.writeString(tmp.resolve("part2"), stderr.substring(cut1, cut2));
        Files.writeString(tmp.resolve("part3"), stderr.substring(cut2));
        Path pieces = fakeJava(tmp.resolve("jdk-pieces"), "cd \"$MSGD_TEST_PARTS\"\n"
                + "cat part1 >&2; sleep 0.05; cat part2 >&2; sleep 0.05; cat part3 >&2\n");
        Run cut = run(launcher, env("2", Map.of("JAVA_HOME", pieces.toString(), "MSGD_TEST_PARTS", tmp.toString())),
                "verify");
        assertEquals(filtered + kept + "an unfinished last line I", cut.err(), "lines cut across writes");
        assertEquals(0, cut.code());

        Run warnings = run(launcher, env("1", env), "verify");
        assertEquals(filtered + ABSL_WARNING + kept + "an unfinished last line I", warnings.err(),
                "TF_CPP_MIN_LOG_LEVEL=1 keeps Abseil's warnings");
        assertEquals(3, warnings.code());

        Run everything = run(launcher, env("0", env), "verify");
        assertEquals(stderr, everything.err(), "TF_CPP_MIN_LOG_LEVEL=0 shows every line as printed");
        assertEquals(3, everything.code());
    }

    @Test
    void aProgressLineEndingInACarriageReturnIsPassedOnAtOnce(@TempDir Path tmp) throws Exception {
        assumePerl();
        Path launcher = launcher(tmp.resolve("repo"), null);
        Path go = tmp.resolve("go");
        Path java = fakeJava(tmp.resolve("jdk"), "printf 'it 1/10 loss 2.3026  ETA 0m09s\\r' >&2\n"
                + "i=0; while [ ! -e \"$MSGD_TEST_GO\" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done\n"
                + "printf 'it 10/10 loss 0.4\\n' >&2\n");
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "train").redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env("2", Map.of("JAVA_HOME", java.toString(), "MSGD_TEST_GO", go.toString())));
        Process p = pb.start();
        try (InputStream err = p.getErrorStream()) {
            String first = "it 1/10 loss 2.3026  ETA 0m09s\r";
            byte[] got = err.readNBytes(first.length());
            assertFalse(Files.exists(go));
            assertEquals(first, new String(got, StandardCharsets.UTF_8), "the progress line arrives before the JVM goes on");
            Files.writeString(go, "");
            assertEquals("it 10/10 loss 0.4\n", new String(err.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
    }

    /**
     * The regression test of the two Abseil start-up lines: a real TensorFlow run through the
     * launcher prints neither line, while the same run with TF_CPP_MIN_LOG_LEVEL=0 shows both (so
     * this test would see them).
     */
    @Test
    void aTensorFlowRunThroughTheLauncherPrintsNoAbslLines(@TempDir Path tmp) throws Exception {
        Path jar = repositoryRoot().resolve("app/target/msgd.jar");
        assertTrue(Files.isRegularFile(jar), "the msgd jar is not built (" + jar + "): integration tests run after mvn package");
        Assumptions.assumeTrue(Files.isDirectory(FashionMnist.DEFAULT_DIR),
                "Fashion-MNIST not installed (apt-get install dataset-fashion-mnist)");
        assumePerl();
        Path launcher = launcher(tmp.resolve("repo"), jar);
        Map<String, String> env = Map.of("JAVA_HOME", System.getProperty("java.home"));
        // a real training run, as small as one gets: TensorFlow starts, trains 2 steps and evaluates
        String[] args = {"train", "--preset", "fashion-mnist-small", "--method", "gd", "--iterations", "2",
                "--eval-every", "2", "--eval-subset", "100", "--threads", "1,1", "--no-progress", "--out", ""};

        args[args.length - 1] = tmp.resolve("quiet").toString();
        Run quiet = run(launcher, env("2", env), args);
        assertEquals(0, quiet.code(), quiet.toString());
        assertTrue(Files.readString(tmp.resolve("quiet/run.json")).contains("\"status\" : \"completed\""), quiet.toString());
        assertFalse(quiet.err().contains("absl::InitializeLog"), quiet.err());
        assertFalse(quiet.err().contains("0000 00:00:"), quiet.err());

        args[args.length - 1] = tmp.resolve("loud").toString();
        Run loud = run(launcher, env("0", env), args);
        assertEquals(0, loud.code(), loud.toString());
        assertTrue(loud.err().contains(NOTICE) && loud.err().contains("mlir_graph_optimization_pass.cc"),
                "without the filter TensorFlow prints both lines; if it no longer does, this test (and the launcher's"
                        + " filter) can go:\n" + loud.err());
    }

    /** The folder holding the launcher {@code msgd} and the parent pom (the tests run in app/). */
    static Path repositoryRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("msgd")) && Files.isRegularFile(d.resolve("pom.xml"))) {
                return d;
            }
        }
        throw new IllegalStateException("no msgd launcher above " + Path.of("").toAbsolutePath());
    }

    /**
     * Two first calls at once on a stale jar: one builds, the other waits for that build and then runs
     * (issue 32: the second's concurrent mvn install broke the first's jar). A stand-in mvn records each
     * build and takes a second; a stand-in java prints its arguments.
     */
    @Test
    void twoCallsAtOnceOnAStaleJarBuildItOnce(@TempDir Path tmp) throws Exception {
        Path repo = tmp.resolve("repo");
        Path launcher = launcher(repo, null);
        Path jar = repo.resolve("app/target/msgd.jar");
        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Files.createDirectories(repo.resolve("core/src/main"));
        Files.writeString(repo.resolve("pom.xml"), "<project/>");   // newer than the jar: the jar is stale
        Path log = tmp.resolve("builds.log");
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path mvn = Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho build >> \"$MSGD_TEST_BUILDS\"\nsleep 1\n"
                + "touch app/target/msgd.jar\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path home = fakeJava(tmp.resolve("jdk"), "printf 'ran %s\\n' \"$*\"\n");
        Map<String, String> env = env("2", Map.of("JAVA_HOME", home.toString(), "MSGD_TEST_BUILDS", log.toString(),
                "PATH", bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin")));
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var first = pool.submit(() -> run(launcher, env, "--version"));
            Thread.sleep(200);
            var second = pool.submit(() -> run(launcher, env, "--version"));
            Run a = first.get(2, TimeUnit.MINUTES);
            Run b = second.get(2, TimeUnit.MINUTES);
            assertEquals(0, a.code(), a.toString());
            assertEquals(0, b.code(), b.toString());
            assertTrue(a.out().startsWith("ran -jar") && b.out().startsWith("ran -jar"), a + " / " + b);
            assertEquals(List.of("build"), Files.readAllLines(log), "one build for two calls");
            assertTrue(b.err().contains("waiting for it"), b.err());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A source touched into the future is newer than every jar: the launcher rebuilds once for it and then trusts the
     * sources' content, not their times (issue 47: two {@code ./msgd --version} took 210 s and 227 s). A change of
     * content rebuilds again.
     */
    @Test
    void aSourceTouchedIntoTheFutureRebuildsOnceNotOnEveryCall(@TempDir Path tmp) throws Exception {
        Path repo = tmp.resolve("repo");
        Path launcher = launcher(repo, null);
        Path jar = repo.resolve("app/target/msgd.jar");
        Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        Path source = Files.createDirectories(repo.resolve("core/src/main/java")).resolve("FolderLock.java");
        Files.writeString(source, "class FolderLock {}\n");
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Files.setLastModifiedTime(source, java.nio.file.attribute.FileTime.from(java.time.Instant.parse("2040-01-01T00:00:00Z")));
        Path log = tmp.resolve("builds.log");
        Files.writeString(log, "");
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path mvn = Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho build >> \"$MSGD_TEST_BUILDS\"\ntouch app/target/msgd.jar\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path home = fakeJava(tmp.resolve("jdk"), "printf 'ran %s\\n' \"$*\"\n");
        Map<String, String> env = env("2", Map.of("JAVA_HOME", home.toString(), "MSGD_TEST_BUILDS", log.toString(),
                "PATH", bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin")));
        for (int call = 1; call <= 3; call++) {
            Run r = run(launcher, env, "--version");
            assertEquals(0, r.code(), r.toString());
            assertTrue(r.out().startsWith("ran -jar"), r.toString());
        }
        assertEquals(List.of("build"), Files.readAllLines(log), "three calls, one build: the future time alone is not a change");
        Files.writeString(source, "class FolderLock { int changed; }\n");
        Files.setLastModifiedTime(source, java.nio.file.attribute.FileTime.from(java.time.Instant.parse("2040-01-01T00:00:00Z")));
        run(launcher, env, "--version");
        run(launcher, env, "--version");
        assertEquals(List.of("build", "build"), Files.readAllLines(log), "a change of content rebuilds, once");
    }

    /** A copy of the launcher in {@code dir}, its jar a link to {@code jar} (an empty file when null). */
    private static Path launcher(Path dir, Path jar) throws IOException {
        Path target = Files.createDirectories(dir.resolve("app/target"));
        if (jar == null) {
            Files.writeString(target.resolve("msgd.jar"), "");
        } else {
            Files.createSymbolicLink(target.resolve("msgd.jar"), jar);
        }
        Path launcher = Files.copy(repositoryRoot().resolve("msgd"), dir.resolve("msgd"));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        return launcher;
    }

    /** A JAVA_HOME whose bin/java is a shell script with {@code body}. */
    private static Path fakeJava(Path home, String body) throws IOException {
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    private static Map<String, String> env(String level, Map<String, String> more) {
        Map<String, String> env = new java.util.HashMap<>(more);
        env.put("TF_CPP_MIN_LOG_LEVEL", level);
        return env;
    }

    private static void assumePerl() {
        boolean perl = false;
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            perl |= !d.isEmpty() && Files.isExecutable(Path.of(d, "perl"));
        }
        Assumptions.assumeTrue(perl, "no perl on the PATH: the launcher then runs the JVM without its stderr filter");
    }

    private static Run run(Path launcher, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(launcher.getParent().toFile());
        pb.environment().putAll(env);
        Path out = Files.createTempFile(launcher.getParent(), "out", ".txt");
        pb.redirectOutput(out.toFile());
        Process p = pb.start();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (InputStream in = p.getErrorStream()) {
            in.transferTo(err);
        }
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("msgd " + String.join(" ", args) + " did not end in 5 minutes");
        }
        return new Run(p.exitValue(), Files.readString(out), err.toString(StandardCharsets.UTF_8));
    }
}
