package org.msgdlab.theory.claims;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The four pooled statistics that estimate an exchangeable second-moment matrix. */
class ExchangeableStatisticsTest {

    @Test
    void statisticsOfAKnownVector() {
        double[] out = new double[ExchangeableStatistics.COUNT];
        // y = (1, 2, 3, 4): sum 10, sum of squares 30, first half {1, 2}: pairs 1*2 + 2*1 = 4 over 2 pairs.
        ExchangeableStatistics.compute(new double[] {1, 2, 3, 4, 99}, 4, out);
        assertArrayEquals(new double[] {30.0 / 4, (100.0 - 30) / 12, 5.0 / 2, 4.0 / 2}, out, 1e-15);
        // n = 3: the first half is the first ceil(3/2) = 2 entries {1, -1}: ordered pairs sum to -2.
        ExchangeableStatistics.compute(new double[] {1, -1, 2}, 3, out);
        assertArrayEquals(new double[] {6.0 / 3, (4.0 - 6) / 6, 2.0 / 2, -2.0 / 2}, out, 1e-15);
        // n = 2: the first half is one entry, with no pair: the statistic falls back to the full off-diagonal.
        ExchangeableStatistics.compute(new double[] {3, 5}, 2, out);
        assertArrayEquals(new double[] {17.0, 15.0, 9.0, 15.0}, out, 1e-15);
        assertEquals(ExchangeableStatistics.COUNT, ExchangeableStatistics.NAMES.length);
    }

    @Test
    void theExpectedValuesAreDiagonalOffDiagonalDiagonalOffDiagonal() {
        assertArrayEquals(new double[] {2, -1, 2, -1}, ExchangeableStatistics.expected(2, -1));
    }
}
