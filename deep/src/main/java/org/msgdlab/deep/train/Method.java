package org.msgdlab.deep.train;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.random.Streams;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.PluginGuard;

import java.util.List;

/**
 * A training method of the paper, named as the paper names it, and how it draws the examples and
 * weights {@code (S, W_S)} of each step. Three shapes, each variant a record of this package that carries
 * its own names, spelling, checks and draws:
 * <ul>
 *   <li>{@link GdMethod} {@code gd}: W = 1/n.</li>
 *   <li>{@link Algorithm1Method}: W = 1/n + V with a sampling noise V of {@code org.msgdlab.theory.noise}
 *       ({@link #noise}): {@code sgd-b} (with replacement, the paper's default) and {@code sgd-b-wor}
 *       ({@link SgdMethod}); {@code msgd-cov}, {@code msgd-fisher} ({@link MsgdGaussianMethod});
 *       {@code msgd-bernoulli[-K]} ({@link MsgdBernoulliMethod}); the sparse noises {@code msgd-[fisher-B]},
 *       {@code msgd-[cov-B]} ({@link MsgdSparseMethod}); a user's noise {@code plugin:NAME} ({@link PluginMethod}).</li>
 *   <li>{@link Algorithm2Method} (mini-batch MSGD): {@code [msgd-fisher]-B}, {@code [msgd-cov]-B}
 *       ({@link MiniBatchMsgdMethod}); the compensatory magnitude s defaults to the one matching SGD-b's
 *       per-weight variance; the paper tunes it.</li>
 * </ul>
 *
 * <h2>What a new noise needs</h2>
 * A noise of a family that exists (a Gaussian noise of the whole training set, a sparse one, a compensatory
 * one of Algorithm 2) is one constant of that record's enum, giving the theory noise ({@code of}), and its
 * spelling in {@link MethodNames}' list; names, ids and checks follow from the constant's name. Any other noise
 * is one file and two entries:
 * <ol>
 *   <li>a record of this package implementing {@link Algorithm1Method} (or {@link Algorithm2Method}), with
 *       {@link #b()} among its components; its compact constructor checks its numbers through
 *       {@link MethodChecks} (the messages name the method's family); it gives {@link #noise(int)} (the theory
 *       {@link SamplingNoise} on n samples), {@link #paperName()}, {@link #id()} (stable and lower-case: it
 *       names run directories, seeds the method's draws as {@code "deep.noise." + id} and is run.json's
 *       "method", so it must parse back to the same method) and a {@code static final MethodNames.Spelling
 *       SPELLING}: the syntax shown in messages and the reading of a {@code --method} name;</li>
 *   <li>its name in the {@code permits} of {@link Algorithm1Method} (or {@link Algorithm2Method});</li>
 *   <li>its {@code SPELLING} in {@link MethodNames}' list.</li>
 * </ol>
 * {@code MethodTest} checks that every permitted record and every constant is read back from its id. Nothing
 * else names a variant, except where a setting applies to one method only ({@link Protocol#resolve},
 * {@code --magnitude}, {@code --bernoulli-batch}).
 *
 * <p>A W whose support is at most half of the training set (SGD, Bernoulli) is fed as its support
 * only: the dropped examples have weight exactly 0, so the gradient is the same.
 * Each iteration k draws from its own stream {@code Streams.derive(derive(seed, "deep.noise." + id), k)},
 * so a resumed run draws exactly what the uninterrupted one drew.
 * <p>
 * Immutable, and thread-safe as far as its plug-in is.
 */
public sealed interface Method permits GdMethod, Algorithm1Method, Algorithm2Method {

    /** @return the SGD batch size b (SGD's batch, the b of Algorithm 1's noises), >= 1 */
    int b();

    /**
     * @return B: the sparse noises' and Algorithm 2's batch; for {@code msgd-bernoulli} the expected batch K
     *         (0: b); 0 for the others
     */
    default int bigBatch() {
        return 0;
    }

    /** @return Algorithm 2's compensatory magnitude s as given (NaN: matched to SGD-b, and for the others) */
    default double magnitude() {
        return Double.NaN;
    }

    /** @return the plug-in of a {@code plugin:NAME} method; null for the others */
    default NoisePlugin plugin() {
        return null;
    }

