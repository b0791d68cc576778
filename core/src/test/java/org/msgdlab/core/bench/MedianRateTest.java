package org.msgdlab.core.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one median every benchmark and timer of the project reports. */
class MedianRateTest {

    @Test
    void theMedianOfAnOddCountIsItsMiddleValue() {
        assertEquals(3, MedianRate.median(new double[] {5, 3, 1}), 0);
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, MedianRate.median(new double[] {4, 1, 3, 2}), 0);
    }

    @Test
    void theMedianOfNothingIsNaNAndTheInputIsNotReordered() {
        assertTrue(Double.isNaN(MedianRate.median(new double[0])));
        double[] x = {9, 1, 5};
        MedianRate.median(x);
        assertArrayEquals(new double[] {9, 1, 5}, x, 0);
    }

    @Test
    void aRateIsPositiveAndFinite() {
        double r = MedianRate.perSecond(() -> Math.sqrt(System.nanoTime()), 1000);
        assertTrue(r > 0 && Double.isFinite(r), "rate " + r);
    }
}
