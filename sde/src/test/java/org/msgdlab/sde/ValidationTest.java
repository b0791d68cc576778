package org.msgdlab.sde;

import org.junit.jupiter.api.Test;
import org.msgdlab.sde.path.Diffusion;
import org.msgdlab.sde.path.GradientFlow;
import org.msgdlab.sde.path.StrongSetup;
import org.msgdlab.sde.problem.LogisticRegression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Bad input gets a one-line error naming the parameter, its value and the rule. */
class ValidationTest {

    private static String message(Runnable r) {
        return assertThrows(IllegalArgumentException.class, r::run).getMessage();
    }

    @Test
    void stepSize() {
        assertEquals("step size eta=-0.1 must be > 0 and finite", message(() -> Checks.stepSize("eta", -0.1)));
        assertEquals("step size eta=0.0 must be > 0 and finite", message(() -> Diffusion.theorem(10, 1).scale(0)));
        LogisticRegression p = new LogisticRegression.Spec(2, 5, 1, 1, 1, 1).generate();
        assertEquals("step size eta=-1.0 must be > 0 and finite", message(() -> GradientFlow.gradientDescent(p, -1, 3)));
    }

    @Test
    void horizon() {
        LogisticRegression p = new LogisticRegression.Spec(2, 5, 1, 1, 1, 1).generate();
        assertEquals("horizon T=0.0 must be > 0 and finite",
                message(() -> new StrongSetup(p, Diffusion.theorem(5, 1), 0.0, 4, 6, 3, 8)));
        assertEquals("horizon T=-2.0 must be > 0 and finite", message(() -> GradientFlow.dormandPrince(p, -2, 1e-10)));
    }

    @Test
    void refinement() {
        LogisticRegression p = new LogisticRegression.Spec(2, 5, 1, 1, 1, 1).generate();
        assertEquals("reference refinement m=0 must be >= 1",
                message(() -> new StrongSetup(p, Diffusion.theorem(5, 1), 1.0, 4, 6, 0, 8)));
    }

    @Test
    void batch() {
        assertEquals("batch size b=0 must be >= 1", message(() -> Diffusion.theorem(10, 0)));
        assertEquals("batch size b=11 must be <= n=10", message(() -> Diffusion.theorem(10, 11)));
        assertEquals("batch size b=-3 must be >= 1", message(() -> Checks.batch(-3)));
    }

    @Test
    void messagesAreOneLine() {
        for (String m : new String[] {message(() -> Checks.horizon(Double.NaN)), message(() -> Checks.refinement(-1)),
                message(() -> Checks.atLeast("paths", 1, 2))}) {
            assertEquals(1, m.lines().count(), m);
        }
    }
}