    /**
     * This method with its calls into a plug-in's code under a run's limits (the time limit of one call, and the run's
     * stop test): a {@code plugin:NAME} method's; the others call no plug-in and are returned as they are.
     *
     * @param limits the run's limits ({@link TrainingContext#pluginLimits()})
     * @return the method
     */
    default Method withPluginLimits(PluginGuard.Limits limits) {
        return this;
    }

    /** @return the paper's name, e.g. {@code MSGD-[Fisher-10]} or {@code SGD-50} */
    String paperName();

    /** @return a stable lower-case id, usable in file names and claim ids (a plug-in's name keeps its case) */
    String id();

    /**
     * The distribution class of a method's noise W: the factor the noise-class study varies at equal covariance.
     */
    enum NoiseClass {
        /** no multiplicative noise of its own class: GD, SGD's sampling, Algorithm 2, a plug-in */
        OTHER("other"),
        /** a Gaussian W over the whole training set: MSGD-Fisher, MSGD-Cov */
        GAUSSIAN("Gaussian"),
        /** a Bernoulli W: MSGD-Bernoulli */
        BERNOULLI("Bernoulli"),
        /** a Gaussian W on B examples of a step: MSGD-[Fisher-B], MSGD-[Cov-B], MSGD-[Cov-exact-B] */
        SPARSE("sparse");

        private final String label;

        NoiseClass(String label) {
            this.label = label;
        }

        /** @return the class in the studies' tables' words, e.g. {@code Gaussian} or {@code sparse} */
        public String label() {
            return label;
        }
    }

    /** @return the distribution class of this method's noise */
    default NoiseClass noiseClass() {
        return NoiseClass.OTHER;
    }

    /**
     * @return whether this method's noise is one of the paper's Cov noises, built on the gradients' centred
     *         covariance (Figure 3(a), Appendix C), rather than on their second moment (the Fisher noises)
     */
    default boolean centredCovariance() {
        return false;
    }

    /** @return whether this is Algorithm 2 (a mini-batch per step) rather than Algorithm 1 (the whole training set) */
    default boolean miniBatch() {
        return false;
    }

    /**
     * The theory's sampling noise this method's W follows on n samples: V of Algorithm 1, the mini-batch MSGD
     * of Algorithm 2; null for GD (W = 1/n exactly).
     *
     * @param n the number of training samples
     * @return the noise, or null
     */
    default SamplingNoise noise(int n) {
        return null;
    }

    /**
     * @param n the number of training samples
     * @return the noise as run.json describes it ("samplingNoise")
     */
    String samplingNoise(int n);

    /**
     * @param n the number of training samples
     * @return the compensatory magnitude Algorithm 2 uses on n samples (NaN for the others)
     */
    default double compensatoryMagnitude(int n) {
        return Double.NaN;
    }

    /**
     * How the steps of a run over n samples draw their feeds.
     *
     * @param n         the number of training samples
     * @param batchNorm whether the network has batch norm (see {@link #plan(int, long, boolean)})
     * @return the draw of one step from its stream
     */
    Feeds feeds(int n, boolean batchNorm);

    /** @return the accepted spellings of a method, for messages */
    static String syntax() {
        return MethodNames.syntax();
    }

    /**
     * Parses a method name; {@code b} is the preset's SGD batch size, used when the name carries none.
     * {@code magnitude} is the compensatory noise magnitude of Algorithm 2 (NaN: matched to SGD-b).
     *
     * @param name      the name, one of {@link #syntax()} (case and surrounding blanks ignored)
     * @param b         the preset's SGD batch size
     * @param magnitude Algorithm 2's compensatory magnitude; NaN: matched to SGD-b
     * @return the method
     * @throws IllegalArgumentException when the name is none of {@link #syntax()} (a plug-in name among them:
     *                                  no plug-ins are given here), or a rule of the method is broken
     */
    static Method parse(String name, int b, double magnitude) {
        return parse(name, b, magnitude, List.of());
    }

