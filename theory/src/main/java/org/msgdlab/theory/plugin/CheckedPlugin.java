package org.msgdlab.theory.plugin;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.theory.noise.CovarianceDeclaration;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.FiniteDraws;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A user's plug-in as the toolkit calls it: every call into the user's code ({@code name()}, {@code description()},
 * {@code create}, and every method of the noise it creates and of that noise's samplers) goes through one
 * {@link PluginGuard}, so that a throw, a null, a noise of the wrong dimension, a non-finite draw, a call that does not
 * return within the per-call time limit, or one still running when the run is stopped becomes a {@link PluginFailure}
 * whose one-line message names the plug-in, its jar, the call and the cause
 * ({@code plug-in 'heavy' (jar heavy.jar): create(n=4, b=1) threw IllegalArgumentException: n=4 must be >= 10}), so
 * that verify gives that plug-in's claims ERROR verdicts with the reason and the rest of the run goes on, and a training
 * run with it is marked failed with the line.
 *
 * <p>The name is read once, when the plug-in is wrapped. A plug-in whose {@code name()} fails is kept, under a name made
 * from its class ({@code probe.bad-badname} for {@code probe.Bad$BadName}), as a broken plug-in: every call into it
 * fails with the failure of {@code name()}, so that its claims are ERROR with that line.
 * Immutable; thread-safe as far as the plug-in is.
 */
public final class CheckedPlugin implements NoisePlugin {

    private final NoisePlugin plugin;
    private final String name;
    private final Path source;
    private final PluginGuard guard;
    private final PluginFailure broken;

    private CheckedPlugin(NoisePlugin plugin, String name, Path source, PluginGuard guard, PluginFailure broken) {
        this.plugin = plugin;
        this.name = name;
        this.source = source;
        this.guard = guard;
        this.broken = broken;
    }

    /**
     * The plug-in, checked under the default limits (unchanged when it already is).
     *
     * @param plugin a plug-in
     * @return the checked plug-in
     * @throws NullPointerException if {@code plugin} is null
     */
    public static CheckedPlugin of(NoisePlugin plugin) {
        return plugin instanceof CheckedPlugin c ? c : wrap(plugin, null, PluginGuard.Limits.DEFAULT);
    }

    /**
     * A plug-in listed by a jar (or written inline: {@code source} null), its name read through the guard.
     *
     * @param plugin the user's plug-in
     * @param source the jar or class folder that listed it, or null
     * @param limits the time limit and stop test of its calls
     * @return the checked plug-in; a broken one ({@link #failure()}) when {@code name()} failed
     */
    static CheckedPlugin wrap(NoisePlugin plugin, Path source, PluginGuard.Limits limits) {
        Objects.requireNonNull(plugin, "plugin");
        String type = plugin.getClass().getName();
        PluginGuard byClass = new PluginGuard("plug-in " + type + jar(source), limits);
        try {
            String name = byClass.value("name()", plugin::name, "it must return the plug-in's name");
            return new CheckedPlugin(plugin, name, source, new PluginGuard("plug-in '" + name + "'" + jar(source), limits), null);
        } catch (PluginFailure f) {
            return new CheckedPlugin(plugin, nameOfClass(type), source, byClass, f);
        }
    }

    private static String jar(Path source) {
        return source == null ? "" : " (jar " + source + ")";
    }

    /** A plug-in name made from a class name: lower case, every character but letters, digits, '.' and '-' as '-'. */
    static String nameOfClass(String type) {
        String n = type.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "-");
        return n.isEmpty() || !Character.isLetter(n.charAt(0)) ? "p" + n : n;
    }

    /**
     * The same plug-in with its calls under other limits (a run's time limit, and its stop test); a call that timed
     * out under either stops the calls of both.
     *
     * @param limits the limits
     * @return the plug-in
     */
    public CheckedPlugin within(PluginGuard.Limits limits) {
        return new CheckedPlugin(plugin, name, source, guard.within(limits), broken);
    }

    /** @return the user's plug-in, unchecked */
    public NoisePlugin plugin() {
        return plugin;
    }

    /** @return the jar or class folder that listed the plug-in; empty for one written inline */
    public Optional<Path> source() {
        return Optional.ofNullable(source);
    }

    /** @return the failure of {@code name()} of a broken plug-in; empty for the others */
    public Optional<PluginFailure> failure() {
        return Optional.ofNullable(broken);
    }

    /** @return the guard of its calls */
    public PluginGuard guard() {
        return guard;
    }

    /** @return the name read when it was wrapped (for a broken plug-in, the name made from its class) */
    @Override
    public String name() {
        return name;
    }

    /** @throws PluginFailure when the call fails, or the plug-in is broken */
    @Override
    public String description() {
        requireWhole();
        return guard.value("description()", plugin::description, "it must return one sentence");
    }

    /**
     * The plug-in's noise on n samples at batch b, checked.
     *
     * @param n training samples
     * @param b SGD batch size
     * @return the noise, of dimension n, its calls and draws checked
     * @throws PluginFailure if {@code create} throws, returns null or a noise of another dimension, does not return within
     *                       the limit, or the plug-in is broken
     */
    @Override
    public SamplingNoise create(int n, int b) {
        requireWhole();
        String call = "create(n=" + n + ", b=" + b + ")";
        SamplingNoise noise = guard.value(call, () -> plugin.create(n, b), "it must return a SamplingNoise of dimension n=" + n);
        int dimension = guard.value(call + ".dimension()", noise::dimension, "it must return n");
        if (dimension != n) {
            throw guard.broke(call, "returned a noise of dimension " + dimension + "; it must be n=" + n);
        }
        // read once: claims name the noise in their statements, which are shown even after the plug-in stopped answering
        String paperName = guard.value(call + ".paperName()", noise::paperName, "it must return the method's name");
        String formula = guard.value(call + ".formula()", noise::formula, "it must return the noise's formula");
        return new Noise(guard, call, noise, n, paperName, formula);
    }

    private void requireWhole() {
        if (broken != null) {
            throw broken;
        }
    }

    @Override
    public String toString() {
        return guard.who();
    }

    /**
     * A plug-in's noise whose calls and draws are checked; its dimension, name and formula were read (and checked) when
     * it was created.
     */
    private record Noise(PluginGuard guard, String created, SamplingNoise noise, int n, String paperName, String formula)
            implements SamplingNoise {

        @Override
        public int dimension() {
            return n;
        }

        @Override
        public ExchangeableCovariance covariance() {
            // UnsupportedOperationException is its contract for "no covariance": passed on as it is
            Object c = guard.value(created + ".covariance()", () -> {
                try {
                    return noise.covariance();
                } catch (UnsupportedOperationException none) {
                    return none;
                }
            }, "it must return the covariance, or throw UnsupportedOperationException");
            if (c instanceof UnsupportedOperationException none) {
                throw none;
            }
            return (ExchangeableCovariance) c;
        }

        @Override
        public CovarianceDeclaration declaredCovariance() {
            String call = created + ".declaredCovariance()";
            CovarianceDeclaration d = guard.value(call, noise::declaredCovariance, "it must return a CovarianceDeclaration");
            guard.call(call + ".resolve(" + n + ")", () -> d.resolve(n));
            return d;
        }

        @Override
        public double mean() {
            return guard.value(created + ".mean()", noise::mean, "it must return a number");
        }

        @Override
        public NoiseSampler sampler(UniformRandomProvider rng) {
            String call = created + ".sampler(rng)";
            NoiseSampler s = guard.value(call, () -> noise.sampler(rng), "it must return a NoiseSampler");
            String sample = call + ".sample(v)";
            String drawn = "the noise of " + created;
            return v -> {
                guard.run(sample, () -> s.sample(v));
                int bad = FiniteDraws.firstNonFinite(v, n);
                if (bad >= 0) {
                    throw guard.broke(drawn, FiniteDraws.drew("V", v, bad));
                }
            };
        }
    }
}
