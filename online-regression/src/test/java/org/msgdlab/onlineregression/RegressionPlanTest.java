package org.msgdlab.onlineregression;

import org.junit.jupiter.api.Test;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.bound.BoundInputs;
import org.msgdlab.onlineregression.problem.RegressionProblem;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The study's plans: the standard ones meet the proof's step-size condition on every simulated problem and run
 * Theorem 1's algorithms; a plan that breaks a rule is refused before anything runs, with one line naming it
 * (a rule dropped from the constructor lets its plan through, and the test fails).
 */
class RegressionPlanTest {

    /** The quick plan with one component replaced, by name, through the canonical constructor. */
    static RegressionPlan quickWith(String component, Object value) {
        RecordComponent[] components = RegressionPlan.class.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        RegressionPlan quick = RegressionPlan.quick();
        boolean found = false;
        try {
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                found |= components[i].getName().equals(component);
                args[i] = components[i].getName().equals(component) ? value : components[i].getAccessor().invoke(quick);
            }
            assertTrue(found, "no component " + component);
            Constructor<RegressionPlan> canonical = RegressionPlan.class.getDeclaredConstructor(types);
            return canonical.newInstance(args);
        } catch (InvocationTargetException e) {
            throw (RuntimeException) e.getCause();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theStandardPlansMeetTheProofsConditionAndRunTheoremOnesAlgorithms() {
        for (RegressionPlan plan : List.of(RegressionPlan.quick(), RegressionPlan.full())) {
            for (RegressionProblem p : plan.simulated()) {
                assertTrue(BoundInputs.of(p.assumptions(), plan.b(), plan.eta()).condition().holds(), plan.label() + " " + p.name());
                assertTrue(BoundInputs.of(p.assumptions(), plan.b(), plan.smallEta()).condition().holds(), plan.label() + " " + p.name());
            }
            // SGD-b first, then MSGD at every B and class, then SGD-B: the claims index them so.
            List<Algorithm> a = plan.mainAlgorithms();
            assertEquals(new Algorithm.SmallBatchSgd(plan.b()), a.get(0));
            assertEquals(1 + plan.largeBatches().size() * (NoiseClass.values().length + 1), a.size(), plan.label());
            assertTrue(a.stream().filter(x -> x instanceof Algorithm.LargeBatchMsgd).allMatch(x -> ((Algorithm.LargeBatchMsgd) x).b() == plan.b()),
                    "MSGD is compared with SGD of the same small batch");
        }
    }

    @Test
    void theBuilderNamesAPartNotGivenAndChangesOnlyThePartsItIsTold() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RegressionPlan.builder("partial")
                .simulated(List.of(RegressionPlan.gaussianA1())).swept(List.of()).b(2).build());
        assertEquals("plan partial: largeBatches is not given", e.getMessage());
        RegressionPlan quick = RegressionPlan.quick();
        RegressionPlan again = quick.toBuilder("quick").build();
        assertEquals(quick.toString(), again.toString(), "every part carried over");
        RegressionPlan longer = quick.toBuilder("longer").nMax(2000).build();
        assertEquals(2000, longer.nMax());
        assertEquals("longer", longer.label());
        assertEquals(quick.smallEtaNMax(), longer.smallEtaNMax(), "the other step count is left as it was");
        assertEquals(quick.exactNMax(), longer.exactNMax());
    }

    @Test
    void everyBrokenRuleIsRefusedWithOneLineNamingIt() {
        assertRefused("plan quick: at least one simulated problem is needed", "simulated", List.of());
        assertRefused("plan quick: at least one large batch B and one noise class are needed", "classes", List.of());
        assertRefused("step size eta=NaN must be finite and > 0", "smallEta", Double.NaN);
        assertRefused("step counts nMax=9, smallEtaNMax=1000, exactNMax=10000 must be >= 10", "nMax", 9);
        assertRefused("runs=127, smallEtaRuns=640 must be >= 128 (two per Monte Carlo chunk for the jackknife)", "runs", 127L);
        // 1 would be the edge of the condition itself, where the explicit one (eta kappa < 2) fails.
        assertRefused("step-size fraction 1.0 of the largest allowed step must be in (0, 1)", "etaFractions", List.of(0.5, 1.0));
        assertRefused("small batch size b=0 must be >= 1", "sweepBatches", List.of(1, 0));
        assertRefused("large-batch factor B/b=0 must be >= 1", "sweepLargeFactors", List.of(0));
        assertRefused("weightDraws=999 must be >= 1000", "weightDraws", 999L);
        // The small step must meet the proof's condition too, not only the main one.
        String small = assertThrows(IllegalArgumentException.class, () -> quickWith("smallEta", 5.0)).getMessage();
        assertTrue(small.startsWith("step size eta=5.0 is outside the proof's condition"), small);
    }

    static void assertRefused(String message, String component, Object value) {
        RuntimeException e = assertThrows(RuntimeException.class, () -> quickWith(component, value));
        assertInstanceOf(IllegalArgumentException.class, e, component);
        assertEquals(message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
