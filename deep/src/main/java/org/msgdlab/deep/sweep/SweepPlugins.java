package org.msgdlab.deep.sweep;

import org.msgdlab.core.io.Sha256;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.NoisePlugins;
import org.msgdlab.theory.plugin.PluginGuard;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The plug-in noises a sweep's {@code deep.train} runs may call ({@code --method plugin:NAME}), as three settings every
 * such run carries: {@value #JARS} (absolute jar paths, joined by the platform's path separator as a class path is),
 * {@value #DIGESTS} (each jar's SHA-256, in the same order, comma-separated) and {@value #TIMEOUT} (the most one call
 * into a plug-in may take, in seconds; 0 for no limit). A task loads the jars only after checking each against its
 * digest, so a cluster node trains the plug-in the sweep was planned with, or refuses in one line.
 *
 * @param jars      the jars, absolute
 * @param sha256    each jar's digest, 64 lower-case hex digits
 * @param callLimit the limit of one call into a plug-in ({@link PluginGuard})
 */
public record SweepPlugins(List<Path> jars, List<String> sha256, Duration callLimit) {

    /** The setting listing the jars. */
    public static final String JARS = "plugin-jars";
    /** The setting listing their digests. */
    public static final String DIGESTS = "plugin-sha256";
    /** The setting holding the call limit in seconds. */
    public static final String TIMEOUT = "plugin-timeout";

    /** No plug-in: a run of a built-in method. */
    public static final SweepPlugins NONE = new SweepPlugins(List.of(), List.of(), PluginGuard.DEFAULT_LIMIT);

    private static final Map<String, List<NoisePlugin>> LOADED = new ConcurrentHashMap<>();

    /**
     * Validates and copies.
     *
     * @throws IllegalArgumentException when the lists differ in length, a jar is not absolute or holds the path
     *                                  separator, or a digest is not 64 lower-case hex digits
     */
    public SweepPlugins {
        jars = List.copyOf(jars);
        sha256 = List.copyOf(sha256);
        java.util.Objects.requireNonNull(callLimit, "callLimit");
        if (jars.size() != sha256.size()) {
            throw new IllegalArgumentException(DIGESTS + " lists " + sha256.size() + " digests for the " + jars.size()
                    + " jars of " + JARS + ": one digest per jar, in the same order");
        }
        for (Path j : jars) {
            if (!j.isAbsolute() || j.toString().contains(File.pathSeparator)) {
                throw new IllegalArgumentException(JARS + " " + j + ": each jar must be an absolute path without '"
                        + File.pathSeparator + "'");
            }
        }
        for (String d : sha256) {
            if (!d.matches("[0-9a-f]{64}")) {
                throw new IllegalArgumentException(DIGESTS + " " + d + ": each digest must be 64 lower-case hex digits");
            }
        }
    }

    /**
     * The plug-ins a run's settings name; {@link #NONE} when they name none.
     *
     * @param settings a run's settings
     * @return its plug-ins
     * @throws IllegalArgumentException when {@value #DIGESTS} or {@value #TIMEOUT} is given without {@value #JARS},
     *                                  or a value breaks its rule (the message names it)
     */
    public static SweepPlugins of(Map<String, String> settings) {
        String jars = settings.get(JARS);
        if (jars == null) {
            for (String k : List.of(DIGESTS, TIMEOUT)) {
                if (settings.containsKey(k)) {
                    throw new IllegalArgumentException("setting '" + k + "' applies only with '" + JARS + "'");
                }
            }
            return NONE;
        }
        List<Path> paths = Arrays.stream(jars.split(File.pathSeparator, -1)).map(Path::of).toList();
        String digests = settings.get(DIGESTS);
        if (digests == null) {
            throw new IllegalArgumentException("setting '" + JARS + "' needs '" + DIGESTS + "': each jar's SHA-256");
        }
        Duration limit = settings.containsKey(TIMEOUT) ? PluginGuard.Limits.parseSeconds(TIMEOUT, settings.get(TIMEOUT))
                : PluginGuard.DEFAULT_LIMIT;
        return new SweepPlugins(paths, Arrays.asList(digests.split(",", -1)), limit);
    }

    /**
     * The settings that name these plug-ins, put into {@code settings} (nothing for {@link #NONE}).
     *
     * @param settings a run's settings
     */
    public void putInto(Map<String, String> settings) {
        if (jars.isEmpty()) {
            return;
        }
        settings.put(JARS, String.join(File.pathSeparator, jars.stream().map(Path::toString).toList()));
        settings.put(DIGESTS, String.join(",", sha256));
        settings.put(TIMEOUT, new BigDecimal(callLimit.toNanos()).movePointLeft(9).stripTrailingZeros().toPlainString());
    }

    /**
     * The plug-ins, loaded once per process after each jar is checked against its digest.
     *
     * @return the plug-ins, in jar order (empty for {@link #NONE})
     * @throws IllegalArgumentException when a jar is missing, is not the one the sweep was planned with (its digest
     *                                  differs), or cannot be loaded ({@link NoisePlugins#load})
     */
    public List<NoisePlugin> loaded() {
        if (jars.isEmpty()) {
            return List.of();
        }
        String key = jars + " " + sha256 + " " + callLimit;
        List<NoisePlugin> cached = LOADED.get(key);
        if (cached != null) {
            return cached;
        }
        for (int i = 0; i < jars.size(); i++) {
            Path jar = jars.get(i);
            String actual;
            try {
                actual = Files.isRegularFile(jar) ? Sha256.of(jar) : null;
            } catch (IOException e) {
                throw new UncheckedIOException(JARS + " " + jar + ": cannot be read: " + e.getMessage(), e);
            }
            if (actual == null) {
                throw new IllegalArgumentException(JARS + " " + jar + ": no such file on this machine (the sweep was planned"
                        + " with it; copy it there, or plan the sweep again)");
            }
            if (!actual.equals(sha256.get(i))) {
                throw new IllegalArgumentException(JARS + " " + jar + " has sha256 " + actual + ", not the " + sha256.get(i)
                        + " the sweep was planned with: another plug-in; restore that jar");
            }
        }
        List<NoisePlugin> loaded = NoisePlugins.load(new ArrayList<>(jars), PluginGuard.Limits.of(callLimit));
        List<NoisePlugin> raced = LOADED.putIfAbsent(key, loaded);
        return raced != null ? raced : loaded;
    }
}
