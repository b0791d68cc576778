package org.msgdlab.theory.testing;

import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.plugin.NoisePlugin;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * Plug-ins that misbehave, and plug-in jars, for the tests of the modules that load plug-ins (theory, deep, app;
 * shipped in theory's test-jar).
 */
public final class PluginFixtures {

    private PluginFixtures() {
    }

    /** A plug-in whose {@code name()} throws {@code IllegalStateException: no name today}. */
    public static final class NameThrows implements NoisePlugin {
        @Override
        public String name() {
            throw new IllegalStateException("no name today");
        }

        @Override
        public String description() {
            return "never asked";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return new SgdWithReplacement(n, b);
        }
    }

    /**
     * Writes a plug-in jar: its {@code META-INF/services} file lists {@code plugins}, whose classes stay on the
     * test's class path (the jar holds no class).
     *
     * @param jar     the jar to write
     * @param plugins the plug-in classes it declares, in order
     * @return {@code jar}
     * @throws IOException when the jar cannot be written
     */
    public static Path serviceJar(Path jar, Class<?>... plugins) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("META-INF/services/" + NoisePlugin.class.getName()));
            for (Class<?> p : plugins) {
                j.write((p.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            }
            j.closeEntry();
        }
        return jar;
    }
}
