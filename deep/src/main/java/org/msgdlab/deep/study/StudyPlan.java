package org.msgdlab.deep.study;

import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.Preset;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.core.random.Streams;
import org.msgdlab.theory.plugin.NoisePlugin;

import java.nio.file.Path;
import java.util.List;

/**
 * The Fashion-MNIST study of Figures 1(a), 3(a) and Figure 2's design on Fashion-MNIST (not in the paper), or the
 * second study of the noise class (deep/results/noise-class-study), under one protocol, in a
 * paired design (common random numbers): paired seed s gives every method the same run seed
 * {@code Streams.derive(masterSeed, s)}, hence the same initial weights ({@code deep.init}) and,
 * where the protocol draws the training set, the same 1,000 images (data seed = run seed); each
 * method then draws its own noise from {@code deep.noise.<method>}.
 * <p>
 * Immutable and thread-safe.
 *
 * @param protocol    paper-text or authors-code
 * @param methods     method names as the paper writes them, resolved by the protocol
 * @param masterSeed  the study's seed (20200712 by default, as {@code msgd verify})
 * @param iterations  updates per run ({@link #iterations(Protocol)}: the paper's 10,000, 5,000 under authors-code)
 * @param evalEvery   test evaluation (all 60,000 images) every this many iterations
 * @param dir         the study directory; runs live in {@code dir/<protocol>/<method id>/seed-<s>/}
 * @param dataDir     where Fashion-MNIST is
 * @param plugins     the plug-ins a {@code plugin:NAME} method comes from (a plan file's; empty for the built-in plans)
 */
