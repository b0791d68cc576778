package org.msgdlab.onlineregression.bound;

import org.junit.jupiter.api.Test;

import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

/**
 * The shape of Theorem 1's right-hand side {@code C1/(n+1) + C2/(n+1)^2}: its limits in n and eta, what each
 * constant vanishes with, where the proof's step-size condition ends, and the inputs it refuses.
 */
class Theorem1BoundShapeTest {

    /**
     * b in 1..16, d in 1..50, R^2 = 0.5 + 4 spread, lambda = R^2/(1 + 4 spread) <= R^2, sigma^2 = 2 spread,
     * c = 3 fraction, eta = fraction of the largest step the proof allows.
     */
    static BoundInputs inputs(int b, int d, double spread, double fraction) {
        double r2 = 0.5 + 4 * spread;
        double lambda = r2 / (1 + 4 * spread);
        double kappa = (r2 + (b - 1) * lambda) / b;
        double eta = fraction * StepSizeCondition.largestStep(kappa, lambda);
        return new BoundInputs(b, eta, r2, 2 * spread, lambda, d, 3 * fraction);
    }

    @Test
    void theBoundDecreasesInNAndNPlusOneTimesItTendsToC1() {
        qt().withFixedSeed(31L).withExamples(300).forAll(integers().between(1, 16), integers().between(1, 50),
                        doubles().between(0.01, 1), doubles().between(0.01, 0.99))
                .checkAssert((b, d, spread, fraction) -> {
                    BoundInputs in = inputs(b, d, spread, fraction);
                    for (Theorem1Bound t : new Theorem1Bound[] {Theorem1Bound.printed(in), Theorem1Bound.rederived(in)}) {
                        assertTrue(t.c1() > 0 && t.c2() > 0, t.toString());
                        // value(0) = C1 + C2: a value() dividing by n instead of n+1 would be infinite here.
                        assertEquals(t.c1() + t.c2(), t.value(0), 1e-12 * t.value(0));
                        double previous = t.value(0);
                        for (long n : new long[] {1, 10, 1000, 1_000_000}) {
                            assertTrue(t.value(n) < previous, t + " n=" + n);
                            previous = t.value(n);
                            // (n+1) value(n) - C1 = C2/(n+1): one with C2/(n+1) in place of C2/(n+1)^2 would leave C2.
                            assertEquals(t.c2() / (n + 1.0), (n + 1.0) * t.value(n) - t.c1(), 1e-9 * t.value(0));
                        }
                    }
                });
    }

    @Test
    void theRederivedVarianceConstantIsThePrintedOneOverBAndItsBiasConstantCarriesEtaToTheMinusTwo() {
        BoundInputs base = new BoundInputs(4, 0.1, 2, 1, 0.5, 3, 2);
        for (double eta : new double[] {0.1, 0.01, 1e-4}) {
            BoundInputs in = new BoundInputs(4, eta, 2, 1, 0.5, 3, 2);
            Theorem1Bound printed = Theorem1Bound.printed(in);
            Theorem1Bound rederived = Theorem1Bound.rederived(in);
            // correction 3 (sigma^2/b kept): dropping it would make the two C1 equal.
            assertEquals(printed.c1() / 4, rederived.c1(), 1e-14 * printed.c1());
            // correction 1 (eta^-2 restored): eta^2 C2 -> c/2 = 1 as eta -> 0, while the printed C2 -> c/2 itself.
            assertEquals(1.0, eta * eta * rederived.c2(), 2 * eta * base.kappa() * base.d(), "eta=" + eta);
            assertEquals(1.0, printed.c2(), eta * base.kappa() * base.d(), "eta=" + eta);
        }
    }

    @Test
    void theVarianceConstantGrowsWithoutBoundAsEtaKappaApproachesTwo() {
        // R^2 = 2, lambda = 0.5, b = 1: kappa = 2, so eta kappa -> 2 as eta -> 1 (and eta lambda <= 1 still holds).
        double previous = 0;
        for (double eta : new double[] {0.5, 0.9, 0.99, 0.999}) {
            Theorem1Bound printed = Theorem1Bound.printed(new BoundInputs(1, eta, 2, 1, 0.5, 3, 2));
            // C1 (2 - eta kappa) = sigma^2 d exactly as printed; a (1 - eta kappa) or a missing factor would not be.
            assertEquals(3.0, printed.c1() * (2 - eta * 2), 1e-12);
            assertTrue(printed.c1() > previous);
            previous = printed.c1();
        }
        assertTrue(previous > 1000);
    }

