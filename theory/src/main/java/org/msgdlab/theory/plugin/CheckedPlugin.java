package org.msgdlab.theory.plugin;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.claims.CheckFailure;
import org.msgdlab.theory.noise.CovarianceDeclaration;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.FiniteDraws;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A user's plug-in as the claims call it: every call into the user's code that throws, returns null,
 * returns a noise of the wrong dimension or draws a non-finite value becomes a {@link CheckFailure}
 * whose one-line message names the plug-in, the call and the cause
 * ({@code plug-in heavy: create(n=4, b=1) threw IllegalArgumentException: n=4 must be >= 10}), so
 * that the claims of that plug-in get ERROR verdicts with the reason and the rest of the run goes on.
 * Immutable; thread-safe as far as the plug-in is.
 *
 * @param plugin the user's plug-in
 */
public record CheckedPlugin(NoisePlugin plugin) implements NoisePlugin {

    /**
     * Wraps a plug-in.
     *
     * @param plugin the user's plug-in
     * @throws NullPointerException if {@code plugin} is null
     */
    public CheckedPlugin {
        Objects.requireNonNull(plugin, "plugin");
    }

    /**
     * The plug-in, checked (unchanged when it already is).
     *
     * @param plugin a plug-in
     * @return the checked plug-in
     */
    public static CheckedPlugin of(NoisePlugin plugin) {
        return plugin instanceof CheckedPlugin c ? c : new CheckedPlugin(plugin);
    }

    @Override
    public String name() {
        return plugin.name();
    }

    @Override
    public String description() {
        return plugin.description();
    }

    /**
     * The plug-in's noise on n samples at batch b, checked.
     *
     * @param n training samples
     * @param b SGD batch size
     * @return the noise, of dimension n, its calls and draws checked
     * @throws CheckFailure if {@code create} throws, returns null or a noise of another dimension
     */
    @Override
    public SamplingNoise create(int n, int b) {
        String call = "create(n=" + n + ", b=" + b + ")";
        SamplingNoise noise = call(call, () -> plugin.create(n, b));
        if (noise == null) {
            throw new CheckFailure("plug-in " + name() + ": " + call + " returned null; it must return a SamplingNoise of dimension n=" + n);
        }
        int dimension = call(call + ".dimension()", noise::dimension);
        if (dimension != n) {
            throw new CheckFailure("plug-in " + name() + ": " + call + " returned a noise of dimension " + dimension + "; it must be n=" + n);
        }
        return new Noise(this, call, noise);
    }

    /** The value of one call into the plug-in's code, or a {@link CheckFailure} naming the plug-in, the call and the cause. */
    <T> T call(String call, Supplier<T> body) {
        try {
            return body.get();
        } catch (CheckFailure f) {
            throw f;
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            throw new CheckFailure("plug-in " + name() + ": " + call + " threw " + CheckFailure.describe(e), e);
        }
    }

    /** A plug-in's noise whose calls and draws are checked. */
    private record Noise(CheckedPlugin plugin, String created, SamplingNoise noise) implements SamplingNoise {

        @Override
        public int dimension() {
            return noise.dimension();
        }

        @Override
        public String paperName() {
            return plugin.call(created + ".paperName()", noise::paperName);
        }

        @Override
        public String formula() {
            return plugin.call(created + ".formula()", noise::formula);
        }

        @Override
        public ExchangeableCovariance covariance() {
            return noise.covariance(); // UnsupportedOperationException is its contract for "no covariance"
        }

        @Override
        public CovarianceDeclaration declaredCovariance() {
            String call = created + ".declaredCovariance()";
            CovarianceDeclaration d = plugin.call(call, noise::declaredCovariance);
            if (d == null) {
                throw new CheckFailure("plug-in " + plugin.name() + ": " + call + " returned null; it must return a CovarianceDeclaration");
            }
            plugin.call(call + ".resolve(" + noise.dimension() + ")", () -> d.resolve(noise.dimension()));
            return d;
        }

        @Override
        public double mean() {
            return plugin.call(created + ".mean()", noise::mean);
        }

        @Override
        public NoiseSampler sampler(UniformRandomProvider rng) {
            NoiseSampler s = plugin.call(created + ".sampler(rng)", () -> noise.sampler(rng));
            if (s == null) {
                throw new CheckFailure("plug-in " + plugin.name() + ": " + created + ".sampler(rng) returned null");
            }
            int n = noise.dimension();
            return v -> {
                plugin.call(created + " sampler.sample(v)", () -> {
                    s.sample(v);
                    return null;
                });
                int bad = FiniteDraws.firstNonFinite(v, n);
                if (bad >= 0) {
                    throw new CheckFailure("plug-in " + plugin.name() + ": the noise of " + created + " " + FiniteDraws.drew("V", v, bad));
                }
            };
        }
    }
}