public record StudyPlan(Protocol protocol, List<String> methods, long masterSeed, int iterations, int evalEvery,
                        Path dir, Path dataDir, List<NoisePlugin> plugins) {

    /**
     * A plan of built-in methods only.
     *
     * @param protocol   paper-text or authors-code
     * @param methods    method names
     * @param masterSeed the study's seed
     * @param iterations updates per run
     * @param evalEvery  test evaluation every this many iterations
     * @param dir        the study directory
     * @param dataDir    where Fashion-MNIST is
     */
    public StudyPlan(Protocol protocol, List<String> methods, long masterSeed, int iterations, int evalEvery, Path dir,
                     Path dataDir) {
        this(protocol, methods, masterSeed, iterations, evalEvery, dir, dataDir, List.of());
    }

    /** The paper's iterations: the study's under the paper-text protocol. */
    public static final int ITERATIONS = 10_000;
    /**
     * The study's iterations under the authors-code protocol (an amendment of 2026-11-23, made before
     * any MSGD-Fisher, MSGD-Cov or sparse run had its statistic computed, for every run alike): the
     * statistic has settled by then. Over the 15 runs completed to 10,000 (GD, SGD-50,
     * MSGD-Bernoulli-20 at seeds 0-4), the window mean over iterations 4,000-5,000 differs from the one
     * over 8,000-10,000 by at most 0.19 points (0.12 for GD), and the paired SGD-50 - GD differences by
     * at most 0.07 points (mean +1.01 against +1.03), against a 1-point effect of interest and a paired
     * sd of 0.87. Under paper-text the accuracy still rises 1-2 points after 5,000, so it keeps 10,000.
     * A run of 10,000 counts by its first 5,000 iterations, which are the same bit for bit.
     */
    public static final int AUTHORS_CODE_ITERATIONS = 5_000;

    /**
     * The study's iterations under {@code protocol}.
     *
     * @param protocol the protocol
     * @return {@link #AUTHORS_CODE_ITERATIONS} under {@link Protocol#AUTHORS_CODE} itself, {@link #ITERATIONS} under any
     *         other protocol (paper-text, or one with a difference changed)
     */
    public static int iterations(Protocol protocol) {
        return protocol.equals(Protocol.AUTHORS_CODE) ? AUTHORS_CODE_ITERATIONS : ITERATIONS;
    }

    /**
     * The protocol of the pre-registered studies (the noise-class plan's, and the figures plan's and a sweep plan's
     * unless the command line names another): {@link Protocol#AUTHORS_CODE}. Not {@link Protocol#DEFAULT}, the protocol
     * of a single run that names none.
     */
    public static final Protocol PROTOCOL = Protocol.parse(StudyPlan.PROTOCOL_NAME);

    /** The name of {@link #PROTOCOL}, a constant for the command line's {@code defaultValue}: {@value}. */
    public static final String PROTOCOL_NAME = Protocol.AUTHORS_CODE_NAME;
    /**
     * Evaluation interval: 200 (the authors log every 100; 200 halves the evaluation cost, a fifth of a
     * full-batch run's time on 2 cores, and still puts 11 evaluations in the statistic's window).
     */
    public static final int EVAL_EVERY = 200;
    /** TensorFlow threads of a study's run, as a setting reads: one of each, so that runs side by side share no thread. */
    public static final String THREADS_SETTING = "1,1";
    /** {@link #THREADS_SETTING} read. */
    public static final org.msgdlab.deep.train.RunSettings.Threads THREADS = org.msgdlab.deep.train.RunSettings.Threads.parse(THREADS_SETTING);
    /** The methods of Figures 1(a) and 3(a), and the large-batch pair of Figure 2's design on Fashion-MNIST (not in the paper). */
    public static final List<String> METHODS = List.of("gd", "sgd-50", "msgd-fisher", "msgd-bernoulli", "msgd-[fisher-10]",
            "msgd-cov", "msgd-[cov-10]", "sgd-500", "[msgd-fisher]-500");
    /**
     * The paired study's master seed: the toolkit's default seed, with which its committed runs were trained.
     * {@code msgd verify --seed} does not move it (the study's claims read those runs); their evidence says so.
     */
    public static final long MASTER_SEED = org.msgdlab.core.claims.CheckContext.DEFAULT_SEED;

    /**
     * What a study claim's evidence says of its seed: the runs it reads were trained from the plan's master seed,
     * whatever {@code msgd verify --seed} says.
     *
     * @param masterSeed the plan's master seed
     * @return e.g. {@code "20200712 (the plan's: its runs were trained from it; msgd verify --seed does not apply)"}
     */
    public static String seedNote(long masterSeed) {
        return masterSeed + " (the plan's: its runs were trained from it; msgd verify --seed does not apply)";
    }

    /**
     * The methods of the second study, "does the noise class matter?" (deep issue 30; its plan is
     * {@code deep/results/noise-class-study/PLAN.md}): the two anchors GD and SGD-50, the Gaussian noises
     * MSGD-Fisher and MSGD-Cov, the Bernoulli noise with the authors' expected batch of 20 and with SGD's
     * 50, and the sparse noises MSGD-[Fisher-10] and MSGD-[Cov-10], all under authors-code.
     */
    public static final List<String> NOISE_CLASS_METHODS = List.of("gd", "sgd-50", "msgd-fisher", "msgd-cov",
            "msgd-bernoulli-20", "msgd-bernoulli-50", "msgd-[fisher-10]", "msgd-[cov-10]");
    /**
     * The second study's master seed: fresh paired seeds, none of them a run seed of the first study
     * (whose master seed is {@link #MASTER_SEED}); the date its plan was committed.
     */
    public static final long NOISE_CLASS_MASTER_SEED = 20261126L;
    /** The second study's cap: paired seeds 0..59, looked at after 20, 40 and 60 (PLAN.md, amendment 1). */
    public static final int NOISE_CLASS_CAP = 60;
    /** Paired seeds between two looks of the second study, and at its first. */
    public static final int NOISE_CLASS_LOOK_EVERY = 20;

    /**
     * The second study's plan in {@code dir}: authors-code, {@link #NOISE_CLASS_METHODS},
     * {@link #NOISE_CLASS_MASTER_SEED}, {@link #AUTHORS_CODE_ITERATIONS} iterations and an evaluation every
     * {@link #EVAL_EVERY}: the first study's run settings, on fresh seeds.
     *
     * @param dir     the study directory
     * @param dataDir where Fashion-MNIST is
     * @return the plan
     */
    public static StudyPlan noiseClass(Path dir, Path dataDir) {
        return new StudyPlan(PROTOCOL, NOISE_CLASS_METHODS, NOISE_CLASS_MASTER_SEED, AUTHORS_CODE_ITERATIONS,
                EVAL_EVERY, dir, dataDir);
    }

    /**
     * The methods of the third study, "if not the class, what? the support" (deep issue 42; its plan is
     * {@code deep/results/support-study/PLAN.md}), each there for a named contrast: the anchors GD and SGD-50
     * (SGD-50's advantage, the margins' unit); the dense noises MSGD-Cov, MSGD-Fisher and MSGD-Bernoulli-50 (the
     * class contrasts, and the dense twins); the sparse Fisher noise at supports B = 10, 50 and 250 (each with
     * exactly MSGD-Fisher's covariance: the dose) and MSGD-[Cov-exact-10] (exactly MSGD-Cov's covariance, the
     * sparse twin of MSGD-Cov), all under authors-code.
     */
    public static final List<String> SUPPORT_METHODS = List.of("gd", "sgd-50", "msgd-cov", "msgd-fisher",
            "msgd-bernoulli-50", "msgd-[cov-exact-10]", "msgd-[fisher-10]", "msgd-[fisher-50]", "msgd-[fisher-250]");
    /** The third study's master seed: fresh paired seeds (neither study's master seed); the date its plan was committed. */
    public static final long SUPPORT_MASTER_SEED = 20261127L;
    /** The third study's cap: paired seeds 0..99, looked at after 50 and 100 (PLAN.md). */
    public static final int SUPPORT_CAP = 100;
    /** Paired seeds at the third study's first look, and between its two looks. */
    public static final int SUPPORT_LOOK_EVERY = 50;

    /**
     * The third study's plan in {@code dir}: authors-code, {@link #SUPPORT_METHODS}, {@link #SUPPORT_MASTER_SEED},
     * and the second study's run settings ({@link #AUTHORS_CODE_ITERATIONS} iterations, an evaluation every
     * {@link #EVAL_EVERY}).
     *
     * @param dir     the study directory
     * @param dataDir where Fashion-MNIST is
     * @return the plan
     */
    public static StudyPlan support(Path dir, Path dataDir) {
        return new StudyPlan(PROTOCOL, SUPPORT_METHODS, SUPPORT_MASTER_SEED, AUTHORS_CODE_ITERATIONS, EVAL_EVERY, dir, dataDir);
    }

    /**
     * Validates the plan and copies {@code methods}.
     *
     * @throws IllegalArgumentException when {@code iterations < 5}, {@code evalEvery} is outside
     *                                  [1, iterations/5], or a method name is not one {@link Method#parse}
     *                                  accepts
     */
    public StudyPlan {
        if (iterations < 5) {
            throw new IllegalArgumentException("iterations=" + iterations + " must be >= 5 (the statistic averages the last 20%)");
        }
        if (evalEvery < 1 || evalEvery > iterations / 5) {
            throw new IllegalArgumentException("eval-every=" + evalEvery + " must be in [1, iterations/5 = " + iterations / 5
                    + "] so that the last 20% holds an evaluation");
        }
        methods = List.copyOf(methods);
        plugins = List.copyOf(plugins);
        for (String m : methods) {
            Method.parse(m, Preset.FASHION_MNIST_SMALL.sgdBatch(), Double.NaN, plugins);   // a clear error for a bad name
        }
    }

    /**
     * The default plan of {@code protocol} in {@code dir}: {@link #METHODS}, {@link #MASTER_SEED},
     * {@link #iterations(Protocol)}, {@link #EVAL_EVERY}.
     *
     * @param protocol the protocol
     * @param dir      the study directory
     * @param dataDir  where Fashion-MNIST is
     * @return the plan
     */
    public static StudyPlan of(Protocol protocol, Path dir, Path dataDir) {
        return new StudyPlan(protocol, METHODS, MASTER_SEED, iterations(protocol), EVAL_EVERY, dir, dataDir);
    }

    /**
     * The method a name of a study's method list means, read as {@code --method} reads it at the preset's SGD batch
     * (no plug-in, no protocol): what the study's claims and tables ask of a method (its id, its noise's class and
     * covariance) comes from here, never from the name's letters.
     *
     * @param name a method name, e.g. {@code msgd-[fisher-10]}
     * @return the method
     * @throws IllegalArgumentException when the name is not a built-in method
     */
    public static Method named(String name) {
        return Method.parse(name, Preset.FASHION_MNIST_SMALL.sgdBatch(), Double.NaN);
    }

    /**
     * This plan's name of the method {@code given} names: the entry of {@link #methods()} with the same id, so that
     * {@code SGD-50} or {@code msgd-sparse-fisher-10} find {@code sgd-50} or {@code msgd-[fisher-10]}.
     *
     * @param given a method name as a user wrote it
     * @return the plan's name of that method
     * @throws IllegalArgumentException when {@code given} is no method of this plan
     */
    public String planName(String given) {
        String id;
        try {
            id = method(given).id();
        } catch (IllegalArgumentException e) {
            id = null;
        }
        for (String m : methods) {
            if (m.equals(given) || method(m).id().equals(id)) {
                return m;
            }
        }
        throw new IllegalArgumentException("'" + given + "' must be one of " + methods);
    }

    /**
     * The method a name means under this plan's protocol.
     *
     * @param name a method name
     * @return the method ({@link Protocol#method})
     * @throws IllegalArgumentException when the name is not a method
     */
    public Method method(String name) {
        return plugins.isEmpty() ? protocol.method(name, Preset.FASHION_MNIST_SMALL.sgdBatch())
                : protocol.resolve(Method.parse(name, Preset.FASHION_MNIST_SMALL.sgdBatch(), Double.NaN, plugins));
    }

    /**
     * The run seed of paired seed {@code s}: initial weights and (drawn splits) training set of every method.
     *
     * @param s the paired seed
     * @return {@code Streams.derive(masterSeed, s)}
     */
    public long runSeed(int s) {
        return runSeed(masterSeed, s);
    }

    /**
     * The run seed of paired seed {@code s} of a study with master seed {@code masterSeed}: the one derivation the
     * study's runs and a study sweep's runs share.
     *
     * @param masterSeed the study's master seed
     * @param s          the paired seed
     * @return {@code Streams.derive(masterSeed, s)}
     */
    public static long runSeed(long masterSeed, int s) {
        return Streams.derive(masterSeed, s);
    }

    /**
     * Where the run of {@code method} and paired seed {@code s} lives.
     *
     * @param method a method name
     * @param s      the paired seed
     * @return {@code dir/<protocol>/<method id>/seed-<s>}
     */
    public Path runDir(String method, int s) {
        return dir.resolve(protocol.name()).resolve(method(method).id()).resolve("seed-" + s);
    }

    /**
     * The configuration of one run: one intra-op thread (two runs share the two cores; measured 7.2
     * full-batch steps/s for two single-thread runs against 5.3 for one two-thread run), checkpoints
     * every 1,000 iterations.
     *
     * @param method a method name
     * @param s      the paired seed
     * @return the run's configuration
     */
    public RunConfig config(String method, int s) {
        Preset p = Preset.FASHION_MNIST_SMALL;
        long seed = runSeed(s);
        return RunConfig.builder(p, Method.parse(method, p.sgdBatch(), Double.NaN, plugins), runDir(method, s))
                .protocol(protocol).data(dataDir).iterations(iterations).eval(evalEvery, 0)
                .checkpointEvery(RunConfig.DEFAULT_CHECKPOINT_EVERY).seeds(seed, seed).threads(THREADS.intra(), THREADS.inter()).progress(false).build();
    }
}
