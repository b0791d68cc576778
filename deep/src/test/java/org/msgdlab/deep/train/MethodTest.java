package org.msgdlab.deep.train;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MethodTest {

    @Test
    void parsesThePapersNames() {
        assertEquals("GD", Method.parse("gd", 50, Double.NaN).paperName());
        assertEquals("SGD-50", Method.parse("sgd", 50, Double.NaN).paperName());
        assertEquals("SGD-20 (without replacement)", Method.parse("sgd-20-wor", 50, Double.NaN).paperName());
        assertEquals("MSGD-Cov", Method.parse("msgd-cov", 50, Double.NaN).paperName());
        assertEquals("MSGD-Fisher", Method.parse("MSGD-Fisher", 50, Double.NaN).paperName());
        assertEquals("MSGD-Bernoulli", Method.parse("msgd-bernoulli", 50, Double.NaN).paperName());
        assertEquals("MSGD-[Fisher-10]", Method.parse("msgd-[fisher-10]", 50, Double.NaN).paperName());
        assertEquals("MSGD-[Cov-10]", Method.parse("msgd-sparse-cov-10", 50, Double.NaN).paperName());
        assertEquals("[MSGD-Fisher]-500", Method.parse("[msgd-fisher]-500", 50, Double.NaN).paperName());
        assertEquals("[MSGD-Cov]-500", Method.parse("minibatch-msgd-cov-500", 50, Double.NaN).paperName());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Method.parse("adam", 50, 0));
        assertTrue(e.getMessage().contains("'adam'") && e.getMessage().contains("msgd-fisher"), e.getMessage());
    }

    @Test
    void feedsAreSeededPerIterationAndHaveTheRightShape() {
        int n = 200;
        for (String name : List.of("gd", "sgd-10", "sgd-10-wor", "msgd-cov", "msgd-fisher", "msgd-bernoulli",
                "msgd-[fisher-5]", "msgd-[cov-5]", "[msgd-fisher]-40", "[msgd-cov]-40")) {
            Method m = Method.parse(name, 10, Double.NaN);
            Method.Feed a = m.plan(n, 3).draw(17);
            Method.Feed b = m.plan(n, 3).draw(17);
            assertArrayEquals(a.indices(), b.indices(), name);
            assertArrayEquals(a.weights(), b.weights(), name);
            double sum = Arrays.stream(a.weights()).sum();
            switch (m.kind()) {
                case GD -> {
                    assertEquals(n, a.size());
                    assertEquals(1.0, sum, 1e-12);
                }
                case SGD, SGD_WOR -> {
                    assertTrue(a.size() <= 10, name + " feeds only its batch");
                    assertEquals(1.0, sum, 1e-12, name + " weights sum to 1");
                }
                case MSGD_BERNOULLI -> assertTrue(a.size() < n / 2, "Bernoulli feeds only its support");
                case MINIBATCH_FISHER, MINIBATCH_COV -> {
                    assertEquals(40, a.size());
                    assertEquals(40, Arrays.stream(a.indices()).distinct().count(), "B distinct samples");
                }
                default -> assertEquals(n, a.size(), name + " is a full-batch method");
            }
        }
        Method.Feed k1 = Method.parse("msgd-fisher", 10, Double.NaN).plan(n, 3).draw(1);
        Method.Feed k2 = Method.parse("msgd-fisher", 10, Double.NaN).plan(n, 3).draw(2);
        assertTrue(!Arrays.equals(k1.weights(), k2.weights()), "iterations draw independently");
    }

    @Test
    void miniBatchMagnitudeDefaultsToMatchingSgd() {
        Method.Plan p = Method.parse("[msgd-fisher]-100", 50, Double.NaN).plan(1000, 1);
        double s2 = (1000.0 - 1 + 50) / (50.0 * 1000 * 100) - 1.0 / (100.0 * 100);
        assertEquals(Math.sqrt(s2), p.magnitude(), 1e-12);
        assertEquals(0.003, Method.parse("[msgd-fisher]-100", 50, 0.003).plan(1000, 1).magnitude(), 1e-12);
    }
}
