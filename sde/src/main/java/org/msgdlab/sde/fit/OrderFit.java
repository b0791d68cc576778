package org.msgdlab.sde.fit;

import org.hipparchus.stat.regression.SimpleRegression;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.ArrayList;
import java.util.List;

/**
 * The order p of a convergence {@code e(h) = A h^p (1 + ρ h)}: a power law and its next term
 * (e.g. the mean-square error {@code A η^2 + B η^3} of the theorem, {@code ρ = B/A}), fitted on
 * log–log by least squares,
 * <pre>
 *   min over (a, p, ρ) of  Σ_j ( log e_j - a - p log h_j - log(1 + ρ h_j) )^2,
 * </pre>
 * profiled over ρ: for each ρ, (a, p) is the Hipparchus {@link SimpleRegression} of
 * {@code log e - log(1 + ρ h)} on {@code log h}; ρ minimizes the residual sum of squares (grid, then
 * golden-section refinement). With ρ = 0 this is the plain log–log slope. The next term must stay a
 * correction: {@code -1/2 <= ρ h_max <= 2} on the range fitted (beyond, {@code h^p (1 + ρh) ≈ ρ h^{p+1}}
 * and p is not identifiable); a fit whose ρ reaches a bound marks the largest step as
 * pre-asymptotic: it is excluded and the fit redone.
 *
 * <p><b>Standard error.</b> The errors at the different h are Monte Carlo means over the same
 * paths (nested Brownian grids), hence correlated. p̂ is a smooth function of the vector of
 * log-errors; its standard error is the delta method {@code sqrt(g^T Σ g)} with g the gradient of p̂
 * (central differences) and {@code Σ_ij = Cov(ē_i, ē_j) / (ē_i ē_j)}, Cov estimated from the paths.
 *
 * <p><b>Asymptotic range.</b> Besides the bound on ρ, each residual of the fit is standardized by its Monte Carlo standard
 * deviation ({@code J Σ J^T}, J the Jacobian of the residuals); if the largest exceeds the
 * two-sided {@link #MISFIT_ALPHA} quantile (Bonferroni over the points), the largest step is
 * excluded as pre-asymptotic and the fit redone, down to {@code minPoints} points. The points used
 * and excluded are reported.
 *
 * <p>A result value: thread-safe as long as its arrays are not modified (they are not copied).
 *
 * @param order              fitted p
 * @param standardError      Monte Carlo standard error of p (delta method); 0 for exact data
 * @param intercept          fitted a = log A
 * @param correction         fitted ρ
 * @param naiveOrder         slope of the plain fit {@code log e = a + p log h} on the same points (Hipparchus SimpleRegression)
 * @param naiveConfidence95  Hipparchus's 95% half-width of the naive slope (t distribution, residual scatter)
 * @param steps              every step h offered, largest first
 * @param errors             every mean error offered
 * @param used               number of the smallest steps used (the last {@code used} entries)
 * @param maxStandardizedResidual largest |residual|/sd of the final fit (0 for exact data)
 * @param misfitLimit        the quantile it was compared with
 * @param note               how the range was chosen
 * @param correctionAtBound  whether the final fit's ρ sits at a bound of its range (then only possible
 *                           at the minimum number of points): the range may be pre-asymptotic, and the
 *                           delta-method standard error, which treats ρ as free, is too small
 */
