package org.msgdlab.deep.train;

/**
 * The rules every method's numbers follow, checked in each variant's compact constructor; the messages
 * name the method's family as {@code method FAMILY: ...} (e.g. {@code method SGD_WOR}).
 */
final class MethodChecks {

    private MethodChecks() {
    }

    /**
     * @param family the method's family, for the message
     * @param b      the SGD batch size
     * @throws IllegalArgumentException when {@code b < 1}
     */
    static void requireB(String family, int b) {
        if (b < 1) {
            throw new IllegalArgumentException("method " + family + ": SGD batch size b=" + b + " must be >= 1");
        }
    }

    /**
     * @param family   the method's family, for the message
     * @param b        the SGD batch size
     * @param bigBatch the batch size B of a sparse noise or of Algorithm 2
     * @throws IllegalArgumentException when {@code b < 1} or {@code bigBatch < 1}
     */
    static void requireBatches(String family, int b, int bigBatch) {
        requireB(family, b);
        if (bigBatch < 1) {
            throw new IllegalArgumentException("method " + family + ": batch size B=" + bigBatch + " must be >= 1");
        }
    }

    /**
     * @param family    the method's family, for the message
     * @param magnitude Algorithm 2's compensatory magnitude s
     * @throws IllegalArgumentException when {@code magnitude} is neither >= 0 nor NaN
     */
    static void requireMagnitude(String family, double magnitude) {
        if (!(magnitude >= 0) && !Double.isNaN(magnitude)) {
            throw new IllegalArgumentException("method " + family + ": compensatory magnitude s=" + magnitude
                    + " must be >= 0 (NaN: matched to SGD-b)");
        }
    }
}
