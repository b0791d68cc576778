package org.msgdlab.sde.path;

import org.msgdlab.sde.problem.Evaluator;

/**
 * One Euler–Maruyama discretization of {@code dΘ = -∇L(Θ) dt + σ ∇ℒ(Θ) S dW} (see {@link Diffusion})
 * with step h, fed with Brownian increments from {@link BrownianBlock}s:
 * <pre>
 *   Θ_{j+1} = Θ_j - h ∇L(Θ_j) + σ ∇ℒ(Θ_j) S ΔW_j  =  Θ_j - ∇ℒ(Θ_j) (h/N 1 - σ S ΔW_j).
 * </pre>
 * With {@code h = η}, {@code σ = √η}, {@code S = I/√(bN)} and {@code ΔW_j = √η W_{j+1}} this is the
 * Gaussian MSGD iteration Eq. (M-SGD-gaussian) {@code θ_{k+1} = θ_k - η∇L(θ_k) + η C(θ_k) W_{k+1}},
 * the coupling used in the proof of the theorem (Eq. (HatThetaInterpolationSameGLD), whose printed
 * minus sign in front of the noise is a typo: the integral form Eq. (HatTheta) has a plus).
 *
 * <p>A step whose length (in finest steps, {@code stepUnits}) exceeds the part of a block it is
 * fed accumulates increments until it is complete.
 *
 * <p>Not thread-safe: one instance per path simulator (it owns its state and scratch arrays).
 */
public final class EulerMaruyama {

    private final Evaluator evaluator;
    private final Diffusion diffusion;
    private final double h;
    private final double sigma;
    private final int stepUnits;
    private final int stepLevel;
    private final int n;
    private final double[] theta;
    private final double[] acc;
    private final double[] u;
    private final double[] g;
    private int accUnits;
    private long steps;
    private double[][][] control;
    private double[] controlSum = new double[0];

    /**
     * A discretization at θ_0.
     *
     * @param evaluator the problem's evaluator (used by this instance's thread only)
     * @param diffusion the diffusion (Σ_V and its square root S)
     * @param theta0    the initial point θ_0 (copied)
     * @param h         step length
     * @param sigma     diffusion scale σ
     * @param stepUnits step length in finest Brownian steps, a power of two
     * @throws IllegalArgumentException unless {@code stepUnits} is a power of two
     */
    public EulerMaruyama(Evaluator evaluator, Diffusion diffusion, double[] theta0, double h, double sigma, int stepUnits) {
        if (Integer.bitCount(stepUnits) != 1) {
            throw new IllegalArgumentException("step length in finest units " + stepUnits + " must be a power of two");
        }
        this.evaluator = evaluator;
        this.diffusion = diffusion;
        this.h = h;
        this.sigma = sigma;
        this.stepUnits = stepUnits;
        this.stepLevel = Integer.numberOfTrailingZeros(stepUnits);
        this.n = diffusion.dimension();
        this.theta = theta0.clone();
        this.acc = new double[n];
        this.u = new double[n];
        this.g = new double[theta0.length];
    }

    /** @return the current state Θ_j (the live array, not a copy) */
    public double[] state() {
        return theta;
    }

    /** @return the steps taken since construction or the last reset */
    public long steps() {
        return steps;
    }

    /**
     * Resets the state to θ_0 (and drops any partial increment and the control sum).
     *
     * @param theta0 the initial point θ_0 (copied)
     */
    public void reset(double[] theta0) {
        System.arraycopy(theta0, 0, theta, 0, theta.length);
        java.util.Arrays.fill(acc, 0.0);
        accUnits = 0;
        steps = 0;
        java.util.Arrays.fill(controlSum, 0.0);
    }

    /**
     * Accumulates control variates {@code Z_q = Σ_j c_{q,j}·ξ_j} with weights of
     * {@link LinearResponse#weights} ({@code weights[q][j]}: one set per test function, one row per
     * step), {@code ξ_j = -σ S ΔW_j}.
     *
     * @param weights one weight table per test function, each with a row of N weights per step
     */
    public void control(double[][]... weights) {
        this.control = weights.clone();
        this.controlSum = new double[weights.length];
    }

    /**
     * The control variate Z_q accumulated since the last reset.
     *
     * @param q the test function's index in {@link #control}
     * @return Z_q
     */
    public double controlSum(int q) {
        return controlSum[q];
    }

    /**
     * Advances through the finest steps {@code [offset, offset + length)} of {@code block}; length
     * is a power of two and offset a multiple of it.
     *
     * @param block  the Brownian block
     * @param offset the first finest step
     * @param length the number of finest steps
     */
    public void feed(BrownianBlock block, int offset, int length) {
        if (stepUnits <= length) {
            double[] inc = block.level(stepLevel);
            int first = offset / stepUnits;
            int count = length / stepUnits;
            for (int q = 0; q < count; q++) {
                step(inc, (first + q) * n);
            }
        } else {
            int l = Integer.numberOfTrailingZeros(length);
            double[] inc = block.level(l);
            int o = (offset / length) * n;
            for (int i = 0; i < n; i++) {
                acc[i] += inc[o + i];
            }
            accUnits += length;
            if (accUnits == stepUnits) {
                step(acc, 0);
                java.util.Arrays.fill(acc, 0.0);
                accUnits = 0;
            }
        }
    }

    /**
     * One step with the Brownian increment {@code dW[offset .. offset + N)}.
     *
     * @param dW     the increments
     * @param offset where this step's N increments start
     */
    public void step(double[] dW, int offset) {
        diffusion.applySqrt(dW, offset, u);
        double drift = h / n;
        for (int i = 0; i < n; i++) {
            u[i] = drift - sigma * u[i];
        }
        if (control != null) {
            for (int q = 0; q < control.length; q++) {
                double[] c = control[q][(int) steps];
                double z = 0;
                for (int i = 0; i < n; i++) {
                    z += c[i] * (u[i] - drift);
                }
                controlSum[q] += z;
            }
        }
        evaluator.contract(theta, u, g);
        for (int k = 0; k < theta.length; k++) {
            theta[k] -= g[k];
        }
        steps++;
    }
}
