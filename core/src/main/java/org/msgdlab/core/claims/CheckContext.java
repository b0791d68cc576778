package org.msgdlab.core.claims;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.random.Streams;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Everything a {@link Claim} may use while it is checked, passed in rather than read from the
 * environment: the budget, the master seed and the named streams derived from it, the work and
 * data folders, a log for progress lines, cancellation, and typed study options. A claim reads
 * nothing else (no system property, no environment variable, no static state), so the same
 * context gives the same evidence.
 *
 * <p>Immutable; {@code with…} return a new context. The log and the cancellation test are called
 * from the checking thread. Thread-safe as far as the log, the cancellation test and the option
 * values are.
 *
 * <p>Randomness: a claim draws from {@link #stream(String)} or seeds what it builds with
 * {@link #seedFor(String)}, by its id or a name of its own ({@code claimId + "/" + part}, a shared
 * simulation's name), never from its own clock. {@link #seed()} is the master seed as given: a claim
 * reads it to record it in its evidence, and the two deep claims whose graphs were seeded with it as
 * is before streams were named (Algorithm 1's identity, the efficiency remark) read it to keep their
 * numbers.
 *
 * <p>What the modules read: the budget, the data folder ({@link #data()}), the work folder, the log,
 * cancellation, and their own settings as typed {@link Option}s that each module declares beside its
 * study (the theory set-up, the plug-ins, the deep study's folders), so that this kernel stays ignorant
 * of the paper. The command line builds one context; every module's study and every claim read from it.
 *
 * @param budget    how much computation the check may spend
 * @param seed      the master seed (record it; draw through {@link #stream(String)} and {@link #seedFor(String)})
 * @param workDir   where a claim may keep what it computes across runs (the run's output folder), or null
 * @param dataDir   where its data lie (Fashion-MNIST), or null for the claim's default
 * @param log       receives progress lines (never null; ignores them by default)
 * @param cancelled true once the run was asked to stop (Ctrl-C)
 * @param options   typed study options by key (see {@link Option})
 */
public record CheckContext(Budget budget, long seed, Path workDir, Path dataDir, Consumer<String> log,
                           BooleanSupplier cancelled, Map<Option<?>, Object> options) {

    /**
     * The master seed of a run that names none ({@code msgd verify} without {@code --seed}, the test kit's
     * assertions, the studies whose committed runs were seeded with it): a fixed date (2020-07-12, the week
     * of ICML 2020), so that a plain run is reproducible. The one default of the master seed.
     */
    public static final long DEFAULT_SEED = 20200712L;

    /**
     * A typed option of a study, with its default: e.g. {@code new Option<>("b", Integer.class, 50)},
     * the SGD batch size the command line's {@code --b} sets.
     *
     * @param name         the option's name, as the command line spells it
     * @param type         its type
     * @param defaultValue its value when the context sets none
     * @param <T>          the type
     */
    public record Option<T>(String name, Class<T> type, T defaultValue) {
        /**
         * Checks that the option has a name and a type.
         *
         * @param name         the option's name, as the command line spells it
         * @param type         its type
         * @param defaultValue its value when the context sets none
         * @throws NullPointerException when {@code name} or {@code type} is null
         */
        public Option {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }

        /**
         * An option whose value is a list, empty by default (e.g. the plug-ins of {@code --plugin}).
         *
         * @param name    the option's name, as the command line spells it
         * @param element the type of its elements (documents the key; lists are not checked element by element)
         * @param <E>     the element type
         * @return the option
         */
        @SuppressWarnings("unchecked")
        public static <E> Option<java.util.List<E>> listOf(String name, Class<E> element) {
            Objects.requireNonNull(element, "element");
            return new Option<>(name, (Class<java.util.List<E>>) (Class<?>) java.util.List.class, java.util.List.of());
        }
    }

    /**
     * Fills in the defaults: a null log ignores its lines, a null cancellation test never cancels,
     * null options are none; the options are copied.
     *
     * @param budget    how much computation the check may spend
     * @param seed      the master seed
     * @param workDir   the work folder, or null
     * @param dataDir   the data folder, or null
     * @param log       receives progress lines, or null
     * @param cancelled true once the run was asked to stop, or null
     * @param options   typed study options by key, or null
     * @throws NullPointerException when {@code budget} is null, or an option's key or value is null
     */
    public CheckContext {
        Objects.requireNonNull(budget, "budget");
        log = log == null ? line -> { } : log;
        cancelled = cancelled == null ? () -> false : cancelled;
        options = Map.copyOf(options == null ? Map.of() : options);
    }

    /**
     * A context with nothing but a budget and a seed.
     *
     * @param budget the computation budget
     * @param seed   the master seed
     * @return a context with no folders, a silent log, no cancellation and every option at its default
     */
    public static CheckContext of(Budget budget, long seed) {
        return new CheckContext(budget, seed, null, null, null, null, Map.of());
    }

    /**
     * The seed of a named stream.
     *
     * @param name a name unique to what draws from it, e.g. the claim's id
     * @return the seed of the stream {@code name}: {@code Streams.derive(seed, name)}
     */
    public long seedFor(String name) {
        return Streams.derive(seed, name);
    }

    /**
     * A named random stream.
     *
     * @param name a name unique to what draws from it, e.g. the claim's id
     * @return a new generator of the stream {@code name}, the same sequence for the same seed and name
     */
    public UniformRandomProvider stream(String name) {
        return Streams.create(seedFor(name));
    }

    /** @return the work folder, when the run has one */
    public Optional<Path> work() {
        return Optional.ofNullable(workDir);
    }

    /** @return the data folder, when the run names one */
    public Optional<Path> data() {
        return Optional.ofNullable(dataDir);
    }

    /**
     * The value of an option.
     *
     * @param key the option
     * @param <T> its type
     * @return its value in this context, else its default
     */
    public <T> T option(Option<T> key) {
        Object v = options.get(key);
        return v == null ? key.defaultValue() : key.type().cast(v);
    }

    /**
     * Stops a long check when the run was cancelled.
     *
     * @throws CancellationException when {@link #cancelled} says so
     */
    public void stopIfCancelled() {
        if (cancelled.getAsBoolean()) {
            throw new CancellationException("cancelled");
        }
    }

    /**
     * This context with another work folder.
     *
     * @param dir the work folder, or null for none
     * @return this context with the work folder {@code dir}
     */
    public CheckContext withWorkDir(Path dir) {
        return new CheckContext(budget, seed, dir, dataDir, log, cancelled, options);
    }

    /**
     * This context with another data folder.
     *
     * @param dir the data folder, or null for the claim's default
     * @return this context with the data folder {@code dir}
     */
    public CheckContext withDataDir(Path dir) {
        return new CheckContext(budget, seed, workDir, dir, log, cancelled, options);
    }

    /**
     * This context with another log.
     *
     * @param sink receives progress lines; null ignores them
     * @return this context logging to {@code sink}
     */
    public CheckContext withLog(Consumer<String> sink) {
        return new CheckContext(budget, seed, workDir, dataDir, sink, cancelled, options);
    }

    /**
     * This context with another cancellation test.
     *
     * @param test true once the run was asked to stop; null never cancels
     * @return this context cancelled when {@code test} says so
     */
    public CheckContext withCancellation(BooleanSupplier test) {
        return new CheckContext(budget, seed, workDir, dataDir, log, test, options);
    }

    /**
     * This context with one option set.
     *
     * @param key   the option
     * @param value its value (of the option's type)
     * @param <T>   its type
     * @return this context with {@code key} set to {@code value}
     * @throws NullPointerException when {@code value} is null, naming the option
     * @throws ClassCastException   when {@code value} is not of the option's type
     */
    public <T> CheckContext with(Option<T> key, T value) {
        Map<Option<?>, Object> m = new LinkedHashMap<>(options);
        m.put(key, key.type().cast(Objects.requireNonNull(value, key.name())));
        return new CheckContext(budget, seed, workDir, dataDir, log, cancelled, m);
    }
}
