package org.msgdlab.deep.train;

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

    /** What the first layer sees. */
    public enum PixelScale {
        UNIT("x/255 in [0, 1]", 1.0 / 255), RAW("raw 0-255", 1.0);

        private final String text;
        private final double factor;

        PixelScale(String text, double factor) {
            this.text = text;
            this.factor = factor;
        }

        /** @return the factor the uint8 pixel is multiplied by (1/255 or 1) */
        public double factor() {
            return factor;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** How the parameters start. */
    public enum Initialization { FRAMEWORK_DEFAULT, FLAT_NORMAL }

    /** Which images form the training set. */
    public enum TrainingSplit { SEEDED_DRAW, FIRST_N }

    /** How SGD draws its mini-batch. */
    public enum SgdSampling { WITH_REPLACEMENT, WITHOUT_REPLACEMENT }

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

    /** Today's behaviour: Appendix C as printed, the framework's initialization where the paper is silent. */
    public static final Protocol PAPER_TEXT = new Protocol("paper-text", PixelScale.UNIT, Initialization.FRAMEWORK_DEFAULT,
            0, TrainingSplit.SEEDED_DRAW, SgdSampling.WITH_REPLACEMENT, 0, false);

    /** What the released code does where the command line does not set it (see deep/README.md). */
    public static final Protocol AUTHORS_CODE = new Protocol("authors-code", PixelScale.RAW, Initialization.FLAT_NORMAL,
            0.02, TrainingSplit.FIRST_N, SgdSampling.WITHOUT_REPLACEMENT, 20, true);

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

    /** The settable differences and their values, for messages. */
    public static final String SETTINGS = "--pixels unit|raw, --init framework|normal:STD, --split drawn|first,"
            + " --sgd-sampling with|without, --bernoulli-batch K (0: the SGD batch)";

    /**
     * This protocol with one difference set from the command line: {@code pixels}, {@code init},
     * {@code split}, {@code sgd-sampling} or {@code bernoulli-batch}.
     *
     * @param key   the setting, without its {@code --}
     * @param value its value, as in {@link #SETTINGS} (case and surrounding blanks ignored)
     * @return the protocol
     * @throws IllegalArgumentException when {@code key} is none of these, or {@code value} is not one of its
     *                                  values ({@link #SETTINGS})
     */
    public Protocol withSetting(String key, String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        switch (key) {
            case "pixels":
                return switch (v) {
                    case "unit" -> withPixels(PixelScale.UNIT);
                    case "raw" -> withPixels(PixelScale.RAW);
                    default -> throw bad(key, value, "unit (x/255) or raw (0-255)");
                };
            case "init":
                if (v.equals("framework")) {
                    return withInitialization(Initialization.FRAMEWORK_DEFAULT, 0);
                }
                if (v.startsWith("normal:")) {
                    double std;
                    try {
                        std = Double.parseDouble(v.substring("normal:".length()));
                    } catch (NumberFormatException e) {
                        throw bad(key, value, "framework or normal:STD with STD a number > 0");
                    }
                    if (!(std > 0) || Double.isInfinite(std)) {
                        throw bad(key, value, "normal:STD needs a finite STD > 0");
                    }
                    return withInitialization(Initialization.FLAT_NORMAL, std);
                }
                throw bad(key, value, "framework or normal:STD (e.g. normal:0.02)");
            case "split":
                return switch (v) {
                    case "drawn" -> withSplit(TrainingSplit.SEEDED_DRAW);
                    case "first" -> withSplit(TrainingSplit.FIRST_N);
                    default -> throw bad(key, value, "drawn (seeded) or first (the first n of the pool)");
                };
            case "sgd-sampling":
                return switch (v) {
                    case "with", "with-replacement" -> withSgdSampling(SgdSampling.WITH_REPLACEMENT);
                    case "without", "without-replacement" -> withSgdSampling(SgdSampling.WITHOUT_REPLACEMENT);
                    default -> throw bad(key, value, "with or without (replacement within a batch)");
                };
            case "bernoulli-batch":
                try {
                    int k = Integer.parseInt(v);
                    if (k < 0) {
                        throw bad(key, value, "an integer >= 0 (0: the SGD batch b)");
                    }
                    return withBernoulliBatch(k);
                } catch (NumberFormatException e) {
                    throw bad(key, value, "an integer >= 0 (0: the SGD batch b)");
                }
            default:
                throw new IllegalArgumentException("protocol setting '" + key + "' must be one of " + SETTINGS);
        }
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
        if (m.kind() == Method.Kind.SGD && sgdSampling == SgdSampling.WITHOUT_REPLACEMENT) {
            return new Method(Method.Kind.SGD_WOR, m.b(), 0, Double.NaN);
        }
        if (m.kind() == Method.Kind.MSGD_BERNOULLI && bernoulliBatch > 0 && m.bigBatch() == 0 && bernoulliBatch != b) {
            return new Method(Method.Kind.MSGD_BERNOULLI, m.b(), bernoulliBatch, Double.NaN);
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
        m.put("pixels", pixels.name().toLowerCase(Locale.ROOT));
        m.put("initialization", initialization == Initialization.FLAT_NORMAL
                ? "normal:" + initStd : "framework");
        m.put("split", split == TrainingSplit.FIRST_N ? "first" : "drawn");
        m.put("sgdSampling", sgdSampling == SgdSampling.WITH_REPLACEMENT ? "with-replacement" : "without-replacement");
        m.put("bernoulliBatch", bernoulliBatch);
        m.put("presetOverrides", presetOverrides);
        return m;
    }

    /**
     * Rebuilds a protocol from {@link #describe()} (run.json); null: the paper-text protocol (runs made before protocols).
     *
     * @param d a {@link #describe()} map, or null
     * @return the protocol
     */
    public static Protocol fromDescription(Map<String, ?> d) {
        if (d == null) {
            return PAPER_TEXT;
        }
        String init = String.valueOf(d.get("initialization"));
        boolean normal = init.startsWith("normal:");
        return new Protocol(String.valueOf(d.get("name")),
                PixelScale.valueOf(String.valueOf(d.get("pixels")).toUpperCase(Locale.ROOT)),
                normal ? Initialization.FLAT_NORMAL : Initialization.FRAMEWORK_DEFAULT,
                normal ? Double.parseDouble(init.substring("normal:".length())) : 0,
                "first".equals(String.valueOf(d.get("split"))) ? TrainingSplit.FIRST_N : TrainingSplit.SEEDED_DRAW,
                "without-replacement".equals(String.valueOf(d.get("sgdSampling"))) ? SgdSampling.WITHOUT_REPLACEMENT
                        : SgdSampling.WITH_REPLACEMENT,
                Integer.parseInt(String.valueOf(d.get("bernoulliBatch"))),
                Boolean.parseBoolean(String.valueOf(d.get("presetOverrides"))));
    }
}