    @Test
    void noNoiseLeavesNoVarianceTermAndStartingAtTheOptimumLeavesNoBiasTerm() {
        for (Theorem1Bound.Version v : Theorem1Bound.Version.values()) {
            assertEquals(0.0, Theorem1Bound.of(v, new BoundInputs(2, 0.1, 2, 0, 0.5, 3, 2)).c1(), v.id());
            assertEquals(0.0, Theorem1Bound.of(v, new BoundInputs(2, 0.1, 2, 1, 0.5, 3, 0)).c2(), v.id());
        }
    }

    @Test
    void theLargestStepIsTheEdgeOfTheProofsCondition() {
        // kappa = 2 and lambda = 0.5: 2/kappa = 1 < 1/lambda = 2, the explicit (strict) condition binds;
        // kappa = 1 and lambda = 1: 1/lambda = 1 < 2/kappa = 2, the averaging condition binds (and holds at equality).
        assertEquals(1.0, StepSizeCondition.largestStep(2, 0.5));
        assertEquals(1.0, StepSizeCondition.largestStep(1, 1));
        assertTrue(new StepSizeCondition(1 - 1e-9, 2, 0.5, 1).holds());
        assertFalse(new StepSizeCondition(1, 2, 0.5, 1).explicitHolds());
        assertTrue(new StepSizeCondition(1, 1, 1, 1).holds());
        assertFalse(new StepSizeCondition(1 + 1e-9, 1, 1, 1).averagingHolds());
        assertEquals("", new StepSizeCondition(0.5, 2, 0.5, 1).violation());
        // kappa lies between lambda and R^2, and tends to lambda as b grows: the condition loosens with the batch.
        BoundInputs one = new BoundInputs(1, 0.1, 4, 1, 0.5, 3, 2);
        BoundInputs many = new BoundInputs(1000, 0.1, 4, 1, 0.5, 3, 2);
        assertEquals(4.0, one.kappa(), 1e-15);
        assertTrue(many.kappa() > 0.5 && many.kappa() < 0.51, "kappa(b=1000) = " + many.kappa());
    }

    @Test
    void everyInvalidInputIsRefusedWithOneLineNamingIt() {
        assertRefused("small batch size b=0 must be >= 1", () -> new BoundInputs(0, 0.1, 1, 1, 1, 1, 1));
        // NaN fails every comparison, so a check written as "eta <= 0" would accept it.
        assertRefused("step size eta=NaN must be finite and > 0", () -> new BoundInputs(1, Double.NaN, 1, 1, 1, 1, 1));
        assertRefused("step size eta=Infinity must be finite and > 0", () -> new BoundInputs(1, Double.POSITIVE_INFINITY, 1, 1, 1, 1, 1));
        assertRefused("R^2=0.0 must be finite and > 0", () -> new BoundInputs(1, 0.1, 0, 1, 1, 1, 1));
        assertRefused("noise variance sigma^2=-1.0 must be finite and >= 0", () -> new BoundInputs(1, 0.1, 1, -1, 1, 1, 1));
        assertRefused("noise variance sigma^2=NaN must be finite and >= 0", () -> new BoundInputs(1, 0.1, 1, Double.NaN, 1, 1, 1));
        assertRefused("lambda=0.0 must be finite and > 0", () -> new BoundInputs(1, 0.1, 1, 1, 0, 1, 1));
        assertRefused("(theta_0-theta_*)^T Sigma^-1 (theta_0-theta_*)=-1.0 must be finite and >= 0",
                () -> new BoundInputs(1, 0.1, 1, 1, 1, 1, -1));
        Theorem1Bound t = Theorem1Bound.rederived(new BoundInputs(1, 0.1, 1, 1, 1, 1, 1));
        assertRefused("step count n=-1 must be >= 0", () -> t.value(-1));
        // Both violations at once are named on the same line.
        String both = assertThrows(IllegalArgumentException.class,
                () -> Theorem1Bound.rederived(new BoundInputs(1, 3, 1, 1, 1, 1, 1))).getMessage();
        assertTrue(both.contains("must be < 2; step size eta=3.0") && both.contains("must be <= 1"), both);
        assertFalse(both.contains("\n"), both);
    }

    static void assertRefused(String message, Supplier<Object> build) {
        String actual = assertThrows(IllegalArgumentException.class, build::get).getMessage();
        assertEquals(message, actual);
        assertFalse(actual.contains("\n"), actual);
    }
}
