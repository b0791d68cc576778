package org.msgdlab.theory.plugin;

import org.msgdlab.theory.noise.SamplingNoise;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;

/**
 * Finds the {@link NoisePlugin}s of the jars a user names, with errors that name the jar and the rule.
 * Stateless.
 */
public final class NoisePlugins {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9.-]*");

    private NoisePlugins() {
    }

    /**
     * The plug-ins of these jars, in jar order and, within a jar, in the order of its service file.
     * The jars share one class loader whose parent is this toolkit's, so a plug-in sees the
     * toolkit's classes (SamplingNoise, Commons RNG) and nothing is loaded twice.
     *
     * @param jars the jars (or class folders) the user named
     * @return the plug-ins; empty when {@code jars} is empty
     * @throws IllegalArgumentException a jar is missing or unreadable, lists no plug-in, a plug-in
     *                                  cannot be instantiated, has an invalid name (lower-case
     *                                  letters, digits, '-' or '.', starting with a letter), or two
     *                                  plug-ins share a name
     */
    public static List<NoisePlugin> load(List<Path> jars) {
        if (jars.isEmpty()) {
            return List.of();
        }
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < jars.size(); i++) {
            Path jar = jars.get(i);
            if (!(Files.isRegularFile(jar) || Files.isDirectory(jar)) || !Files.isReadable(jar)) {
                throw new IllegalArgumentException("--plugin " + jar + ": no such readable file (a jar, or a class folder, with "
                        + "META-INF/services/" + NoisePlugin.class.getName() + ")");
            }
            try {
                urls[i] = jar.toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("--plugin " + jar + ": not a file path (" + e.getMessage() + ")", e);
            }
        }
        @SuppressWarnings("resource") // the loader lives as long as the plug-ins' noises do: the whole run
        URLClassLoader loader = new URLClassLoader("msgd-plugins", urls, NoisePlugins.class.getClassLoader());
        Map<String, Path> listedBy = new LinkedHashMap<>();
        for (Path jar : jars) {
            for (String type : listedTypes(jar)) {
                listedBy.putIfAbsent(type, jar);
            }
        }
        Map<String, NoisePlugin> byName = new LinkedHashMap<>();
        try {
            for (ServiceLoader.Provider<NoisePlugin> provider : ServiceLoader.load(NoisePlugin.class, loader).stream().toList()) {
                Path source = listedBy.get(provider.type().getName());
                if (source == null) {
                    continue; // listed on the toolkit's own class path, not by a jar the user named
                }
                NoisePlugin p = provider.get();
                String name = p.name();
                if (name == null || !NAME.matcher(name).matches()) {
                    throw new IllegalArgumentException("plug-in " + p.getClass().getName() + ": name='" + name
                            + "' must be lower-case letters, digits, '-' or '.', starting with a letter");
                }
                NoisePlugin before = byName.putIfAbsent(name, new Listed(p, source));
                if (before != null) {
                    throw new IllegalArgumentException("plug-in name '" + name + "' is used by both " + ((Listed) before).plugin().getClass().getName()
                            + " and " + p.getClass().getName() + ": names must be unique");
                }
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalArgumentException("--plugin " + jars + ": a plug-in could not be loaded: " + e.getMessage(), e);
        }
        if (byName.isEmpty()) {
            throw new IllegalArgumentException("--plugin " + jars + ": lists no plug-in (expected a file META-INF/services/"
                    + NoisePlugin.class.getName() + " naming implementations of " + NoisePlugin.class.getName() + ")");
        }
        return new ArrayList<>(byName.values());
    }

    /**
     * The jar (or class folder) whose service file listed {@code plugin}, as the user named it: a
     * run records it so that a resumed run loads the same plug-in again.
     *
     * @param plugin a plug-in returned by {@link #load(List)}
     * @return the jar or class folder that listed it
     * @throws IllegalArgumentException if {@code plugin} was not loaded by {@link #load(List)}
     */
    public static Path source(NoisePlugin plugin) {
        if (plugin instanceof Listed l) {
            return l.source();
        }
        throw new IllegalArgumentException("plug-in " + plugin.name() + " was not loaded from a jar (NoisePlugins.load)");
    }

    /** A plug-in with the jar that listed it. */
    private record Listed(NoisePlugin plugin, Path source) implements NoisePlugin {
        @Override
        public String name() {
            return plugin.name();
        }

        @Override
        public String description() {
            return plugin.description();
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return plugin.create(n, b);
        }
    }

    /** The class names a jar's (or class folder's) provider-configuration file lists, '#' comments and blanks left out. */
    private static List<String> listedTypes(Path jar) {
        String entry = "META-INF/services/" + NoisePlugin.class.getName();
        try {
            List<String> lines;
            if (Files.isDirectory(jar)) {
                Path f = jar.resolve(entry);
                lines = Files.isRegularFile(f) ? Files.readAllLines(f, StandardCharsets.UTF_8) : List.of();
            } else {
                try (JarFile j = new JarFile(jar.toFile())) {
                    JarEntry e = j.getJarEntry(entry);
                    lines = e == null ? List.of()
                            : new String(j.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8).lines().toList();
                }
            }
            List<String> types = new ArrayList<>();
            for (String line : lines) {
                String t = line.replaceAll("#.*", "").trim();
                if (!t.isEmpty()) {
                    types.add(t);
                }
            }
            return types;
        } catch (IOException e) {
            throw new IllegalArgumentException("--plugin " + jar + ": cannot be read as a jar (" + e.getMessage() + ")", e);
        }
    }

    /**
     * The plug-in called {@code name} among {@code plugins}, or an error listing the names there are.
     *
     * @param plugins the plug-ins to search
     * @param name    the name sought
     * @return the first plug-in of that name
     * @throws IllegalArgumentException if no plug-in has that name
     */
    public static NoisePlugin named(List<NoisePlugin> plugins, String name) {
        for (NoisePlugin p : plugins) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("plug-in '" + name + "' not found (plug-ins: "
                + plugins.stream().map(NoisePlugin::name).toList() + ")");
    }
}
