package org.msgdlab.core.claims;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a set of results came from: seed, budget, the command, library versions, git commit,
 * times, and the machine. Re-running the command with the same seed gives the same numbers.
 * Immutable and thread-safe.
 *
 * @param seed                the master seed
 * @param budget              the budget's label, {@code quick} or {@code full}
 * @param command             the command that computed the results
 * @param gitCommit           the msgd-lab commit, as {@link #currentCommit()} gives it
 * @param startedAt           when the run started, an ISO-8601 instant
 * @param finishedAt          when it finished, or null while it runs
 * @param javaVersion         {@code java.version}
 * @param os                  {@code os.name} and {@code os.arch}
 * @param availableProcessors the processors available to the JVM
 * @param versions            library name to version ({@link #libraryVersions()})
 */
public record Provenance(
        long seed,
        String budget,
        String command,
        String gitCommit,
        String startedAt,
        String finishedAt,
        String javaVersion,
        String os,
        int availableProcessors,
        Map<String, String> versions) {

    /**
     * Copies the versions, in their order (none when null: a hand-written file that records none).
     *
     * @param seed                the master seed
     * @param budget              the budget's label, {@code quick} or {@code full}
     * @param command             the command that computed the results
     * @param gitCommit           the msgd-lab commit, as {@link #currentCommit()} gives it
     * @param startedAt           when the run started, an ISO-8601 instant
     * @param finishedAt          when it finished, or null while it runs
     * @param javaVersion         {@code java.version}
     * @param os                  {@code os.name} and {@code os.arch}
     * @param availableProcessors the processors available to the JVM
     * @param versions            library name to version ({@link #libraryVersions()})
     */
    public Provenance {
        versions = java.util.Collections.unmodifiableMap(versions == null ? new LinkedHashMap<>() : new LinkedHashMap<>(versions));
    }

    /**
     * Provenance of a run starting now, with the commit msgd-lab was built from ({@link #currentCommit()}).
     *
     * @param seed    the master seed
     * @param budget  the budget
     * @param command the command that computes the results
     * @return the provenance, not finished, of this JVM and machine ({@link Platform#current()})
     */
    public static Provenance start(long seed, Budget budget, String command) {
        Platform p = Platform.current();
        return new Provenance(seed, budget.label(), command, currentCommit(),
                Instant.now().toString(), null, p.javaVersion(), p.os() + " " + p.arch(), p.processors(), libraryVersions());
    }

    /** @return this provenance with {@code finishedAt} now */
    public Provenance finished() {
        return new Provenance(seed, budget, command, gitCommit, startedAt, Instant.now().toString(),
                javaVersion, os, availableProcessors, versions);
    }

    /**
     * Versions of msgd-lab and the numerical libraries actually on the class path.
     *
     * @return {@code msgd-lab}, {@code commons-rng}, {@code hipparchus} and {@code ejml}, in that order,
     *         each to its version ("unknown" when neither its Maven metadata nor its manifest says)
     */
    public static Map<String, String> libraryVersions() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("msgd-lab", implementationVersion(Provenance.class, "org.msgdlab", "msgd-core"));
        v.put("commons-rng", implementationVersion(org.apache.commons.rng.simple.RandomSource.class, "org.apache.commons", "commons-rng-simple"));
        v.put("hipparchus", implementationVersion(org.hipparchus.util.FastMath.class, "org.hipparchus", "hipparchus-core"));
        v.put("ejml", org.ejml.EjmlVersion.VERSION);
        return v;
    }

    /**
     * The version in the artifact's Maven metadata (which survives shading into one jar), else the
     * package's manifest version, else "unknown".
     */
    private static String implementationVersion(Class<?> type, String group, String artifact) {
        String fromManifest = type.getPackage() == null ? null : type.getPackage().getImplementationVersion();
        String resource = "/META-INF/maven/" + group + "/" + artifact + "/pom.properties";
        try (InputStream in = type.getResourceAsStream(resource)) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                return p.getProperty("version", "unknown");
            }
        } catch (IOException e) {
            return fromManifest == null ? "unknown" : fromManifest;
        }
        return fromManifest == null ? "unknown" : fromManifest;
    }

    private static final Pattern SHORT = Pattern.compile("([0-9a-f]{12})[0-9a-f]*(-dirty)?");

    /** The build record among the classes, written at every Maven build by core/src/build/build-record.sh. */
    static final String BUILD_RECORD = "/org/msgdlab/core/claims/build-record.properties";

    /**
     * The msgd-lab commit these classes were built from: its 40 hex digits, followed by "-dirty" when
     * tracked files had uncommitted changes at the time (untracked files, such as new results, do not
     * count). It comes from the build record that every Maven build writes into the classes, so a jar
     * copied elsewhere, or run from any directory, still names its commit. Classes built without that
     * record (by an IDE) ask git about the checkout that holds them, at run time. When neither can tell,
     * "unknown (why)": git not installed, or built outside a git checkout. Found once per JVM.
     *
     * @return the commit, or "unknown (why)"
     */
    public static String currentCommit() {
        return CurrentCommit.VALUE;
    }

    /**
     * {@code commit} in short: its first 12 hex digits, with "-dirty" if it has it; "unknown" for an
     * unknown one (the whole value says why).
     *
     * @param commit a commit as {@link #currentCommit()} gives it, or null
     * @return the short form; "unknown" for null or an unknown commit
     */
    public static String shortCommit(String commit) {
        if (commit == null || commit.startsWith("unknown")) {
            return "unknown";
        }
        Matcher m = SHORT.matcher(commit);
        if (m.matches()) {
            return m.group(1) + (m.group(2) == null ? "" : m.group(2));
        }
        return commit.substring(0, Math.min(12, commit.length()));
    }

    /**
     * The SHA-256 of the uncommitted diff of tracked files when these classes were built from a dirty
     * checkout (the build record's {@code diff}), so that two "-dirty" builds of one commit can be told
     * apart; "" for a clean build, or when the build record does not say (an IDE build, no sha256sum).
     *
     * @return the hash in hex, or ""
     */
    public static String uncommittedDiffHash() {
        return CurrentCommit.DIFF;
    }

    /** The commit computed at first use, never again (the record cannot change under a running JVM). */
    private static final class CurrentCommit {
        static final String VALUE = find();
        static final String DIFF = diffHash();
    }

    /** The {@code diff} of the build record on the class path, or "". */
    static String diffHash() {
        try (InputStream in = Provenance.class.getResourceAsStream(BUILD_RECORD)) {
            if (in == null) {
                return "";
            }
            Properties record = new Properties();
            record.load(in);
            String d = record.getProperty("diff", "").trim();
            return d.matches("[0-9a-f]{64}") ? d : "";
        } catch (IOException | IllegalArgumentException e) {
            return "";
        }
    }

    /** The commit from the build record on the class path, else from git at run time. */
    static String find() {
        try (InputStream in = Provenance.class.getResourceAsStream(BUILD_RECORD)) {
            if (in != null) {
                Properties record = new Properties();
                record.load(in);
                return fromRecord(record);
            }
        } catch (IOException | IllegalArgumentException e) {
            return "unknown (the build record " + BUILD_RECORD + " could not be read: " + e.getMessage() + ")";
        }
        Path classes = null;
        try {
            var source = Provenance.class.getProtectionDomain().getCodeSource();
            if (source != null) {
                classes = Path.of(source.getLocation().toURI()).toAbsolutePath();
            }
        } catch (java.net.URISyntaxException | RuntimeException e) {
            classes = null;
        }
        return fromGit(classes == null ? null : Files.isDirectory(classes) ? classes : classes.getParent());
    }

    /** The commit a build record states ({@code commit}, {@code dirty}), or "unknown (its {@code why})". */
    static String fromRecord(Properties record) {
        String commit = record.getProperty("commit", "").trim();
        if (commit.matches("[0-9a-f]{40}|[0-9a-f]{64}")) {
            return commit + ("true".equals(record.getProperty("dirty", "").trim()) ? "-dirty" : "");
        }
        String why = record.getProperty("why", "").trim();
        return "unknown (" + (why.isEmpty() ? "the build record names no commit" : why) + ")";
    }

    /**
     * The commit checked out where {@code dir} lies, asked of git as the build does ("-dirty" when
     * tracked files have uncommitted changes), or "unknown (why)".
     */
    static String fromGit(Path dir) {
        if (dir == null) {
            return "unknown (no build record, and the msgd-lab classes were not loaded from a file)";
        }
        try {
            String[] head = git(dir, true, "rev-parse", "--verify", "HEAD");
            if (!head[0].equals("0")) {
                return "unknown (no build record, and git found no commit at " + dir + ": " + head[1].strip().lines()
                        .findFirst().orElse("exit status " + head[0]) + ")";
            }
            String[] status = git(dir, false, "--no-optional-locks", "status", "--porcelain", "--untracked-files=no");
            return head[1].strip() + (status[0].equals("0") && !status[1].isBlank() ? "-dirty" : "");
        } catch (IOException e) {
            return "unknown (no build record, and git could not be run: " + e.getMessage() + ")";
        }
    }

    /** {exit status, output} of {@code git args} run in {@code dir}, its stderr in the output or discarded. */
    private static String[] git(Path dir, boolean withErrors, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        Process p = (withErrors ? pb.redirectErrorStream(true) : pb.redirectError(ProcessBuilder.Redirect.DISCARD)).start();
        try (InputStream in = p.getInputStream()) {
            String out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("git " + String.join(" ", args) + " did not end in 30 s");
            }
            return new String[] {String.valueOf(p.exitValue()), out};
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted while waiting for git", e);
        }
    }
}
