package org.msgdlab.theory.plugin;

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
     * The plug-ins of these jars under the default limits ({@link PluginGuard.Limits#DEFAULT}); see
     * {@link #load(List, PluginGuard.Limits)}.
     *
     * @param jars the jars (or class folders) the user named
     * @return the plug-ins, checked
     * @throws IllegalArgumentException as {@link #load(List, PluginGuard.Limits)}
     */
    public static List<NoisePlugin> load(List<Path> jars) {
        return load(jars, PluginGuard.Limits.DEFAULT);
    }

    /**
     * The plug-ins of these jars, in jar order and, within a jar, in the order of its service file, each a
     * {@link CheckedPlugin} whose calls (its constructor and {@code name()} here already) go through its
     * {@link PluginGuard} under {@code limits}. The jars share one class loader whose parent is this toolkit's, so a
     * plug-in sees the toolkit's classes (SamplingNoise, Commons RNG) and nothing is loaded twice. A plug-in whose
     * {@code name()} throws, returns null or does not return within the limit is kept as a broken plug-in
     * ({@link CheckedPlugin#failure()}): its claims are ERROR with that line.
     *
     * @param jars   the jars (or class folders) the user named
     * @param limits the time limit and stop test of every call into the plug-ins
     * @return the plug-ins, checked; empty when {@code jars} is empty
     * @throws IllegalArgumentException a jar is missing or unreadable, lists no plug-in, a plug-in cannot be
     *                                  instantiated (its class is missing, its constructor throws or does not return
     *                                  within the limit), has an invalid name (lower-case letters, digits, '-' or '.',
     *                                  starting with a letter), or two plug-ins share a name
     */
    public static List<NoisePlugin> load(List<Path> jars, PluginGuard.Limits limits) {
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
        Map<String, CheckedPlugin> byName = new LinkedHashMap<>();
        try {
            for (ServiceLoader.Provider<NoisePlugin> provider : ServiceLoader.load(NoisePlugin.class, loader).stream().toList()) {
                Path source = listedBy.get(provider.type().getName());
                if (source == null) {
                    continue; // listed on the toolkit's own class path, not by a jar the user named
                }
                CheckedPlugin p = CheckedPlugin.wrap(construct(provider, source, jars, limits), source, limits);
                String name = p.name();
                if (p.failure().isEmpty() && !NAME.matcher(name).matches()) {
                    throw new IllegalArgumentException("plug-in " + p.plugin().getClass().getName() + ": name='" + name
                            + "' must be lower-case letters, digits, '-' or '.', starting with a letter");
                }
                CheckedPlugin before = byName.putIfAbsent(name, p);
                if (before != null) {
                    throw new IllegalArgumentException("plug-in name '" + name + "' is used by both " + before.plugin().getClass().getName()
                            + " and " + p.plugin().getClass().getName() + ": names must be unique");
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

    /** A new instance of a listed plug-in, its constructor called through a guard; a failure is one that loading names. */
    private static NoisePlugin construct(ServiceLoader.Provider<NoisePlugin> provider, Path source, List<Path> jars,
                                         PluginGuard.Limits limits) {
        PluginGuard guard = new PluginGuard("plug-in " + provider.type().getName() + " (jar " + source + ")", limits);
        try {
            return guard.value("its constructor", provider::get, "it must create the plug-in");
        } catch (PluginFailure f) {
            String why = f.getCause() instanceof ServiceConfigurationError e ? e.getMessage() : f.getMessage();
            throw new IllegalArgumentException("--plugin " + jars + ": a plug-in could not be loaded: " + why, f);
        }
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
        if (plugin instanceof CheckedPlugin c && c.source().isPresent()) {
            return c.source().get();
        }
        throw new IllegalArgumentException("plug-in " + plugin.name() + " was not loaded from a jar (NoisePlugins.load)");
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
     * The plug-in called {@code name} among {@code plugins}, or an error: the failure of a broken plug-in among them
     * (whose name could not be read: it may be the one asked for), else the names there are.
     *
     * @param plugins the plug-ins to search
     * @param name    the name sought
     * @return the first plug-in of that name
     * @throws PluginFailure            if no plug-in has that name and one of them is broken ({@link CheckedPlugin#failure()})
     * @throws IllegalArgumentException if no plug-in has that name
     */
    public static NoisePlugin named(List<NoisePlugin> plugins, String name) {
        List<NoisePlugin> whole = plugins.stream().filter(p -> !(p instanceof CheckedPlugin c && c.failure().isPresent())).toList();
        for (NoisePlugin p : whole) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        for (NoisePlugin p : plugins) {
            if (p instanceof CheckedPlugin c && c.failure().isPresent()) {
                throw c.failure().get().with(" (so plug-in '" + name + "' could not be looked for; the others: "
                        + whole.stream().map(NoisePlugin::name).toList() + ")");
            }
        }
        throw new IllegalArgumentException("plug-in '" + name + "' not found (plug-ins: "
                + plugins.stream().map(NoisePlugin::name).toList() + ")");
    }
}
