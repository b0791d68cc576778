package org.msgdlab.theory.claims;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Where a set of results came from: seed, budget, the command, library versions, git commit,
 * times, and the machine. Re-running the command with the same seed gives the same numbers.
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

    public Provenance {
        versions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(versions));
    }

    /** Provenance of a run starting now, in the working directory (for the git commit). */
    public static Provenance start(long seed, Budget budget, String command) {
        return new Provenance(seed, budget.label(), command, currentCommit(),
                Instant.now().toString(), null, System.getProperty("java.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(), libraryVersions());
    }

    public Provenance finished() {
        return new Provenance(seed, budget, command, gitCommit, startedAt, Instant.now().toString(),
                javaVersion, os, availableProcessors, versions);
    }

    /** Versions of msgd-lab and the numerical libraries actually on the class path. */
    public static Map<String, String> libraryVersions() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("msgd-lab", implementationVersion(Provenance.class, "org.msgdlab", "msgd-theory"));
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

    /**
     * The commit of the working directory's checkout, or else of the checkout holding the msgd-lab
     * classes (when msgd runs from elsewhere), or "unknown".
     */
    public static String currentCommit() {
        String commit = gitCommit(Path.of("").toAbsolutePath());
        if (!"unknown".equals(commit)) {
            return commit;
        }
        try {
            var source = Provenance.class.getProtectionDomain().getCodeSource();
            if (source != null) {
                return gitCommit(Path.of(source.getLocation().toURI()).toAbsolutePath());
            }
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return "unknown";
        }
        return "unknown";
    }

    /** The commit checked out in {@code dir} or a parent (read from .git, no git process), or "unknown". */
    static String gitCommit(Path dir) {
        for (Path d = dir; d != null; d = d.getParent()) {
            Path git = d.resolve(".git");
            if (Files.isDirectory(git)) {
                try {
                    String head = Files.readString(git.resolve("HEAD")).trim();
                    if (!head.startsWith("ref: ")) {
                        return head;
                    }
                    String ref = head.substring(5);
                    Path refFile = git.resolve(ref);
                    if (Files.exists(refFile)) {
                        return Files.readString(refFile).trim();
                    }
                    Path packed = git.resolve("packed-refs");
                    if (Files.exists(packed)) {
                        for (String line : Files.readAllLines(packed)) {
                            if (line.endsWith(" " + ref)) {
                                return line.substring(0, line.indexOf(' '));
                            }
                        }
                    }
                } catch (IOException e) {
                    return "unknown";
                }
                return "unknown";
            }
        }
        return "unknown";
    }
}
