package org.msgdlab.deep.bench;

import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.train.Method;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What one paired seed of the second study ("does the noise class matter?", {@link StudyPlan#NOISE_CLASS_METHODS}:
 * GD, SGD-50, MSGD-Fisher, MSGD-Cov, MSGD-Bernoulli-20 and -50, MSGD-[Fisher-10], MSGD-[Cov-10]) costs in
 * core-hours, from the parts of a run measured on this machine ({@link StepParts}):
 * <pre>
 *   core-hours per paired seed = T / 3600 x sum over the methods m of run seconds(m)
 *   run seconds(m)             = I x s(m) + (floor(I / E) + 1) x e                      ({@link RunCost#runSeconds})
 * </pre>
 * with T = 1 thread per run ({@link StepParts#THREADS}), I = {@value StudyPlan#AUTHORS_CODE_ITERATIONS} iterations,
 * E = {@value StudyPlan#EVAL_EVERY} (an evaluation at 0 and after every E-th iteration: 26 per run), e the seconds
 * of one evaluation, and s(m) the full-batch step for a method that feeds all n = 1000 images (GD, the Gaussian and
 * the sparse noises: five) and the small-batch step for one that feeds a batch (SGD-50, the two Bernoulli noises:
 * three), told apart by the size of the method's first feed ({@link #fullBatch}). With the study medians
 * (full-batch runs 263-292 s, small-batch 34-42 s) this is the 0.42 core-hours of issue 43. Left out: the JVM's
 * start, checkpoints, the Java-side noise draw beyond GD's (MSGD-Fisher's and -Cov's Gaussian draws are in the
 * study's wall times, not here), and what two runs side by side take from each other (memory bandwidth; the parts
 * are measured with one run on the machine).
 * <p>
 * Immutable and thread-safe.
 *
 * @param parts the measured parts, at one instruction set
 */
public record PairedSeedCost(StepParts parts) {

    /** The methods of one paired seed. */
    public static final List<String> METHODS = StudyPlan.NOISE_CLASS_METHODS;
    /** Iterations per run: {@value}. */
    public static final int ITERATIONS = StudyPlan.AUTHORS_CODE_ITERATIONS;
    /** Evaluation interval: {@value}. */
    public static final int EVAL_EVERY = StudyPlan.EVAL_EVERY;

    /** Checks the parts are there. */
    public PairedSeedCost {
        Objects.requireNonNull(parts, "parts");
    }

    /**
     * Whether a method feeds all n = {@value StepBenchmark#FULL_BATCH} training images each step (its first feed's size).
     *
     * @param method a method name ({@link Method#syntax()})
     * @return true for a full-batch method
     * @throws IllegalArgumentException when the name is not a method
     */
    public static boolean fullBatch(String method) {
        return Method.parse(method, 50, Double.NaN).plan(StepBenchmark.FULL_BATCH, 1).draw(0).size() == StepBenchmark.FULL_BATCH;
    }

    /**
     * @param method one of {@link #METHODS}
     * @return seconds of one run of {@code method} ({@link RunCost#runSeconds})
     */
    public double runSeconds(String method) {
        return RunCost.runSeconds(fullBatch(method) ? parts.fullBatchStep() : parts.smallBatchStep(), ITERATIONS, EVAL_EVERY,
                parts.evaluation());
    }

    /** @return core-hours of one paired seed (the class comment's formula) */
    public double coreHours() {
        return StepParts.THREADS * METHODS.stream().mapToDouble(this::runSeconds).sum() / 3600;
    }

    /** @return the methods fed the full batch, in {@link #METHODS}' order */
    public static List<String> fullBatchMethods() {
        return METHODS.stream().filter(PairedSeedCost::fullBatch).toList();
    }

    /** @return e.g. "0.426 core-hours (avx2: full-batch step 0.0500 s, ...)" */
    public String describe() {
        return String.format(Locale.ROOT, "%.3f core-hours (%s: %s)", coreHours(), parts.isa(), parts.describe());
    }
}
