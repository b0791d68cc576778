package org.msgdlab.deep.train;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.theory.noise.BernoulliNoise;
import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.MiniBatchMsgd;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SamplingVector;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.msgdlab.theory.noise.SparseCovNoise;
import org.msgdlab.theory.noise.SparseFisherNoise;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.NoisePlugins;
import org.msgdlab.core.random.Streams;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A training method of the paper, named as the paper names it, and how it draws the examples and
 * weights {@code (S, W_S)} of each step. The sampling noises come from {@code org.msgdlab.theory.noise}:
 * <ul>
 *   <li>{@code gd}: W = 1/n.</li>
 *   <li>{@code sgd-b} (with replacement, the paper's default) and {@code sgd-b-wor}: W = 1/n + V_sgd.</li>
 *   <li>{@code msgd-cov}, {@code msgd-fisher}, {@code msgd-bernoulli}: Algorithm 1, W = 1/n + V with
 *       ({@code msgd-bernoulli-K}: keep probability K/n, weight 1/K, instead of b/n and 1/b)
 *       {@link CenteredExchangeableNoise#msgdCov}, {@link FisherNoise}, {@link BernoulliNoise}.</li>
 *   <li>{@code msgd-[fisher-B]}, {@code msgd-[cov-B]}: Algorithm 1 with the sparse Gaussian noises
 *       {@link SparseFisherNoise} (form {@code MINI_BATCH_FISHER}, batch drawn without replacement) and
 *       {@link SparseCovNoise}.</li>
 *   <li>{@code [msgd-fisher]-B}, {@code [msgd-cov]-B}: Algorithm 2 (mini-batch MSGD) with
 *       {@link MiniBatchMsgd#fisherCompensated} / {@link MiniBatchMsgd#covCompensated}; the
 *       compensatory magnitude s defaults to the one matching SGD-b's per-weight variance
 *       ({@link MiniBatchMsgd#fisherMagnitudeMatchingSgd}); the paper tunes it.</li>
 * </ul>
 * A W whose support is at most half of the training set (SGD, Bernoulli) is fed as its support
 * only: the dropped examples have weight exactly 0, so the gradient is the same.
 *
 * <p>Each iteration k draws from its own stream {@code Streams.derive(derive(seed, "deep.noise"), k)},
 * so a resumed run draws exactly what the uninterrupted one drew.
 * <p>
 * Immutable, and thread-safe as far as its plug-in is.
 *
 * @param kind      the method family
 * @param b         the SGD batch size b (SGD's batch, the b of Algorithm 1's noises), >= 1
 * @param bigBatch  B: the sparse noises' and Algorithm 2's batch (>= 1 there); for {@code MSGD_BERNOULLI} the
 *                  expected batch K (0: b); 0 otherwise
 * @param magnitude Algorithm 2's compensatory magnitude s, >= 0; NaN: matched to SGD-b
 * @param plugin    the noise of a {@code PLUGIN} method; null for the others
 */
public record Method(Kind kind, int b, int bigBatch, double magnitude, NoisePlugin plugin) {

    /** The method families; {@code PLUGIN}: Algorithm 1 with a user's noise ({@link NoisePlugin}). */
    public enum Kind {
        GD, SGD, SGD_WOR, MSGD_COV, MSGD_FISHER, MSGD_BERNOULLI, MSGD_SPARSE_FISHER, MSGD_SPARSE_COV,
        MINIBATCH_FISHER, MINIBATCH_COV, PLUGIN
    }

    /**
     * A built-in method (no plug-in).
     *
     * @param kind      the method family, not {@code PLUGIN}
     * @param b         the SGD batch size
     * @param bigBatch  B, or Bernoulli's expected batch (0: b)
     * @param magnitude Algorithm 2's compensatory magnitude (NaN: matched to SGD-b)
     * @throws IllegalArgumentException when a rule of the canonical constructor is broken
     */
    public Method(Kind kind, int b, int bigBatch, double magnitude) {
        this(kind, b, bigBatch, magnitude, null);
    }

    /**
     * Validates the method.
     *
     * @throws IllegalArgumentException when a plug-in is given to a non-{@code PLUGIN} kind or missing for
     *                                  {@code PLUGIN}, {@code b < 1}, {@code bigBatch < 1} for a sparse or
     *                                  Algorithm 2 kind, or {@code magnitude} is neither >= 0 nor NaN
     */
    public Method {
        if ((kind == Kind.PLUGIN) != (plugin != null)) {
            throw new IllegalArgumentException("method " + kind + ": a plug-in is needed exactly by plug-in methods (plugin:NAME)");
        }
        if (b < 1) {
            throw new IllegalArgumentException("method " + kind + ": SGD batch size b=" + b + " must be >= 1");
        }
        boolean needsBig = kind == Kind.MSGD_SPARSE_FISHER || kind == Kind.MSGD_SPARSE_COV
                || kind == Kind.MINIBATCH_FISHER || kind == Kind.MINIBATCH_COV;
        if (needsBig && bigBatch < 1) {
            throw new IllegalArgumentException("method " + kind + ": batch size B=" + bigBatch + " must be >= 1");
        }
        if (!(magnitude >= 0) && !Double.isNaN(magnitude)) {
            throw new IllegalArgumentException("method " + kind + ": compensatory magnitude s=" + magnitude
                    + " must be >= 0 (NaN: matched to SGD-b)");
        }
    }

    private static final Pattern BERNOULLI = Pattern.compile("msgd-bernoulli-(\\d+)");
    private static final Pattern SGD = Pattern.compile("sgd(?:-(\\d+))?(-wor)?");
    private static final Pattern SPARSE = Pattern.compile("msgd-\\[(fisher|cov)-(\\d+)]|msgd-sparse-(fisher|cov)-(\\d+)");
    private static final Pattern MINI = Pattern.compile("\\[msgd-(fisher|cov)]-(\\d+)|minibatch-msgd-(fisher|cov)-(\\d+)");

    /** The accepted spellings, for messages. */
    public static final String SYNTAX = "gd, sgd[-b][-wor], msgd-cov, msgd-fisher, msgd-bernoulli[-K] (K: expected batch, default b), "
            + "msgd-[fisher-B] (or msgd-sparse-fisher-B), msgd-[cov-B] (or msgd-sparse-cov-B), "
            + "[msgd-fisher]-B (or minibatch-msgd-fisher-B), [msgd-cov]-B (or minibatch-msgd-cov-B), "
            + "plugin:NAME (a plug-in noise of a --plugin jar)";

    private static final String PLUGIN_PREFIX = "plugin:";
    private static final String PLUGIN_ID_PREFIX = "plugin-";

    /**
     * Parses a method name; {@code b} is the preset's SGD batch size, used when the name carries none.
     * {@code magnitude} is the compensatory noise magnitude of Algorithm 2 (NaN: matched to SGD-b).
     *
     * @param name      the name, one of {@link #SYNTAX} (case and surrounding blanks ignored)
     * @param b         the preset's SGD batch size
     * @param magnitude Algorithm 2's compensatory magnitude; NaN: matched to SGD-b
     * @return the method
     * @throws IllegalArgumentException when the name is none of {@link #SYNTAX} (a plug-in name among them:
     *                                  no plug-ins are given here), or a rule of the constructor is broken
     */
    public static Method parse(String name, int b, double magnitude) {
        return parse(name, b, magnitude, List.of());
    }

    /**
     * Parses a method name among the built-in ones and {@code plugin:NAME} (or its id {@code plugin-NAME})
     * for one of {@code plugins}: Algorithm 1 with that plug-in's noise at this SGD batch b.
     *
     * @param name      the name, one of {@link #SYNTAX} (case and surrounding blanks ignored)
     * @param b         the preset's SGD batch size
     * @param magnitude Algorithm 2's compensatory magnitude; NaN: matched to SGD-b
     * @param plugins   the loaded plug-ins
     * @return the method
     * @throws IllegalArgumentException when the name is none of {@link #SYNTAX}, a batch size in it exceeds
     *                                  {@link Integer#MAX_VALUE}, it names a plug-in and {@code plugins} is empty
     *                                  or holds none of that name, or a rule of the constructor is broken
     */
    public static Method parse(String name, int b, double magnitude, List<NoisePlugin> plugins) {
        String s = name.trim().toLowerCase(Locale.ROOT);
        if (s.startsWith(PLUGIN_PREFIX) || s.startsWith(PLUGIN_ID_PREFIX)) {
            String plugin = name.trim().substring(PLUGIN_PREFIX.length());
            if (plugins.isEmpty()) {
                throw new IllegalArgumentException("method '" + name + "' names a plug-in noise: give the jar that holds it"
                        + " with --plugin JAR");
            }
            return new Method(Kind.PLUGIN, b, 0, Double.NaN, NoisePlugins.named(plugins, plugin));
        }
        switch (s) {
            case "gd":
                return new Method(Kind.GD, b, 0, Double.NaN);
            case "msgd-cov":
                return new Method(Kind.MSGD_COV, b, 0, Double.NaN);
            case "msgd-fisher":
                return new Method(Kind.MSGD_FISHER, b, 0, Double.NaN);
            case "msgd-bernoulli":
                return new Method(Kind.MSGD_BERNOULLI, b, 0, Double.NaN);
            default:
                break;
        }
        Matcher bern = BERNOULLI.matcher(s);
        if (bern.matches()) {
            return new Method(Kind.MSGD_BERNOULLI, b, size(name, bern.group(1)), Double.NaN);
        }
        Matcher m = SGD.matcher(s);
        if (m.matches()) {
            int bb = m.group(1) == null ? b : size(name, m.group(1));
            return new Method(m.group(2) == null ? Kind.SGD : Kind.SGD_WOR, bb, 0, Double.NaN);
        }
        m = SPARSE.matcher(s);
        if (m.matches()) {
            String which = m.group(1) != null ? m.group(1) : m.group(3);
            int bigB = size(name, m.group(2) != null ? m.group(2) : m.group(4));
            return new Method(which.equals("fisher") ? Kind.MSGD_SPARSE_FISHER : Kind.MSGD_SPARSE_COV, b, bigB, Double.NaN);
        }
        m = MINI.matcher(s);
        if (m.matches()) {
            String which = m.group(1) != null ? m.group(1) : m.group(3);
            int bigB = size(name, m.group(2) != null ? m.group(2) : m.group(4));
            return new Method(which.equals("fisher") ? Kind.MINIBATCH_FISHER : Kind.MINIBATCH_COV, b, bigB, magnitude);
        }
        throw new IllegalArgumentException("method '" + name + "' must be one of " + SYNTAX);
    }

    /** A batch size written in a method name: a whole number that fits an int (the range is checked later). */
    private static int size(String name, String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("method '" + name + "': the batch size " + digits + " is beyond "
                    + Integer.MAX_VALUE);
        }
    }

    /** @return the paper's name, e.g. {@code MSGD-[Fisher-10]} or {@code SGD-50} */
    public String paperName() {
        return switch (kind) {
            case GD -> "GD";
            case SGD -> "SGD-" + b;
            case SGD_WOR -> "SGD-" + b + " (without replacement)";
            case MSGD_COV -> "MSGD-Cov";
            case MSGD_FISHER -> "MSGD-Fisher";
            case MSGD_BERNOULLI -> bigBatch > 0 ? "MSGD-Bernoulli (expected batch " + bigBatch + ")" : "MSGD-Bernoulli";
            case MSGD_SPARSE_FISHER -> "MSGD-[Fisher-" + bigBatch + "]";
            case MSGD_SPARSE_COV -> "MSGD-[Cov-" + bigBatch + "]";
            case MINIBATCH_FISHER -> "[MSGD-Fisher]-" + bigBatch;
            case MINIBATCH_COV -> "[MSGD-Cov]-" + bigBatch;
            case PLUGIN -> "MSGD with plug-in " + plugin.name();
        };
    }

    /** @return a stable lower-case id, usable in file names and claim ids (a plug-in's name keeps its case) */
    public String id() {
        return switch (kind) {
            case GD -> "gd";
            case SGD -> "sgd-" + b;
            case SGD_WOR -> "sgd-" + b + "-wor";
            case MSGD_COV -> "msgd-cov";
            case MSGD_FISHER -> "msgd-fisher";
            case MSGD_BERNOULLI -> bigBatch > 0 ? "msgd-bernoulli-" + bigBatch : "msgd-bernoulli";
            case MSGD_SPARSE_FISHER -> "msgd-sparse-fisher-" + bigBatch;
            case MSGD_SPARSE_COV -> "msgd-sparse-cov-" + bigBatch;
            case MINIBATCH_FISHER -> "minibatch-msgd-fisher-" + bigBatch;
            case MINIBATCH_COV -> "minibatch-msgd-cov-" + bigBatch;
            case PLUGIN -> PLUGIN_ID_PREFIX + plugin.name();
        };
    }

    /** @return whether this is Algorithm 2 (a mini-batch per step) rather than Algorithm 1 (the whole training set) */
    public boolean miniBatch() {
        return kind == Kind.MINIBATCH_FISHER || kind == Kind.MINIBATCH_COV;
    }

    /**
     * The sampling noise V of Algorithm 1 on n samples (null for GD and for Algorithm 2).
     *
     * @param n the number of training samples
     * @return the noise, or null
     */
    public SamplingNoise noise(int n) {
        return switch (kind) {
            case GD, MINIBATCH_FISHER, MINIBATCH_COV -> null;
            case SGD -> new SgdWithReplacement(n, b);
            case SGD_WOR -> new SgdWithoutReplacement(n, b);
            case MSGD_COV -> CenteredExchangeableNoise.msgdCov(n, b);
            case MSGD_FISHER -> new FisherNoise(n, b);
            case MSGD_BERNOULLI -> new BernoulliNoise(n, bigBatch > 0 ? bigBatch : b);
            case MSGD_SPARSE_FISHER -> new SparseFisherNoise(n, b, bigBatch, SparseFisherNoise.Form.MINI_BATCH_FISHER, false);
            case MSGD_SPARSE_COV -> new SparseCovNoise(n, b, bigBatch);
            case PLUGIN -> plugin.create(n, b);
        };
    }

    /**
     * The mini-batch MSGD of Algorithm 2 on n samples (null for Algorithm 1 methods).
     *
     * @param n the number of training samples
     * @return the mini-batch MSGD, or null
     */
    public MiniBatchMsgd miniBatchMsgd(int n) {
        if (!miniBatch()) {
            return null;
        }
        double s = Double.isNaN(magnitude) ? MiniBatchMsgd.fisherMagnitudeMatchingSgd(n, b, bigBatch) : magnitude;
        return kind == Kind.MINIBATCH_FISHER ? MiniBatchMsgd.fisherCompensated(n, bigBatch, s)
                : MiniBatchMsgd.covCompensated(n, bigBatch, s);
    }

    /**
     * The examples and weights of one step. The arrays are shared, not copied.
     *
     * @param indices the training examples fed (repeats possible)
     * @param weights their weights in the gradient, one per index
     */
    public record Feed(int[] indices, double[] weights) {
        /** @return the number of examples fed */
        public int size() {
            return indices.length;
        }
    }

    /**
     * Draws the feeds of a run over n training samples with master seed {@code seed} (no batch norm).
     *
     * @param n    the number of training samples
     * @param seed the run's seed
     * @return the per-iteration draws
     */
    public Plan plan(int n, long seed) {
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
    public Plan plan(int n, long seed, boolean batchNorm) {
        return new Plan(this, n, Streams.derive(seed, "deep.noise." + id()), batchNorm);
    }

    /** The per-iteration draws of a method; {@link #draw} depends only on the seed, the method and k. */
    public static final class Plan {
        private final Method method;
        private final int n;
        private final long stream;
        private final SamplingNoise noise;
        private final MiniBatchMsgd mini;
        private final int[] all;
        private final boolean batchNorm;

        Plan(Method method, int n, long stream, boolean batchNorm) {
            this.batchNorm = batchNorm;
            this.method = method;
            this.n = n;
            this.stream = stream;
            this.noise = method.noise(n);
            this.mini = method.miniBatchMsgd(n);
            this.all = new int[n];
            Arrays.setAll(all, i -> i);
        }

        /** @return the compensatory magnitude used by Algorithm 2 (NaN for Algorithm 1) */
        public double magnitude() {
            if (mini == null) {
                return Double.NaN;
            }
            return Math.sqrt(mini.compensatory().covariance().diagonal());
        }

        /**
         * The feed of iteration {@code k} (a pure function of the seed, the method and k).
         *
         * @param k the iteration
         * @return the examples and weights of that step
         * @throws IllegalStateException with batch norm, when SGD's weights are not multiples of 1/b adding up to 1
         */
        public Feed draw(long k) {
            UniformRandomProvider rng = Streams.create(Streams.derive(stream, k));
            if (mini != null) {
                int bigB = method.bigBatch();
                int[] idx = new int[bigB];
                double[] w = new double[bigB];
                mini.batchSampler(rng).sample(idx, w);
                return new Feed(idx, w);
            }
            double[] w = new double[n];
            if (noise == null) {
                Arrays.fill(w, 1.0 / n);
                return new Feed(all, w);
            }
            NoiseSampler s = new SamplingVector(noise).sampler(rng);
            s.sample(w);
            if (batchNorm) {
                return method.kind == Kind.SGD || method.kind == Kind.SGD_WOR ? sampledBatch(w) : new Feed(all, w);
            }
            int support = 0;
            for (double x : w) {
                if (x != 0.0) {
                    support++;
                }
            }
            if (support > n / 2 || support == 0) {
                return new Feed(all, w);
            }
            int[] idx = new int[support];
            double[] ws = new double[support];
            int j = 0;
            for (int i = 0; i < n; i++) {
                if (w[i] != 0.0) {
                    idx[j] = i;
                    ws[j++] = w[i];
                }
            }
            return new Feed(idx, ws);
        }

        /** SGD's batch behind W = (c_i / b): example i repeated c_i times, each with weight 1/b. */
        private Feed sampledBatch(double[] w) {
            int b = method.b();
            int[] idx = new int[b];
            int j = 0;
            for (int i = 0; i < n; i++) {
                long copies = Math.round(w[i] * b);
                if (Math.abs(copies - w[i] * b) > 1e-6) {
                    throw new IllegalStateException("SGD weight " + w[i] + " of example " + i + " is not a multiple of 1/b, b=" + b);
                }
                for (long c = 0; c < copies; c++) {
                    idx[j++] = i;
                }
            }
            if (j != b) {
                throw new IllegalStateException("SGD weights add up to " + j + " examples, expected b=" + b);
            }
            double[] ws = new double[b];
            Arrays.fill(ws, 1.0 / b);
            return new Feed(idx, ws);
        }
    }
}
