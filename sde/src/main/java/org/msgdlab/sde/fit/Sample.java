package org.msgdlab.sde.fit;

/** Means, standard errors and covariances of per-path values (rows: paths). */
public final class Sample {

    private Sample() {
    }

    public static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    /** Unbiased sample variance. */
    public static double variance(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }

    /** Standard error of the mean. */
    public static double standardError(double[] v) {
        return Math.sqrt(variance(v) / v.length);
    }

    /** Unbiased sample covariance of two equally long columns. */
    public static double covariance(double[] a, double[] b) {
        double ma = mean(a);
        double mb = mean(b);
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - ma) * (b[i] - mb);
        }
        return s / (a.length - 1);
    }

    /** The covariance matrix of the column means: {@code Cov(x̄_i, x̄_j) = Cov(x_i, x_j) / P}. */
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

    /** Element-wise sum of two matrices (covariances of independent estimates add). */
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
