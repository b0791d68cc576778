package org.msgdlab.sde.fit;

/** Means, standard errors and covariances of per-path values (rows: paths). Stateless and thread-safe. */
public final class Sample {

    private Sample() {
    }

    /**
     * Sample mean.
     *
     * @param v the values
     * @return their mean
     */
    public static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    /**
     * Unbiased sample variance.
     *
     * @param v the values, at least 2
     * @return their variance (divisor length - 1)
     */
    public static double variance(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }

    /**
     * Standard error of the mean.
     *
     * @param v the values, at least 2
     * @return {@code sqrt(variance / length)}
     */
    public static double standardError(double[] v) {
        return Math.sqrt(variance(v) / v.length);
    }

    /**
     * Unbiased sample covariance of two equally long columns.
     *
     * @param a a column
     * @param b a column as long as {@code a}
     * @return their covariance (divisor length - 1)
     */
    public static double covariance(double[] a, double[] b) {
        double ma = mean(a);
        double mb = mean(b);
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - ma) * (b[i] - mb);
        }
        return s / (a.length - 1);
    }

    /**
     * The covariance matrix of the column means: {@code Cov(x̄_i, x̄_j) = Cov(x_i, x_j) / P}.
     *
     * @param columns k columns of P values each
     * @return the k x k covariance matrix
     */
    public static double[][] covarianceOfMeans(double[][] columns) {
        int k = columns.length;
        double[][] c = new double[k][k];
        for (int i = 0; i < k; i++) {
            for (int j = i; j < k; j++) {
                double v = covariance(columns[i], columns[j]) / columns[i].length;
                c[i][j] = v;
                c[j][i] = v;
            }
        }
        return c;
    }

    /**
     * Element-wise sum of two matrices (covariances of independent estimates add).
     *
     * @param a a matrix
     * @param b a matrix of the same shape
     * @return a + b, a new matrix
     */
    public static double[][] plus(double[][] a, double[][] b) {
        double[][] c = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = new double[a[i].length];
            for (int j = 0; j < a[i].length; j++) {
                c[i][j] = a[i][j] + b[i][j];
            }
        }
        return c;
    }
}
