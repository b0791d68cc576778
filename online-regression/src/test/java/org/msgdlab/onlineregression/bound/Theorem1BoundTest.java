package org.msgdlab.onlineregression.bound;

import org.junit.jupiter.api.Test;
import org.msgdlab.onlineregression.algorithm.WeightMoments;
import org.msgdlab.onlineregression.exact.ExactRisk;
import org.msgdlab.onlineregression.exact.ProofTraces;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.onlineregression.problem.Spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

class Theorem1BoundTest {

    /** b=2, eta=0.1, R^2=3, sigma^2=1, lambda=1, d=2, c=4: kappa = (3+1)/2 = 2, eta kappa = 0.2. */
    @Test
    void constantsAreTheDisplaysHalved() {
        BoundInputs in = new BoundInputs(2, 0.1, 3, 1, 1, 2, 4);
        assertEquals(2.0, in.kappa(), 1e-15);
        Theorem1Bound p = Theorem1Bound.printed(in);
        assertEquals(0.5 * 2 * 1 * 2 / 1.8, p.c1(), 1e-14);
        assertEquals(0.5 * (1 + 2 * 0.1 * 2 / 2) * 4, p.c2(), 1e-14);
        Theorem1Bound r = Theorem1Bound.rederived(in);
        assertEquals(0.5 * 2 * 1 * 2 / (2 * 1.8), r.c1(), 1e-14);
        assertEquals(0.5 * (4 / 0.01) * (1 + 0.1 * 2 * 2 / 1.8), r.c2(), 1e-10);
        assertEquals(p.c1() / 11 + p.c2() / 121, p.value(10), 1e-15);
        assertEquals(2 * p.value(10), p.displayValue(10), 1e-15);
    }

    @Test
    void badInputsAndStepSizesOutsideTheConditionAreRefused() {
        assertEquals("step size eta=0.0 must be finite and > 0",
                assertThrows(IllegalArgumentException.class, () -> new BoundInputs(1, 0, 1, 1, 1, 1, 1)).getMessage());
        assertEquals("step size eta=-0.1 must be finite and > 0",
                assertThrows(IllegalArgumentException.class, () -> new BoundInputs(1, -0.1, 1, 1, 1, 1, 1)).getMessage());
        assertEquals("dimension d=0 must be >= 1",
                assertThrows(IllegalArgumentException.class, () -> new BoundInputs(1, 0.1, 1, 1, 1, 0, 1)).getMessage());
        // kappa = 3: eta = 0.7 gives eta*kappa = 2.1
        String explicit = assertThrows(IllegalArgumentException.class,
                () -> Theorem1Bound.printed(new BoundInputs(1, 0.7, 3, 1, 1, 1, 1))).getMessage();
        assertEquals("step size eta=0.7 is outside the proof's condition: eta*(R^2+(b-1)lambda)/b = 2.10000 (b=1) must be < 2", explicit);
        // kappa = (1 + 15)/16 = 1 for b = 16: eta = 1.5 meets the explicit condition but not eta*lambda <= 1
        String hidden = assertThrows(IllegalArgumentException.class,
                () -> Theorem1Bound.rederived(new BoundInputs(16, 1.5, 1, 1, 1, 1, 1))).getMessage();
        assertEquals("step size eta=1.5 is outside the proof's condition: eta*lambda = 1.50000 must be <= 1 (I - eta Sigma >= 0 in the averaging step)",
                hidden);
        assertTrue(Theorem1Bound.unchecked(Theorem1Bound.Version.REDERIVED, new BoundInputs(16, 1.5, 1, 1, 1, 1, 1)).c1() > 0);
    }

    /** The re-derived bound holds for every configuration inside the proof's condition (exact risk, every n <= 400). */
    @Test
    void rederivedBoundHoldsForRandomConfigurations() {
        qt().withFixedSeed(20200712L).withExamples(150).forAll(integers().between(1, 6), integers().between(1, 16), doubles().between(0.001, 0.999), longs().all())
                .checkAssert((d, b, fraction, seed) -> {
                    var rng = org.msgdlab.core.random.Streams.create(seed);
                    double alpha = 2.5 * rng.nextDouble();
                    double sigma2 = rng.nextBoolean() ? 0 : 2 * rng.nextDouble();
                    double[] star = new double[d];
                    for (int k = 0; k < d; k++) {
                        star[k] = 2 * rng.nextDouble() - 1;
                    }
                    double scale = 0.2 + 3 * rng.nextDouble();
                    Design design = rng.nextBoolean() ? Design.GAUSSIAN : Design.RADEMACHER;
                    RegressionProblem p = new RegressionProblem("q", design, Spectrum.powerLaw(d, alpha, scale), sigma2, star, new double[d]);
                    BoundInputs in0 = BoundInputs.of(p.assumptions(), b, 1);
                    double eta = fraction * StepSizeCondition.largestStep(in0.kappa(), in0.lambda());
                    Theorem1Bound bound = Theorem1Bound.rederived(BoundInputs.of(p.assumptions(), b, eta));
                    ExactRisk r = ExactRisk.of(p, WeightMoments.averaging(b), eta);
                    for (int n = 0; n <= 400; n++) {
                        if (n > 0) {
                            r.step();
                        }
                        assertTrue(r.averagedRisk() <= bound.value(n) * (1 + 1e-9),
                                "n=" + n + " " + design + " d=" + d + " b=" + b + " eta=" + eta + " ratio " + r.averagedRisk() / bound.value(n));
                    }
                });
    }

    /** The printed bound is exceeded at small eta (its C2 lacks eta^-2). */
    @Test
    void printedBoundIsExceededAtSmallStep() {
        RegressionProblem p = RegressionProblem.powerLaw("g", Design.GAUSSIAN, 10, 1.0, 0.0, 0.5);
        double eta = 0.01;
        Theorem1Bound printed = Theorem1Bound.printed(BoundInputs.of(p.assumptions(), 2, eta));
        double[] risk = ExactRisk.everyStep(p, WeightMoments.averaging(2), eta, 1000);
        assertTrue(risk[1000] > 100 * printed.value(1000), "ratio " + risk[1000] / printed.value(1000));
    }

    /** "Bound SM": 2 tr[Sigma M] - d = eta tr[SM] > 0 (the printed inequality is reversed); the corrected bound holds. */
    @Test
    void traceStepOfTheProofIsReversed() {
        RegressionProblem p = new RegressionProblem("d1", Design.RADEMACHER, new Spectrum(new double[] {0.8}), 1, new double[] {1}, new double[1]);
        double eta = 1.0;
        ProofTraces t = ProofTraces.compute(p, WeightMoments.averaging(4), eta);
        // d = 1, x^2 = lambda surely: M = 1/(lambda (2 - eta lambda)), tr[SM] = lambda/(2 - eta lambda), kappa = lambda
        assertEquals(1 / (2 - 0.8), t.traceSigmaM(), 1e-12);
        assertEquals(0.8 / 1.2, t.traceSM(), 1e-12);
        assertEquals(1.0, 2 * t.traceSigmaM() - eta * t.traceSM(), 1e-12);
        assertTrue(2 * t.traceSigmaM() > 1);
        assertTrue(t.traceSM() > 0.8 / 2); // printed conclusion kappa d/2 fails
        assertFalse(t.traceSM() > 0.8 / (2 - eta * 0.8) * (1 + 1e-12)); // corrected holds (with equality)
    }
}