    /**
     * Parses a method name among the built-in ones and {@code plugin:NAME} (or its id {@code plugin-NAME})
     * for one of {@code plugins}: Algorithm 1 with that plug-in's noise at this SGD batch b.
     *
     * @param name      the name, one of {@link #syntax()} (case and surrounding blanks ignored)
     * @param b         the preset's SGD batch size
     * @param magnitude Algorithm 2's compensatory magnitude; NaN: matched to SGD-b
     * @param plugins   the loaded plug-ins
     * @return the method
     * @throws IllegalArgumentException when the name is none of {@link #syntax()}, a batch size in it exceeds
     *                                  {@link Integer#MAX_VALUE}, it names a plug-in and {@code plugins} is empty
     *                                  or holds none of that name, or a rule of the method is broken
     */
    static Method parse(String name, int b, double magnitude, List<NoisePlugin> plugins) {
        return MethodNames.parse(name, b, magnitude, plugins);
    }

    /**
     * A method name as the studies' verdict tables and claims write it, from the name as given (not from the parsed
     * method, whose {@link #paperName()} spells out defaults: {@code msgd-bernoulli} stays MSGD-Bernoulli): the
     * paper's capitals, {@code gd} GD, {@code sgd-50} SGD-50, {@code msgd-bernoulli-20} MSGD-Bernoulli-20,
     * {@code msgd-[fisher-10]} MSGD-[Fisher-10], {@code [msgd-fisher]-500} [MSGD-Fisher]-500; a plug-in's
     * {@code plugin:NAME} as it is. The one place a method's name is turned into words by its spelling.
     *
     * @param method a method name, as {@link #parse} takes it (lower case)
     * @return its short name
     */
    static String shortName(String method) {
        return MethodNames.shortName(method);
    }

    /**
     * Whether a name is written as a plug-in's noise ({@code plugin:NAME} or {@code plugin-NAME}), which only
     * {@link #parse(String, int, double, List)} with that plug-in loaded can read.
     *
     * @param name a method name as given
     * @return whether it names a plug-in
     */
    static boolean namesPlugin(String name) {
        return PluginMethod.names(name);
    }

    /**
     * Draws the feeds of a run over n training samples with master seed {@code seed} (no batch norm).
     *
     * @param n    the number of training samples
     * @param seed the run's seed
     * @return the per-iteration draws
     */
    default Plan plan(int n, long seed) {
        return plan(n, seed, false);
    }

    /**
     * Draws the feeds of a run; {@code batchNorm}: the network has batch norm, so what is fed is
     * what is normalized together, and the feeds follow the algorithms literally: SGD feeds its
     * sampled batch of b examples (repeats included, weight 1/b each: the same W), Algorithm 1
     * methods feed the whole training set (in chunks), never only the support of W. The draws (and so
     * W) are the same as without batch norm.
     *
     * @param n         the number of training samples
     * @param seed      the run's seed
     * @param batchNorm whether the network has batch norm
     * @return the per-iteration draws
     */
    default Plan plan(int n, long seed, boolean batchNorm) {
        return new Plan(this, n, Streams.derive(seed, "deep.noise." + id()), batchNorm);
    }

    /**
     * The examples and weights of one step. The arrays are shared, not copied.
     *
     * @param indices the training examples fed (repeats possible)
     * @param weights their weights in the gradient, one per index
     */
    record Feed(int[] indices, double[] weights) {
        /** @return the number of examples fed */
        public int size() {
            return indices.length;
        }
    }

    /** The draw of one step's feed from that step's random stream. */
    @FunctionalInterface
    interface Feeds {
        /**
         * @param rng the step's stream
         * @return the examples and weights of that step
         * @throws IllegalStateException with batch norm, when SGD's weights are not multiples of 1/b adding up to 1
         */
        Feed draw(UniformRandomProvider rng);
    }

    /** The per-iteration draws of a method; {@link #draw} depends only on the seed, the method and k. */
    final class Plan {
        private final long stream;
        private final Feeds feeds;
        private final double magnitude;

        Plan(Method method, int n, long stream, boolean batchNorm) {
            this.stream = stream;
            this.feeds = method.feeds(n, batchNorm);
            this.magnitude = method.compensatoryMagnitude(n);
        }

        /** @return the compensatory magnitude used by Algorithm 2 (NaN for Algorithm 1) */
        public double magnitude() {
            return magnitude;
        }

        /**
         * The feed of iteration {@code k} (a pure function of the seed, the method and k).
         *
         * @param k the iteration
         * @return the examples and weights of that step
         * @throws IllegalStateException with batch norm, when SGD's weights are not multiples of 1/b adding up to 1
         */
        public Feed draw(long k) {
            return feeds.draw(Streams.create(Streams.derive(stream, k)));
        }
    }
}
