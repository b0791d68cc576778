package org.msgdlab.sde.path;

import org.hipparchus.ode.ODEState;
import org.hipparchus.ode.ODEStateAndDerivative;
import org.hipparchus.ode.OrdinaryDifferentialEquation;
import org.hipparchus.ode.nonstiff.DormandPrince853Integrator;
import org.msgdlab.sde.Checks;
import org.msgdlab.sde.problem.Evaluator;
import org.msgdlab.sde.problem.Problem;

/**
 * The noise-free limit of Eq. (sde): the gradient flow {@code dx/dt = -∇L(x)}, {@code x(0) = θ_0},
 * and its explicit one-step discretizations.
 * <ul>
 *   <li>gradient descent {@code θ_{k+1} = θ_k - η ∇L(θ_k)}: Euler's method, first order;</li>
 *   <li>Heun's method {@code θ* = θ_k - η∇L(θ_k)}, {@code θ_{k+1} = θ_k - (η/2)(∇L(θ_k) + ∇L(θ*))}:
 *       second order (a control for the order fit);</li>
 *   <li>the reference: Hipparchus's Dormand–Prince 8(5,3) at a tight tolerance.</li>
 * </ul>
 * Stateless and thread-safe.
 */
public final class GradientFlow {

    private GradientFlow() {
    }

    /**
     * x(T) by Dormand–Prince 8(5,3) with absolute and relative tolerance {@code tol}.
     *
     * @param p       the training set
     * @param horizon T
     * @param tol     the absolute and relative tolerance
     * @return x(T)
     * @throws IllegalArgumentException unless T and tol are finite and &gt; 0
     */
    public static double[] dormandPrince(Problem p, double horizon, double tol) {
        Checks.horizon(horizon);
        Checks.positive("tolerance", tol);
        Evaluator ev = p.evaluator();
        int d = p.dimension();
        OrdinaryDifferentialEquation flow = new OrdinaryDifferentialEquation() {
            @Override
            public int getDimension() {
                return d;
            }

            @Override
            public double[] computeDerivatives(double t, double[] x) {
                double[] g = new double[d];
                ev.gradient(x, g);
                for (int i = 0; i < d; i++) {
                    g[i] = -g[i];
                }
                return g;
            }
        };
        DormandPrince853Integrator dp = new DormandPrince853Integrator(1e-12 * horizon, horizon, tol, tol);
        ODEStateAndDerivative end = dp.integrate(flow, new ODEState(0, p.initialPoint()), horizon);
        return end.getPrimaryState();
    }

    /**
     * Gradient descent: K steps of η.
     *
     * @param p     the training set
     * @param eta   the step size η
     * @param steps K
     * @return θ_K
     * @throws IllegalArgumentException unless η is finite and &gt; 0
     */
    public static double[] gradientDescent(Problem p, double eta, int steps) {
        Checks.stepSize("eta", eta);
        Evaluator ev = p.evaluator();
        double[] theta = p.initialPoint();
        double[] g = new double[theta.length];
        for (int k = 0; k < steps; k++) {
            ev.gradient(theta, g);
            for (int i = 0; i < theta.length; i++) {
                theta[i] -= eta * g[i];
            }
        }
        return theta;
    }

    /**
     * Heun's method: K steps of η.
     *
     * @param p     the training set
     * @param eta   the step size η
     * @param steps K
     * @return θ_K
     * @throws IllegalArgumentException unless η is finite and &gt; 0
     */
    public static double[] heun(Problem p, double eta, int steps) {
        Checks.stepSize("eta", eta);
        Evaluator ev = p.evaluator();
        double[] theta = p.initialPoint();
        int d = theta.length;
        double[] g = new double[d];
        double[] g2 = new double[d];
        double[] pred = new double[d];
        for (int k = 0; k < steps; k++) {
            ev.gradient(theta, g);
            for (int i = 0; i < d; i++) {
                pred[i] = theta[i] - eta * g[i];
            }
            ev.gradient(pred, g2);
            for (int i = 0; i < d; i++) {
                theta[i] -= 0.5 * eta * (g[i] + g2[i]);
            }
        }
        return theta;
    }

    /**
     * Euclidean distance.
     *
     * @param a a vector
     * @param b a vector at least as long as {@code a}
     * @return |a - b|
     */
    public static double distance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            s += d * d;
        }
        return Math.sqrt(s);
    }
}
