package org.msgdlab.deep.graph;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.random.Streams;

/**
 * Numerical checks of the MSGD step on a built graph.
 * <ul>
 *   <li>{@link #weightedSum}: the gradient of the randomized loss {@code L.W} equals
 *       {@code sum_i w_i grad l_i}, with each {@code grad l_i} computed one example at a time
 *       (the identity behind Algorithm 1: the gradient commutes with the multiplication by W).</li>
 *   <li>{@link #finiteDifference}: central differences of {@code l_i} along random coordinates
 *       against the graph's {@code grad l_i}.</li>
 *   <li>{@link #update}: the update applied equals {@code theta - eta grad(L.W)}.</li>
 * </ul>
 * Errors are max |a - b| over all compared entries, divided by a floored scale: |b|_inf (floor 1e-300)
 * for {@link #weightedSum} and {@link #compare}, the graph's gradient |grad|_inf (floor 1e-12) for
 * {@link #finiteDifference}, the size of the change |eta grad|_inf (floor 1e-300) for {@link #update}.
 * The checks run the graph, so they share its threading rule: one thread at a time.
 */
public final class GradientCheck {

    private GradientCheck() {
    }

    /**
     * Result: the largest relative error and the number of compared entries. Immutable and thread-safe.
     *
     * @param maxRelative the largest relative error
     * @param compared    the number of compared entries
     */
    public record Error(double maxRelative, long compared) {
    }

    /**
     * grad(L.W) vs sum_i w_i grad l_i over the examples {@code idx} with weights {@code w}.
     *
     * @param g   the graph
     * @param idx the examples (training-set indices)
     * @param w   their weights
     * @return the error over every parameter entry
     * @throws IllegalArgumentException when {@link TrainingGraph#gradients} refuses the feed
     */
    public static Error weightedSum(TrainingGraph g, int[] idx, double[] w) {
        double[][] batch = g.gradients(idx, w);
        double[][] sum = new double[batch.length][];
        for (int p = 0; p < batch.length; p++) {
            sum[p] = new double[batch[p].length];
        }
        for (int k = 0; k < idx.length; k++) {
            double[][] gi = g.gradients(new int[] {idx[k]}, new double[] {1.0});
            for (int p = 0; p < gi.length; p++) {
                for (int j = 0; j < gi[p].length; j++) {
                    sum[p][j] += w[k] * gi[p][j];
                }
            }
        }
        return compare(batch, sum);
    }

    /**
     * Central differences {@code (l_i(theta + h e) - l_i(theta - h e)) / 2h} along {@code coords}
     * random coordinates of each parameter tensor, against {@code grad l_i}. The parameters are
     * restored afterwards.
     *
     * @param g       the graph
     * @param example the training-set index i
     * @param coords  coordinates drawn per parameter tensor
     * @param h       the step of the differences
     * @param seed    seed of the coordinate draw
     * @return the error over {@code coords} entries per parameter tensor
     */
    public static Error finiteDifference(TrainingGraph g, int example, int coords, double h, long seed) {
        return finiteDifference(g, new int[] {example}, new double[] {1.0}, coords, h, seed);
    }

    /**
     * Central differences of the randomized loss {@code L_S . W} of a whole fed batch S (what a
     * batch-norm network needs: its training-phase losses depend on the batch) along {@code coords}
     * random coordinates of each parameter tensor, against {@code grad(L_S . W)}. The parameters
     * are restored afterwards.
     *
     * @param g      the graph
     * @param idx    the examples S (training-set indices)
     * @param w      their weights W
     * @param coords coordinates drawn per parameter tensor
     * @param h      the step of the differences
     * @param seed   seed of the coordinate draw
     * @return the error over {@code coords} entries per parameter tensor
     * @throws IllegalArgumentException when {@link TrainingGraph#gradients} refuses the feed
     */
    public static Error finiteDifference(TrainingGraph g, int[] idx, double[] w, int coords, double h, long seed) {
        UniformRandomProvider rng = Streams.create(seed);
        double[][] theta = g.parameters();
        double[][] grad = g.gradients(idx, w);
        int[] one = idx;
        double[] w1 = w;
        double scale = 0;
        for (double[] gp : grad) {
            for (double x : gp) {
                scale = Math.max(scale, Math.abs(x));
            }
        }
        double worst = 0;
        long n = 0;
        for (int p = 0; p < theta.length; p++) {
            for (int c = 0; c < coords; c++) {
                int j = rng.nextInt(theta[p].length);
                double orig = theta[p][j];
                theta[p][j] = orig + h;
                g.setParameters(theta);
                double up = g.randomizedLoss(one, w1);
                theta[p][j] = orig - h;
                g.setParameters(theta);
                double down = g.randomizedLoss(one, w1);
                theta[p][j] = orig;
                double fd = (up - down) / (2 * h);
                worst = Math.max(worst, Math.abs(fd - grad[p][j]) / Math.max(scale, 1e-12));
                n++;
            }
        }
        g.setParameters(theta);
        return new Error(worst, n);
    }

    /**
     * One {@link TrainingGraph#step} of plain gradient descent vs {@code theta - eta grad(L.W)} computed on the
     * host (a graph with momentum or weight decay fails it). The step is applied to {@code g}.
     *
     * @param g   the graph
     * @param idx the examples S (training-set indices)
     * @param w   their weights W
     * @param lr  the learning rate eta
     * @return the error, relative to the size of the change, over every parameter entry
     * @throws IllegalArgumentException when {@link TrainingGraph#step} refuses the feed
     */
    public static Error update(TrainingGraph g, int[] idx, double[] w, double lr) {
        double[][] before = g.parameters();
        double[][] grad = g.gradients(idx, w);
        g.step(idx, w, lr);
        double[][] after = g.parameters();
        double[][] expected = new double[before.length][];
        for (int p = 0; p < before.length; p++) {
            expected[p] = new double[before[p].length];
            for (int j = 0; j < before[p].length; j++) {
                expected[p][j] = before[p][j] - lr * grad[p][j];
            }
        }
        // relative to the size of the change, not of the parameters
        double worst = 0;
        double scale = 0;
        long n = 0;
        for (int p = 0; p < before.length; p++) {
            for (int j = 0; j < before[p].length; j++) {
                scale = Math.max(scale, Math.abs(lr * grad[p][j]));
            }
        }
        for (int p = 0; p < before.length; p++) {
            for (int j = 0; j < before[p].length; j++) {
                worst = Math.max(worst, Math.abs(after[p][j] - expected[p][j]) / Math.max(scale, 1e-300));
                n++;
            }
        }
        return new Error(worst, n);
    }

    /**
     * max |a - b| / max(|b|_inf, 1e-300).
     *
     * @param a the values checked
     * @param b the reference, of the same shape
     * @return the error over every entry of {@code a}
     */
    public static Error compare(double[][] a, double[][] b) {
        double scale = 0;
        long n = 0;
        for (double[] bp : b) {
            for (double x : bp) {
                scale = Math.max(scale, Math.abs(x));
            }
        }
        double worst = 0;
        for (int p = 0; p < a.length; p++) {
            for (int j = 0; j < a[p].length; j++) {
                worst = Math.max(worst, Math.abs(a[p][j] - b[p][j]) / Math.max(scale, 1e-300));
                n++;
            }
        }
        return new Error(worst, n);
    }
}
