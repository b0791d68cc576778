package org.msgdlab.sde.path;

/**
 * The per-path squared errors of a {@link StrongSetup}:
 * {@code e_{j,m,k} = |Θ^{(m)}_{kη_j} - θ^{(j)}_k|^2} between the iteration at η_j and its
 * Euler–Maruyama reference at η_j/2^m, for k = 1..K_j and m = 1..mMax, and the terminal error
 * vectors {@code Θ^{(mMax)}_T - θ_{K_j}}, all on the same Brownian path. A read-only view of a
 * finished run: safe to share between threads.
 */
public final class StrongErrors {

    private final StrongSetup setup;
    private final double[][] raw;
    private final int[] perStepOffset;
    private final int vectorOffset;
    private final int width;

    StrongErrors(StrongSetup setup, double[][] raw) {
        this.setup = setup;
        this.raw = raw;
        this.perStepOffset = layout(setup);
        this.vectorOffset = perStepOffset[setup.stepSizes()];
        this.width = vectorOffset + setup.stepSizes() * setup.problem().dimension();
    }

    /** Offsets of family j's per-step block; entry J is the total. */
    static int[] layout(StrongSetup s) {
        int[] off = new int[s.stepSizes() + 1];
        for (int j = 0; j < s.stepSizes(); j++) {
            off[j + 1] = off[j] + s.refinement() * s.steps(j);
        }
        return off;
    }

    static int width(StrongSetup s) {
        return layout(s)[s.stepSizes()] + s.stepSizes() * s.problem().dimension();
    }

    static int column(int[] off, StrongSetup s, int j, int m, int k) {
        return off[j] + (m - 1) * s.steps(j) + (k - 1);
    }

    /** @return the experiment */
    public StrongSetup setup() {
        return setup;
    }

    /** @return the number of paths */
    public int paths() {
        return raw.length;
    }

    /**
     * Column of e_{j,m,k} (m in 1..mMax, k in 1..K_j).
     *
     * @param j the step size's index
     * @param m the reference level
     * @param k the step
     * @return the column
     * @throws IndexOutOfBoundsException unless {@code 1 <= m <= mMax} and {@code 1 <= k <= K_j}
     */
    public int column(int j, int m, int k) {
        if (m < 1 || m > setup.refinement() || k < 1 || k > setup.steps(j)) {
            throw new IndexOutOfBoundsException("j=" + j + ", m=" + m + ", k=" + k);
        }
        return column(perStepOffset, setup, j, m, k);
    }

    /**
     * Column of component c of the terminal error vector at η_j (reference level mMax).
     *
     * @param j the step size's index
     * @param c the component, 0..D-1
     * @return the column
     */
    public int vectorColumn(int j, int c) {
        return vectorOffset + j * setup.problem().dimension() + c;
    }

    /**
     * One path's value in one column.
     *
     * @param path   the path
     * @param column the column
     * @return the value
     */
    public double value(int path, int column) {
        return raw[path][column];
    }

    /**
     * The values of one column over all paths.
     *
     * @param column the column
     * @return one value per path, a new array
     */
    public double[] columnValues(int column) {
        double[] v = new double[raw.length];
        for (int i = 0; i < raw.length; i++) {
            v[i] = raw[i][column];
        }
        return v;
    }

    /** @return the number of columns */
    public int width() {
        return width;
    }
}
