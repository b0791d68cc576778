package org.msgdlab.examples;

import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.plugin.NoisePlugin;

/**
 * The two example plug-ins, listed in {@code META-INF/services/org.msgdlab.theory.plugin.NoisePlugin}.
 * A plug-in of your own is the same few lines around your {@link SamplingNoise}.
 */
public final class ExamplePlugins {

    private ExamplePlugins() {
    }

    /** {@link SymmetricAlphaStableNoise} at alpha = 1.5. */
    public static final class AlphaStable implements NoisePlugin {
        /** The stability index of this plug-in. */
        public static final double ALPHA = 1.5;

        @Override
        public String name() {
            return "symmetric-alpha-stable";
        }

        @Override
        public String description() {
            return "V = (2bn)^(-1/2) S with i.i.d. symmetric alpha-stable S_i, alpha = " + ALPHA + " (infinite variance)";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return new SymmetricAlphaStableNoise(n, b, ALPHA);
        }
    }

    /** {@link IsotropicGaussianNoise}. */
    public static final class Isotropic implements NoisePlugin {
        @Override
        public String name() {
            return "isotropic-gaussian";
        }

        @Override
        public String description() {
            return "V ~ N(0, s I) with s = (n-1)/(bn^2): the trace of SGD's covariance, spread evenly";
        }

        @Override
        public SamplingNoise create(int n, int b) {
            return new IsotropicGaussianNoise(n, b);
        }
    }
}
