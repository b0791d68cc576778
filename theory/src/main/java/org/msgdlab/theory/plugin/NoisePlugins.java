package org.msgdlab.theory.plugin;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.regex.Pattern;

/** Finds the {@link NoisePlugin}s of the jars a user names, with errors that name the jar and the rule. */
public final class NoisePlugins {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9.-]*");

    private NoisePlugins() {
    }

    /**
     * The plug-ins of these jars, in jar order and, within a jar, in the order of its service file.
     * The jars share one class loader whose parent is this toolkit's, so a plug-in sees the
     * toolkit's classes (SamplingNoise, Commons RNG) and nothing is loaded twice.
     *
     * @throws IllegalArgumentException a jar is missing or unreadable, lists no plug-in, a plug-in
     *                                  cannot be instantiated, or two plug-ins share a name
     */
    public static List<NoisePlugin> load(List<Path> jars) {
        if (jars.isEmpty()) {
            return List.of();
        }
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < jars.size(); i++) {
            Path jar = jars.get(i);
            if (!Files.isRegularFile(jar) || !Files.isReadable(jar)) {
                throw new IllegalArgumentException("--plugin " + jar + ": no such readable file (a jar with "
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
        Map<String, NoisePlugin> byName = new LinkedHashMap<>();
        try {
            for (NoisePlugin p : ServiceLoader.load(NoisePlugin.class, loader)) {
                String name = p.name();
                if (name == null || !NAME.matcher(name).matches()) {
                    throw new IllegalArgumentException("plug-in " + p.getClass().getName() + ": name='" + name
                            + "' must be lower-case letters, digits, '-' or '.', starting with a letter");
                }
                NoisePlugin before = byName.putIfAbsent(name, p);
                if (before != null) {
                    throw new IllegalArgumentException("plug-in name '" + name + "' is used by both " + before.getClass().getName()
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

    /** The plug-in called {@code name} among {@code plugins}, or an error listing the names there are. */
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
