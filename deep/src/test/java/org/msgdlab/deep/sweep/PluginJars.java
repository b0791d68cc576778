package org.msgdlab.deep.sweep;

import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.plugin.NoisePlugin;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/** Plug-in jars for tests: a jar holding only the service file, naming a plug-in class these tests already have. */
public final class PluginJars {

    private PluginJars() {
    }

    /** A plug-in named {@code isotropic-gaussian} for the tests (MSGD-Fisher's noise: what it draws does not matter here). */
    public static final class Stand implements NoisePlugin {
        @Override
        public String name() {
            return "isotropic-gaussian";
        }

        @Override
        public String description() {
            return "a test's stand-in for the example plug-in";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return new FisherNoise(n, b);
        }
    }

    /**
     * Writes a jar whose service file lists {@link Stand}.
     *
     * @param jar where
     * @return {@code jar}
     * @throws IOException when it cannot be written
     */
    public static Path withStand(Path jar) throws IOException {
        Files.createDirectories(jar.getParent());
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o)) {
            j.putNextEntry(new JarEntry("META-INF/services/" + NoisePlugin.class.getName()));
            j.write((Stand.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            j.closeEntry();
        }
        return jar;
    }
}
