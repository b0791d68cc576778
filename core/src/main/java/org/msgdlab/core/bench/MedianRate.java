package org.msgdlab.core.bench;

import java.util.Arrays;
import java.util.function.DoubleSupplier;

/**
 * The timing rule shared by the benchmark commands: units per second as the median of 5 timed
 * repetitions after 2 warm-ups (the JIT compiles during the warm-ups). The work returns a number
 * that is accumulated into a sink, so the JIT cannot discard it.
 */
public final class MedianRate {

    private static volatile double sink;

    private MedianRate() {
    }

    /**
     * Median of {@code units} per second over 5 timed runs of {@code work}, after 2 warm-up runs.
     *
     * @param work  one repetition of the work; what it returns is accumulated into the sink
     * @param units the units of work (e.g. flops) one repetition does
     * @return the median of the 5 rates, units per second
     */
    public static double perSecond(DoubleSupplier work, long units) {
        double s = 0;
        for (int i = 0; i < 2; i++) {
            s += work.getAsDouble();
        }
        double[] rates = new double[5];
        for (int r = 0; r < rates.length; r++) {
            long t = System.nanoTime();
            s += work.getAsDouble();
            rates[r] = units / ((System.nanoTime() - t) / 1e9);
        }
        sink += s;
        return median(rates);
    }

    /**
     * The median of {@code x}: its middle value, the mean of the middle two for an even count.
     *
     * @param x the values (not changed)
     * @return their median, NaN when there are none
     */
    public static double median(double[] x) {
        if (x.length == 0) {
            return Double.NaN;
        }
        double[] s = x.clone();
        Arrays.sort(s);
        int k = s.length;
        return k % 2 == 1 ? s[k / 2] : 0.5 * (s[k / 2 - 1] + s[k / 2]);
    }
}
