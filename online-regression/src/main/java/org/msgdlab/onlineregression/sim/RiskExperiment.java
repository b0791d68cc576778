package org.msgdlab.onlineregression.sim;

import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.core.stats.MonteCarlo;
import org.msgdlab.core.stats.SampleExperiment;

import java.util.List;
import java.util.concurrent.ForkJoinPool;

/**
 * A Monte Carlo experiment: independent trajectories of several algorithms on one problem at one
 * step size, each recording the averaged iterate's excess risk at the checkpoints. One Monte
 * Carlo sample runs every algorithm once (one after the other, on the sample's chunk stream).
 * Runs are spread over the cores by {@link MonteCarlo#run}, whose per-chunk streams make the
 * result bit-for-bit independent of the thread count. Immutable and thread-safe.
 *
 * @param name        identifier, e.g. {@code main-gaussian-a1-d10}
 * @param problem     the problem
 * @param eta         step size
 * @param algorithms  the algorithms, in output order
 * @param checkpoints the step counts recorded
 */
public record RiskExperiment(String name, RegressionProblem problem, double eta, List<Algorithm> algorithms,
                             Checkpoints checkpoints) {

    /**
     * Validates the experiment and copies the algorithm list.
     *
     * @param name        identifier
     * @param problem     the problem
     * @param eta         step size
     * @param algorithms  the algorithms
     * @param checkpoints the step counts recorded
     * @throws IllegalArgumentException unless eta is finite and &gt; 0 and there is at least one algorithm
     */
    public RiskExperiment {
        if (!(eta > 0) || !Double.isFinite(eta)) {
            throw new IllegalArgumentException("step size eta=" + eta + " must be finite and > 0");
        }
        algorithms = List.copyOf(algorithms);
        if (algorithms.isEmpty()) {
            throw new IllegalArgumentException("experiment " + name + " needs at least one algorithm");
        }
    }

    /** @return number of statistics per sample: algorithms x checkpoints */
    public int statistics() {
        return algorithms.size() * checkpoints.size();
    }

    /** @return samples drawn per trajectory step, summed over the algorithms (for cost estimates) */
    public long samplesPerStep() {
        return algorithms.stream().mapToLong(Algorithm::samplesPerStep).sum();
    }

    /**
     * Runs the experiment on the common pool ({@link MonteCarlo#run}).
     *
     * @param runs the number of Monte Carlo samples (trajectories of every algorithm)
     * @param seed the master seed
     * @return the risk curves
     * @throws IllegalArgumentException if {@code runs < 2}
     * @throws IllegalStateException    if the run is interrupted
     */
    public RiskCurves run(long runs, long seed) {
        return new RiskCurves(this, MonteCarlo.run(runs, seed, statistics(), factory()));
    }

    /**
     * As {@link #run(long, long)} on a given pool (for thread-count independence tests).
     *
     * @param runs the number of Monte Carlo samples
     * @param seed the master seed
     * @param pool the pool to run on
     * @return the risk curves
     * @throws IllegalArgumentException if {@code runs < 2}
     * @throws IllegalStateException    if the run is interrupted
     */
    public RiskCurves run(long runs, long seed, ForkJoinPool pool) {
        return new RiskCurves(this, MonteCarlo.run(runs, seed, statistics(), factory(), pool));
    }

    private SampleExperiment.Factory factory() {
        return rng -> {
            LeastSquaresRun[] kernels = new LeastSquaresRun[algorithms.size()];
            for (int a = 0; a < kernels.length; a++) {
                kernels[a] = new LeastSquaresRun(problem, algorithms.get(a), eta, checkpoints, rng);
            }
            int j = checkpoints.size();
            return out -> {
                for (int a = 0; a < kernels.length; a++) {
                    kernels[a].run(out, a * j);
                }
            };
        };
    }

    /**
     * The position of an algorithm in the output.
     *
     * @param a the algorithm
     * @return its index in {@link #algorithms()}
     * @throws IllegalArgumentException if {@code a} is not part of this experiment
     */
    public int indexOf(Algorithm a) {
        int i = algorithms.indexOf(a);
        if (i < 0) {
            throw new IllegalArgumentException("algorithm " + a.id() + " is not part of experiment " + name);
        }
        return i;
    }
}
