package org.msgdlab.deep.efficiency;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.Parameter;
import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.core.random.Streams;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Gaussian noise with the SGD covariance injected into gradient descent two ways (the remark of
 * Section 5.1): Algorithm 1, which feeds the weight vector {@code W = 1/n + V_G} with
 * {@code V_G = (bn)^(-1/2)(I - 11^T/n) eps} ({@link CenteredExchangeableNoise#msgdCov}) so that
 * {@code grad(L.W) = gbar + G V_G}, and the explicit way of {@link ExplicitCovarianceNoise}
 * (per-sample gradient matrix G, thin SVD through the Gram matrix, {@code xi = U S z}).
 *
 * <p>Both noises have covariance {@code Sigma = Gc Gc^T}, {@code Gc = G(I - 11^T/n)/sqrt(bn)}.
 * {@link #compareCovariance} estimates {@code u^T Cov u} on projections u from many draws of each
 * and returns the exact value {@code ||Gc^T u||^2} and the value of a wrong formula, the Fisher
 * {@code u^T F u / b = ||G^T u||^2/(bn)} (uncentred), beside them. {@link NoiseInjectionTimer#time} measures
 * one step of each way.
 *
 * <p>Per-sample gradients: TensorFlow Java has no vectorizing map. For {@link org.msgdlab.deep.model.ConvSmall}
 * the explicit way gets them in their best form, vectorised ({@link PerExampleGradients}: all n in
 * one graph run per chunk, from the per-example gradients of each layer's output); for other models
 * it falls back to running the gradient graph once per example (one session run with the index
 * {i} and weight 1, {@link #perSampleGradientsByExample}). {@link NoiseInjectionTiming#perSampleMethod()} says
 * which. The timings also report the explicit step with the per-sample gradients given for free,
 * the baseline's lower bound.
 *
 * <p>The methods run the given {@link TrainingGraph}, so they share its threading rule: one thread at a time.
 */
public final class NoiseInjection {

    /** Leading singular directions used for the whitened projection {@code Sigma_k^+ gbar}. */
    public static final int WHITENED_COMPONENTS = 50;

    private NoiseInjection() {
    }

    /**
     * A named subset of a model's parameters (indices into {@code Model.parameters()}). Immutable and
     * thread-safe (the array is copied in and out).
     *
     * @param name       a name for reports
     * @param parameters indices into {@code Model.parameters()}, at least one
     */
    public record ParameterSubset(String name, int[] parameters) {
        /**
         * Validates the subset and copies {@code parameters}.
         *
         * @throws IllegalArgumentException when {@code parameters} is empty
         */
        public ParameterSubset {
            if (parameters.length == 0) {
                throw new IllegalArgumentException("parameter subset " + name + " must name at least one parameter");
            }
            parameters = parameters.clone();
        }

        /** @return a copy of the parameter indices */
        @Override
        public int[] parameters() {
            return parameters.clone();
        }

        /**
         * Number of scalar parameters d of the subset.
         *
         * @param specs the model's parameters
         * @return the sum of the subset's parameter sizes
         * @throws IllegalArgumentException when an index is outside {@code specs}
         */
        public int dimension(List<Parameter> specs) {
            long d = 0;
            for (int p : parameters) {
                if (p < 0 || p >= specs.size()) {
                    throw new IllegalArgumentException("parameter index " + p + " of subset " + name + " must be in [0, "
                            + specs.size() + ")");
                }
                d += specs.get(p).size();
            }
            return Math.toIntExact(d);
        }

        /**
         * Every parameter, named {@code all}.
         *
         * @param specs the model's parameters
         * @return the subset 0 .. specs.size()-1
         */
        public static ParameterSubset all(List<Parameter> specs) {
            int[] p = new int[specs.size()];
            Arrays.setAll(p, i -> i);
            return new ParameterSubset("all", p);
        }
    }

    /** Concatenates the gradient parts of {@code subset} into one vector. */
    static double[] flatten(double[][] grads, int[] subset, int d) {
        double[] out = new double[d];
        int at = 0;
        for (int p : subset) {
            System.arraycopy(grads[p], 0, out, at, grads[p].length);
            at += grads[p].length;
        }
        if (at != d) {
            throw new IllegalStateException("flattened " + at + " gradient entries, expected d=" + d);
        }
        return out;
    }

    /** What {@link NoiseInjectionTiming#perSampleMethod()} reports for the fallback, one gradient run per example. */
    public static final String PER_EXAMPLE_LOOP = "one gradient graph run per example";

    /**
     * How {@link #perSampleGradients} gets the per-sample gradients of {@code model}.
     *
     * @param model the network
     * @return {@link PerExampleGradients#METHOD} for ConvSmall, {@link #PER_EXAMPLE_LOOP} otherwise
     */
    public static String perSampleMethod(org.msgdlab.deep.model.Model model) {
        return PerExampleGradients.supports(model) ? PerExampleGradients.METHOD : PER_EXAMPLE_LOOP;
    }

    /**
     * The per-sample gradient matrix by rows (n x d: row i is {@code grad l_i} restricted to the
     * subset): vectorised ({@link PerExampleGradients}, built for this call) for ConvSmall, one
     * gradient run per example ({@link #perSampleGradientsByExample}) otherwise.
     *
     * @param g      the training graph, at its current parameters
     * @param idx    training-set indices
     * @param subset the parameters whose gradients form the columns
     * @return the {@code idx.length x d} matrix
     * @throws IllegalArgumentException when {@code idx} is empty or holds an index outside the training set, or
     *                                  the subset names a parameter the model lacks
     */
    public static DMatrixRMaj perSampleGradients(TrainingGraph g, int[] idx, ParameterSubset subset) {
        if (PerExampleGradients.supports(g.model())) {
            try (PerExampleGradients pex = PerExampleGradients.of(g)) {
                return pex.compute(g, idx, subset);
            }
        }
        return perSampleGradientsByExample(g, idx, subset);
    }

    /**
     * The per-sample gradient matrix by rows, by one gradient graph run per example (any model).
     *
     * @param g      the training graph, at its current parameters
     * @param idx    training-set indices
     * @param subset the parameters whose gradients form the columns
     * @return the {@code idx.length x d} matrix
     * @throws IllegalArgumentException when an index is outside the training set, or the subset names a parameter
     *                                  the model lacks
     */
    public static DMatrixRMaj perSampleGradientsByExample(TrainingGraph g, int[] idx, ParameterSubset subset) {
        int d = subset.dimension(g.model().parameters());
        DMatrixRMaj m = new DMatrixRMaj(idx.length, d);
        double[] one = {1.0};
        int[] parts = subset.parameters();
        for (int i = 0; i < idx.length; i++) {
            double[] row = flatten(g.gradients(new int[] {idx[i]}, one), parts, d);
            System.arraycopy(row, 0, m.data, i * d, d);
        }
        return m;
    }

    /**
     * One projection's estimates.
     * <p>
     * Immutable and thread-safe.
     *
     * @param name             e.g. {@code "gbar/|gbar|"} or {@code "random 1"}
     * @param exact            {@code u^T Sigma u} from the factored G
     * @param fisher           wrong formula {@code u^T F u / b}
     * @param algorithm1       mean of {@code (u^T G V_G)^2} over the draws
     * @param algorithm1Se     its standard error (sample sd of the squares / sqrt(draws))
     * @param explicit         mean of {@code (u^T U S z)^2} over the draws
     * @param explicitSe       its standard error
     */
    public record Projection(String name, double exact, double fisher, double algorithm1, double algorithm1Se,
                             double explicit, double explicitSe) {
    }

    /**
     * Result of {@link #compareCovariance}. Immutable and thread-safe.
     *
     * @param n           the number of training examples
     * @param b           the SGD batch size whose covariance is injected
     * @param d           the number of scalar parameters
     * @param rank        the rank of the factored centred per-sample matrix
     * @param draws       independent draws of each noise
     * @param projections the estimates, one per direction
     * @param seconds     wall-clock seconds of the comparison
     */
    public record CovarianceComparison(int n, int b, int d, int rank, int draws, List<Projection> projections,
                                       double seconds) {
        /** Copies {@code projections}. */
        public CovarianceComparison {
            projections = List.copyOf(projections);
        }
    }

    /**
     * Estimates {@code u^T Cov u} of both noises at the graph's current parameters, on the unit
     * direction of the mean gradient (where the Fisher and the covariance differ most in absolute
     * terms, by {@code |gbar|^2/b}), on the whitened direction {@code Sigma_k^+ gbar} (where they
     * differ most relative to {@code u^T Sigma u}, see
     * {@link ExplicitCovarianceNoise#whitenedDirection}) and on {@code randomProjections} uniformly
     * random unit directions.
     *
     * @param g                 the training graph, at the parameters to compare at (unchanged)
     * @param idx               the n training examples of the full batch
     * @param b                 SGD batch size whose covariance is injected
     * @param randomProjections the number of random unit directions, >= 0
     * @param draws             independent draws of each noise, >= 2
     * @param seed              seed of the directions and of both noises' draws
     * @return the estimates, with the exact and the Fisher values
     * @throws IllegalArgumentException when {@code draws < 2}, {@code randomProjections < 0}, or the mean gradient
     *                                  is zero or not finite
     */
    public static CovarianceComparison compareCovariance(TrainingGraph g, int[] idx, int b, int randomProjections,
                                                         int draws, long seed) {
        if (draws < 2) {
            throw new IllegalArgumentException("draws=" + draws + " must be >= 2");
        }
        if (randomProjections < 0) {
            throw new IllegalArgumentException("random projections=" + randomProjections + " must be >= 0");
        }
        long t0 = System.nanoTime();
        int n = idx.length;
        ParameterSubset all = ParameterSubset.all(g.model().parameters());
        int d = all.dimension(g.model().parameters());
        int[] parts = all.parameters();
        DMatrixRMaj rows = perSampleGradients(g, idx, all);
        ExplicitCovarianceNoise explicit = ExplicitCovarianceNoise.factor(rows, b);

        // projections: gbar/|gbar| and random unit vectors
        double[] uniform = new double[n];
        Arrays.fill(uniform, 1.0 / n);
        double[] gbar = flatten(g.gradients(idx, uniform), parts, d);
        List<double[]> us = new ArrayList<>();
        List<String> names = new ArrayList<>();
        us.add(unit(gbar));
        names.add("gbar/|gbar|");
        us.add(explicit.whitenedDirection(gbar, WHITENED_COMPONENTS));
        names.add("Sigma_" + WHITENED_COMPONENTS + "^+ gbar (whitened)");
        UniformRandomProvider dirRng = Streams.create(Streams.derive(seed, "deep.efficiency.projections"));
        ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(dirRng);
        for (int k = 0; k < randomProjections; k++) {
            double[] u = new double[d];
            for (int i = 0; i < d; i++) {
                u[i] = normal.sample();
            }
            us.add(unit(u));
            names.add("random " + (k + 1));
        }
        int m = us.size();
        double[][] sqA = new double[m][draws];
        double[][] sqE = new double[m][draws];
        NoiseSampler vg = CenteredExchangeableNoise.msgdCov(n, b)
                .sampler(Streams.create(Streams.derive(seed, "deep.efficiency.algorithm1")));
        ExplicitCovarianceNoise.Sampler xs = explicit.sampler(Streams.create(Streams.derive(seed, "deep.efficiency.explicit")));
        double[] v = new double[n];
        double[] xi = new double[d];
        for (int k = 0; k < draws; k++) {
            vg.sample(v);
            // grad(L.(1/n + V)) - grad(L.1/n) = grad(L.V) = G V (linearity in W)
            double[] noise = flatten(g.gradients(idx, v), parts, d);
            xs.sample(xi);
            for (int j = 0; j < m; j++) {
                double a = dot(us.get(j), noise);
                double e = dot(us.get(j), xi);
                sqA[j][k] = a * a;
                sqE[j][k] = e * e;
            }
        }
        List<Projection> out = new ArrayList<>();
        for (int j = 0; j < m; j++) {
            double[] u = us.get(j);
            double exact = explicit.projectedVariance(u);
            double fisher = uncentredProjectedVariance(rows, u) / ((double) b * n);
            out.add(new Projection(names.get(j), exact, fisher, mean(sqA[j]), se(sqA[j]), mean(sqE[j]), se(sqE[j])));
        }
        return new CovarianceComparison(n, b, d, explicit.rank(), draws, out, (System.nanoTime() - t0) / 1e9);
    }

    /** {@code ||G^T u||^2 = sum_i (g_i . u)^2}. */
    static double uncentredProjectedVariance(DMatrixRMaj rows, double[] u) {
        int d = rows.numCols;
        double s = 0;
        for (int i = 0; i < rows.numRows; i++) {
            double p = 0;
            int off = i * d;
            for (int j = 0; j < d; j++) {
                p += rows.data[off + j] * u[j];
            }
            s += p * p;
        }
        return s;
    }

    /** The columns of the full per-sample matrix that belong to {@code subset}, in its order. */
    static DMatrixRMaj columns(DMatrixRMaj rows, List<Parameter> specs, ParameterSubset subset) {
        int[] offset = new int[specs.size() + 1];
        for (int p = 0; p < specs.size(); p++) {
            offset[p + 1] = offset[p] + Math.toIntExact(specs.get(p).size());
        }
        int d = subset.dimension(specs);
        DMatrixRMaj out = new DMatrixRMaj(rows.numRows, d);
        for (int i = 0; i < rows.numRows; i++) {
            int at = i * d;
            for (int p : subset.parameters()) {
                int len = offset[p + 1] - offset[p];
                System.arraycopy(rows.data, i * rows.numCols + offset[p], out.data, at, len);
                at += len;
            }
        }
        return out;
    }

    private static double[] unit(double[] x) {
        double norm = Math.sqrt(dot(x, x));
        if (!(norm > 0)) {
            throw new IllegalArgumentException("cannot normalize a zero or non-finite vector (norm " + norm + ")");
        }
        double[] u = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            u[i] = x[i] / norm;
        }
        return u;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    private static double se(double[] x) {
        double m = mean(x);
        double ss = 0;
        for (double v : x) {
            ss += (v - m) * (v - m);
        }
        return Math.sqrt(ss / (x.length - 1) / x.length);
    }
}
