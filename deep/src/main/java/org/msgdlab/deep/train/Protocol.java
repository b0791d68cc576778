package org.msgdlab.deep.train;

import org.msgdlab.deep.graph.PixelScale;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a set-up is run: as the paper's text describes it ({@code paper-text}), or as the authors'
 * released code ({@code uuujf/MultiNoise}, commit 3516e83) runs it ({@code authors-code}). The
 * differences, each settable on its own (deep/README.md has the table with sources):
 *
 * Immutable and thread-safe.
 *
 * @param name            {@code paper-text}, {@code authors-code}, or {@code custom (from NAME)} once a field is
 *                        overridden
 * @param pixels          what the first layer sees: x/255 in [0, 1] (Appendix C) or the raw 0-255 values
 *                        (FashionMNIST/mnist.py:37-41 never divides)
 * @param initialization  the framework's per-layer uniform default, or one flat N(0, initStd^2) draw of every
 *                        parameter, biases included (FashionMNIST/net.py:8-12)
 * @param initStd         standard deviation of the flat normal draw (0.02 in net.py:12)
 * @param split           the training set: drawn at random (seeded, Appendix C "we randomly choose") or the
 *                        first n images of the pool (mnist2np.py:44-51, svhn2np.py:28)
 * @param sgdSampling     SGD's mini-batch with replacement (the paper's sampling model, Section 3) or without
 *                        replacement within a batch (mnist.py:49, {@code np.random.choice(n, b, False)})
 * @param bernoulliBatch  expected batch of MSGD-Bernoulli, keep probability bernoulliBatch/n with weight
 *                        1/bernoulliBatch; 0: the SGD batch b (Section 4.3); the authors' default is
 *                        prob 0.02, value 50 (FashionMNIST/bgd.py:13-14), i.e. 20 of n = 1000
 * @param presetOverrides which preset-level settings differ (learning rate, schedule, iterations, weight
 *                        decay, ghost batch norm), applied by {@link #apply(Preset)}
 */
public record Protocol(String name, PixelScale pixels, Initialization initialization, double initStd,
                       TrainingSplit split, SgdSampling sgdSampling, int bernoulliBatch, boolean presetOverrides) {

    /** How the parameters start. */
    public enum Initialization { FRAMEWORK_DEFAULT, FLAT_NORMAL }

    /** Which images form the training set: {@code drawn} or {@code first}. */
    public enum TrainingSplit {
        SEEDED_DRAW, FIRST_N;

        /**
         * {@code drawn} (seeded) or {@code first} (the first n of the pool).
         *
         * @param s the value (case and surrounding blanks ignored)
         * @return the split
         * @throws IllegalArgumentException when {@code s} is neither, naming {@code --split}, the value and the rule
         */
        public static TrainingSplit parse(String s) {
            return switch (s.trim().toLowerCase(Locale.ROOT)) {
                case "drawn" -> SEEDED_DRAW;
                case "first" -> FIRST_N;
                default -> throw bad("split", s, "drawn (seeded) or first (the first n of the pool)");
            };
        }

        /** @return how {@link #parse} and run.json write it: {@code drawn} or {@code first} */
        public String token() {
            return this == FIRST_N ? "first" : "drawn";
        }
    }

    /** How SGD draws its mini-batch: {@code with} or {@code without} replacement. */
    public enum SgdSampling {
        WITH_REPLACEMENT, WITHOUT_REPLACEMENT;

        /**
         * {@code with} or {@code without} (also {@code with-replacement}, {@code without-replacement}).
         *
         * @param s the value (case and surrounding blanks ignored)
         * @return the sampling
         * @throws IllegalArgumentException when {@code s} is neither, naming {@code --sgd-sampling}, the value and the rule
         */
        public static SgdSampling parse(String s) {
            return switch (s.trim().toLowerCase(Locale.ROOT)) {
                case "with", "with-replacement" -> WITH_REPLACEMENT;
                case "without", "without-replacement" -> WITHOUT_REPLACEMENT;
                default -> throw bad("sgd-sampling", s, "with or without (replacement within a batch)");
            };
        }

        /** @return how run.json writes it ({@link #parse} reads it): {@code with-replacement} or {@code without-replacement} */
        public String token() {
            return this == WITH_REPLACEMENT ? "with-replacement" : "without-replacement";
        }
    }

    /**
     * How the parameters start, with the standard deviation of a flat normal draw: {@code framework} or
     * {@code normal:STD}.
     *
     * @param kind the framework's per-layer default or one flat normal draw
     * @param std  the flat draw's standard deviation (0 for the framework's default)
     */
    public record Init(Initialization kind, double std) {
        /** The framework's per-layer default. */
        public static final Init FRAMEWORK = new Init(Initialization.FRAMEWORK_DEFAULT, 0);

        /**
         * {@code framework} or {@code normal:STD} with a finite STD > 0.
         *
         * @param s the value (case and surrounding blanks ignored)
         * @return the initialization
         * @throws IllegalArgumentException when {@code s} is neither, naming {@code --init}, the value and the rule
         */
        public static Init parse(String s) {
            String v = s.trim().toLowerCase(Locale.ROOT);
            if (v.equals("framework")) {
                return FRAMEWORK;
            }
            if (!v.startsWith("normal:")) {
                throw bad("init", s, "framework or normal:STD (e.g. normal:0.02)");
            }
            double std;
            try {
                std = Double.parseDouble(v.substring("normal:".length()));
            } catch (NumberFormatException e) {
                throw bad("init", s, "framework or normal:STD with STD a number > 0");
            }
            if (!(std > 0) || Double.isInfinite(std)) {
                throw bad("init", s, "normal:STD with STD a finite number > 0");
            }
            return new Init(Initialization.FLAT_NORMAL, std);
        }

        /** @return how {@link #parse} and run.json write it: {@code framework} or {@code normal:STD} */
        public String token() {
            return kind == Initialization.FLAT_NORMAL ? "normal:" + std : "framework";
        }
    }

    /**
     * An expected MSGD-Bernoulli batch as {@code --bernoulli-batch} takes it: an integer >= 0 (0: the SGD batch b).
     *
     * @param s the value (surrounding blanks ignored)
     * @return the batch
     * @throws IllegalArgumentException when {@code s} is not an integer >= 0, naming {@code --bernoulli-batch}, the
     *                                  value and the rule
     */
    public static int parseBernoulliBatch(String s) {
        int k;
        try {
            k = Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw bad("bernoulli-batch", s, "an integer >= 0 (0: the SGD batch b)");
        }
        if (k < 0) {
            throw bad("bernoulli-batch", s, "an integer >= 0 (0: the SGD batch b)");
        }
        return k;
    }

    /**
     * Validates the settings.
     *
     * @throws IllegalArgumentException when {@code name} is null or blank, {@code initStd} is not finite and > 0
     *                                  for a flat normal initialization, or {@code bernoulliBatch} is negative
     */
    public Protocol {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("protocol name must be given");
        }
        if (initialization == Initialization.FLAT_NORMAL && !(initStd > 0 && Double.isFinite(initStd))) {
            throw new IllegalArgumentException("init std=" + initStd + " must be finite and > 0 for a flat normal draw");
        }
        if (bernoulliBatch < 0) {
            throw new IllegalArgumentException("bernoulli batch=" + bernoulliBatch + " must be >= 0 (0: the SGD batch b)");
        }
    }

    /** The name of {@link #PAPER_TEXT}, for the command line's help. */
    public static final String PAPER_TEXT_NAME = "paper-text";

    /** The name of {@link #AUTHORS_CODE}, for the command line's help. */
    public static final String AUTHORS_CODE_NAME = "authors-code";

    /** Appendix C as printed, the framework's initialization where the paper is silent. */
    public static final Protocol PAPER_TEXT = new Protocol(PAPER_TEXT_NAME, PixelScale.UNIT, Initialization.FRAMEWORK_DEFAULT,
            0, TrainingSplit.SEEDED_DRAW, SgdSampling.WITH_REPLACEMENT, 0, false);

    /** What the released code does where the command line does not set it (see deep/README.md). */
    public static final Protocol AUTHORS_CODE = new Protocol(AUTHORS_CODE_NAME, PixelScale.RAW, Initialization.FLAT_NORMAL,
            0.02, TrainingSplit.FIRST_N, SgdSampling.WITHOUT_REPLACEMENT, 20, true);

    /**
     * The name of {@link #DEFAULT}, a constant for the command line's {@code defaultValue}: {@value}.
     */
    public static final String DEFAULT_NAME = PAPER_TEXT_NAME;

    /**
     * The protocol of a run that names none: {@link #PAPER_TEXT} (msgd train, {@link RunConfig#builder}). The
     * pre-registered studies name theirs ({@code StudyPlan.PROTOCOL}); a run.json written before protocols
     * existed ran {@link #PAPER_TEXT} whatever this is ({@link #fromDescription}).
     */
    public static final Protocol DEFAULT = parse(DEFAULT_NAME);

    /** @return the named protocols: {@link #PAPER_TEXT}, {@link #AUTHORS_CODE} */
    public static List<Protocol> named() {
        return List.of(PAPER_TEXT, AUTHORS_CODE);
    }

    /**
     * {@code paper-text} or {@code authors-code}.
     *
     * @param s the name (case and surrounding blanks ignored)
     * @return the named protocol
     * @throws IllegalArgumentException when {@code s} names neither
     */
    public static Protocol parse(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        for (Protocol p : named()) {
            if (p.name.equals(t)) {
                return p;
            }
        }
        throw new IllegalArgumentException("protocol '" + s + "' must be one of " + named().stream().map(Protocol::name).toList());
    }

    /**
     * This protocol with other pixels; renamed {@code custom (from NAME)} when they differ.
     *
     * @param p what the first layer sees
     * @return the protocol
     */
    public Protocol withPixels(PixelScale p) {
        return new Protocol(renamed(p == pixels), p, initialization, initStd, split, sgdSampling, bernoulliBatch, presetOverrides);
    }

    /**
     * This protocol with another initialization; renamed {@code custom (from NAME)} when it differs.
     *
     * @param i   how the parameters start
     * @param std standard deviation of the flat normal draw (ignored by the framework default)
     * @return the protocol
     * @throws IllegalArgumentException when {@code i} is the flat normal draw and {@code std} is not finite and > 0
     */
    public Protocol withInitialization(Initialization i, double std) {
        return new Protocol(renamed(i == initialization && std == initStd), pixels, i, std, split, sgdSampling,
                bernoulliBatch, presetOverrides);
    }

    /**
     * This protocol with another initialization; renamed {@code custom (from NAME)} when it differs.
     *
     * @param i how the parameters start
     * @return the protocol
     */
    public Protocol withInitialization(Init i) {
        return withInitialization(i.kind(), i.std());
    }

    /**
     * This protocol with another training split; renamed {@code custom (from NAME)} when it differs.
     *
     * @param s which images form the training set
     * @return the protocol
     */
    public Protocol withSplit(TrainingSplit s) {
        return new Protocol(renamed(s == split), pixels, initialization, initStd, s, sgdSampling, bernoulliBatch, presetOverrides);
    }

    /**
     * This protocol with another SGD sampling; renamed {@code custom (from NAME)} when it differs.
     *
     * @param s how SGD draws its mini-batch
     * @return the protocol
     */
    public Protocol withSgdSampling(SgdSampling s) {
        return new Protocol(renamed(s == sgdSampling), pixels, initialization, initStd, split, s, bernoulliBatch, presetOverrides);
    }

    /**
     * This protocol with another expected MSGD-Bernoulli batch; renamed {@code custom (from NAME)} when it differs.
     *
     * @param b the expected batch; 0: the SGD batch b
     * @return the protocol
     * @throws IllegalArgumentException when {@code b} is negative
     */
    public Protocol withBernoulliBatch(int b) {
        return new Protocol(renamed(b == bernoulliBatch), pixels, initialization, initStd, split, sgdSampling, b, presetOverrides);
    }

    private static IllegalArgumentException bad(String key, String value, String rule) {
        return new IllegalArgumentException("--" + key + "=" + value + " must be " + rule);
    }

    private String renamed(boolean same) {
        return same ? name : (name.startsWith("custom") ? name : "custom (from " + name + ")");
    }

    /**
     * The method a name means under this protocol: {@code sgd-b} without replacement when the
     * protocol samples so, {@code msgd-bernoulli} with the protocol's expected batch.
     *
     * @param name a method name ({@link Method#parse(String, int, double)})
     * @param b    the mini-batch size
     * @return the method
     * @throws IllegalArgumentException when {@link Method#parse(String, int, double)} refuses the name or b
     */
    public Method method(String name, int b) {
        return resolve(Method.parse(name, b, Double.NaN));
    }

    /**
     * {@code m} as this protocol runs it (see {@link #method(String, int)}).
     *
     * @param m the method
     * @return {@code m}, or its protocol variant
     */
    public Method resolve(Method m) {
        int b = m.b();
        if (m instanceof SgdMethod sgd && !sgd.withoutReplacement() && sgdSampling == SgdSampling.WITHOUT_REPLACEMENT) {
            return new SgdMethod(m.b(), true);
        }
        if (m instanceof MsgdBernoulliMethod && bernoulliBatch > 0 && m.bigBatch() == 0 && bernoulliBatch != b) {
            return new MsgdBernoulliMethod(m.b(), bernoulliBatch);
        }
        return m;
    }

    /**
     * The preset as this protocol runs it. Under {@code authors-code}: small SVHN with eta = 0.1
     * decayed x0.1 at 40k and 60k over 100,000 iterations (SVHN/sgd.py:11-17, 62-66); CIFAR-10 with
     * weight decay 5e-4 in every script (CIFAR10/sgd.py:15-16) and 100,000 iterations; CIFAR-100
     * SGD without ghost batch norm (CIFAR100/sgd.py:13, 71) and 100,000 iterations. Fashion-MNIST's
     * preset settings agree (eta 0.01, b = 50, 10,000 iterations; the code runs 10,001).
     *
     * @param p the preset
     * @return {@code p}, or {@code p} with the authors' settings when this protocol overrides presets
     */
    public Preset apply(Preset p) {
        if (!presetOverrides) {
            return p;
        }
        return switch (p.dataset()) {
            case FASHION_MNIST_SMALL -> p;
            case SVHN_SMALL -> p.with(LearningRateSchedule.stepDecay(0.1, 0.1, List.of(40_000, 60_000)), p.weightDecay(),
                    100_000, p.ghostBatch());
            case CIFAR10 -> p.with(p.schedule(), 5e-4, 100_000, p.ghostBatch());
            case CIFAR100 -> p.with(p.schedule(), p.weightDecay(), 100_000, 0);
        };
    }

    /**
     * This protocol as it applies to {@code p}: the raw pixels and the flat normal initialization of
     * {@code authors-code} are the Fashion-MNIST scripts'; the authors' SVHN and CIFAR code divides by
     * 255 ({@code svhn.py:29-31}, {@code cifar10.py:29-31}) and keeps its networks' own initialization,
     * so there x/255 and the framework's initialization are used.
     *
     * @param p the preset
     * @return this protocol, or its variant for {@code p}
     */
    public Protocol effectiveFor(Preset p) {
        if (!presetOverrides || p.dataset() == Preset.Dataset.FASHION_MNIST_SMALL) {
            return this;
        }
        return new Protocol(name, PixelScale.UNIT, Initialization.FRAMEWORK_DEFAULT, 0, split, sgdSampling, bernoulliBatch,
                presetOverrides);
    }

    /**
     * The resolved settings, for run.json and the README's table.
     *
     * @return name, pixels, initialization, split, sgdSampling, bernoulliBatch and presetOverrides, in that order
     */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("pixels", pixels.token());
        m.put("initialization", new Init(initialization, initStd).token());
        m.put("split", split.token());
        m.put("sgdSampling", sgdSampling.token());
        m.put("bernoulliBatch", bernoulliBatch);
        m.put("presetOverrides", presetOverrides);
        return m;
    }

    /**
     * Rebuilds a protocol from {@link #describe()} (run.json); null: {@link #PAPER_TEXT}, which every run made before
     * protocols ran (the file's meaning, not a default: it stays whatever {@link #DEFAULT} is).
     *
     * @param d a {@link #describe()} map, or null
     * @return the protocol
     */
    public static Protocol fromDescription(Map<String, ?> d) {
        if (d == null) {
            return PAPER_TEXT;
        }
        // a key a file lacks keeps PAPER_TEXT's value: every run had it before the key was written
        Init init = d.get("initialization") == null ? new Init(PAPER_TEXT.initialization(), PAPER_TEXT.initStd())
                : Init.parse(String.valueOf(d.get("initialization")));
        return new Protocol(String.valueOf(d.get("name")),
                PixelScale.parse(String.valueOf(d.get("pixels"))),
                init.kind(), init.std(),
                d.get("split") == null ? PAPER_TEXT.split() : TrainingSplit.parse(String.valueOf(d.get("split"))),
                d.get("sgdSampling") == null ? PAPER_TEXT.sgdSampling() : SgdSampling.parse(String.valueOf(d.get("sgdSampling"))),
                parseBernoulliBatch(String.valueOf(d.get("bernoulliBatch"))),
                Boolean.parseBoolean(String.valueOf(d.get("presetOverrides"))));
    }
}