public record OrderFit(double order, double standardError, double intercept, double correction,
                       double naiveOrder, double naiveConfidence95,
                       double[] steps, double[] errors, int used, double maxStandardizedResidual,
                       double misfitLimit, String note, boolean correctionAtBound) {

    /** False-alarm probability of the pre-asymptotic exclusion test (per fit, over all points). */
    public static final double MISFIT_ALPHA = 0.01;

    /** @return the steps used in the final fit, a new array */
    public double[] usedSteps() {
        return java.util.Arrays.copyOfRange(steps, steps.length - used, steps.length);
    }

    /**
     * The fitted curve {@code exp(a) h^p (1 + ρ h)} at h.
     *
     * @param h the step
     * @return the model's error at h
     */
    public double model(double h) {
        return Math.exp(intercept + order * Math.log(h)) * (1 + correction * h);
    }

    /**
     * Fits the order of {@code errors} (positive) against {@code steps} (strictly decreasing),
     * with the covariance matrix {@code covariance} of the error estimates ({@code null} for
     * exactly computed errors: then no point is excluded and the standard error is 0).
     *
     * @param steps      the steps h, strictly decreasing, &gt; 0
     * @param errors     the mean errors, finite and &gt; 0
     * @param covariance their covariance matrix, or {@code null} for exact errors
     * @param minPoints at least 4 (three parameters and one degree of freedom)
     * @return the fit
     * @throws IllegalArgumentException if the lengths differ, {@code minPoints} is outside [4, steps.length], an
     *                                  error or step is not &gt; 0 (or an error not finite), or the steps do
     *                                  not decrease strictly
     */
    public static OrderFit fit(double[] steps, double[] errors, double[][] covariance, int minPoints) {
        int n = steps.length;
        if (errors.length != n || (covariance != null && covariance.length != n)) {
            throw new IllegalArgumentException("steps (" + n + "), errors (" + errors.length
                    + ") and covariance must have the same length");
        }
        if (minPoints < 4 || minPoints > n) {
            throw new IllegalArgumentException("minPoints=" + minPoints + " must be in [4, " + n + "]");
        }
        for (int i = 0; i < n; i++) {
            if (!(errors[i] > 0) || !(steps[i] > 0) || !Double.isFinite(errors[i])) {
                throw new IllegalArgumentException("error " + errors[i] + " at step " + steps[i]
                        + " must be finite and > 0 to fit an order on log-log");
            }
            if (i > 0 && !(steps[i] < steps[i - 1])) {
                throw new IllegalArgumentException("steps must be strictly decreasing, got " + steps[i - 1] + " then " + steps[i]);
            }
        }
        boolean random = false;
        if (covariance != null) {
            for (double[] row : covariance) {
                for (double v : row) {
                    random |= v != 0;
                }
            }
        }
        List<String> dropped = new ArrayList<>();
        int first = 0;
        while (true) {
            int m = n - first;
            double[] h = java.util.Arrays.copyOfRange(steps, first, n);
            double[] y = new double[m];
            for (int i = 0; i < m; i++) {
                y[i] = Math.log(errors[first + i]);
            }
            Core core = core(h, y);
            double se = 0;
            double maxStd = 0;
            double limit = FalseAlarm.z(MISFIT_ALPHA, m);
            if (random) {
                double[][] sigma = new double[m][m];
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < m; j++) {
                        sigma[i][j] = covariance[first + i][first + j] / (errors[first + i] * errors[first + j]);
                    }
                }
                double[][] jac = new double[m + 1][m]; // row 0: d p / d y; rows 1..m: d r_i / d y
                for (int k = 0; k < m; k++) {
                    double step = 1e-5 * Math.max(1e-3, Math.sqrt(sigma[k][k]));
                    double[] yp = y.clone();
                    double[] ym = y.clone();
                    yp[k] += step;
                    ym[k] -= step;
                    Core cp = core(h, yp);
                    Core cm = core(h, ym);
                    jac[0][k] = (cp.p - cm.p) / (2 * step);
                    for (int i = 0; i < m; i++) {
                        jac[i + 1][k] = (cp.residuals[i] - cm.residuals[i]) / (2 * step);
                    }
                }
                se = Math.sqrt(Math.max(0, quadratic(jac[0], sigma, jac[0])));
                for (int i = 0; i < m; i++) {
                    double sd = Math.sqrt(Math.max(0, quadratic(jac[i + 1], sigma, jac[i + 1])));
                    double r = Math.abs(core.residuals[i]);
                    maxStd = Math.max(maxStd, sd > 0 ? r / sd : (r < 1e-12 ? 0 : Double.POSITIVE_INFINITY));
                }
            }
            boolean canDrop = m - 1 >= minPoints;
            boolean misfit = random && maxStd > limit;
            if ((!misfit && !core.atBound) || !canDrop) {
                String note;
                if (core.atBound) {
                    note = "the correction rho reaches its bound (-1/2 <= rho h_max <= 2) at the minimum of " + minPoints
                            + " points: the range may be pre-asymptotic" + (dropped.isEmpty() ? "" : "; excluded: h = "
                            + String.join(", ", dropped));
                } else if (!random) {
                    note = "exact errors: " + m + " of " + n + " points used" + (dropped.isEmpty() ? ""
                            : "; excluded as pre-asymptotic (correction at its bound): h = " + String.join(", ", dropped));
                } else if (maxStd <= limit) {
                    note = m + " of " + n + " points used" + (dropped.isEmpty() ? ""
                            : "; excluded as pre-asymptotic (standardized residual > " + fmt(limit)
                            + " or correction at its bound): h = " + String.join(", ", dropped));
                } else {
                    note = "misfit persists at the minimum of " + minPoints + " points (max standardized residual "
                            + fmt(maxStd) + " > " + fmt(limit) + "); excluded: h = " + String.join(", ", dropped);
                }
                SimpleRegression naive = new SimpleRegression();
                for (int i = 0; i < m; i++) {
                    naive.addData(Math.log(h[i]), y[i]);
                }
                double naiveCi = m > 2 ? naive.getSlopeConfidenceInterval(0.05) : Double.NaN;
                return new OrderFit(core.p, se, core.a, core.rho, naive.getSlope(), naiveCi, steps.clone(), errors.clone(),
                        m, maxStd, limit, note, core.atBound);
            }
            dropped.add(fmt(steps[first]));
            first++;
        }
    }

    private record Core(double a, double p, double rho, double[] residuals, double rss, boolean atBound) {
        Core bounded(boolean b) {
            return new Core(a, p, rho, residuals, rss, b);
        }
    }

    /** Bounds of u = log(1 + ρ h_max): ρ h_max in [-1/2, 2]. */
    private static final double U_LOW = Math.log(0.5);
    private static final double U_HIGH = Math.log(3.0);

    /** The profiled least-squares fit for one data vector. */
    private static Core core(double[] h, double[] y) {
        double hMax = h[0];
        // ρ = (e^u - 1)/hMax; grid in u, then golden section.
        double lo = U_LOW;
        double hi = U_HIGH;
        int grid = 201;
        double bestU = 0;
        double best = Double.POSITIVE_INFINITY;
        for (int g = 0; g < grid; g++) {
            double u = lo + (hi - lo) * g / (grid - 1);
            double r = atRho(h, y, (Math.exp(u) - 1) / hMax).rss;
            if (r < best) {
                best = r;
                bestU = u;
            }
        }
        double cell = (hi - lo) / (grid - 1);
        boolean atBound = bestU <= lo + 0.5 * cell || bestU >= hi - 0.5 * cell;
        if (atBound) {
            return atRho(h, y, (Math.exp(bestU) - 1) / hMax).bounded(true);
        }
        double a = bestU - cell;
        double b = bestU + cell;
        double phi = (Math.sqrt(5) - 1) / 2;
        double c = b - phi * (b - a);
        double d = a + phi * (b - a);
        double fc = atRho(h, y, (Math.exp(c) - 1) / hMax).rss;
        double fd = atRho(h, y, (Math.exp(d) - 1) / hMax).rss;
        for (int it = 0; it < 80; it++) {
            if (fc < fd) {
                b = d;
                d = c;
                fd = fc;
                c = b - phi * (b - a);
                fc = atRho(h, y, (Math.exp(c) - 1) / hMax).rss;
            } else {
                a = c;
                c = d;
                fc = fd;
                d = a + phi * (b - a);
                fd = atRho(h, y, (Math.exp(d) - 1) / hMax).rss;
            }
        }
        return atRho(h, y, (Math.exp((a + b) / 2) - 1) / hMax);
    }

    private static Core atRho(double[] h, double[] y, double rho) {
        SimpleRegression r = new SimpleRegression();
        int m = h.length;
        double[] ys = new double[m];
        for (int i = 0; i < m; i++) {
            ys[i] = y[i] - Math.log1p(rho * h[i]);
            r.addData(Math.log(h[i]), ys[i]);
        }
        double a = r.getIntercept();
        double p = r.getSlope();
        double[] res = new double[m];
        double rss = 0;
        for (int i = 0; i < m; i++) {
            res[i] = ys[i] - a - p * Math.log(h[i]);
            rss += res[i] * res[i];
        }
        return new Core(a, p, rho, res, rss, false);
    }

    private static double quadratic(double[] u, double[][] s, double[] v) {
        double t = 0;
        for (int i = 0; i < u.length; i++) {
            double r = 0;
            for (int j = 0; j < v.length; j++) {
                r += s[i][j] * v[j];
            }
            t += u[i] * r;
        }
        return t;
    }

    private static String fmt(double v) {
        return String.format(java.util.Locale.ROOT, "%.4g", v);
    }
}
