package org.msgdlab.deep.sweep;

import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.testing.PluginFixtures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
     * Writes a jar whose service file lists {@link Stand} ({@link PluginFixtures#serviceJar}).
     *
     * @param jar where
     * @return {@code jar}
     * @throws IOException when it cannot be written
     */
    public static Path withStand(Path jar) throws IOException {
        Files.createDirectories(jar.getParent());
        return PluginFixtures.serviceJar(jar, Stand.class);
    }
}
