package org.msgdlab.sde.path;

import org.junit.jupiter.api.Test;
import org.msgdlab.sde.problem.LogisticRegression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StrongErrorRunTest {

    static final LogisticRegression P = new LogisticRegression.Spec(3, 20, 1.5, 2, 2, 5).generate();

    /** The per-step errors at k = K and the finest level are the squared terminal error vectors. */
    @Test
    void outputsAreConsistent() {
        StrongSetup s = new StrongSetup(P, Diffusion.theorem(20, 2), 1.0, 2, 3, 3, 6);
        StrongErrors e = StrongErrorRun.run(s, 3);
        for (int i = 0; i < e.paths(); i++) {
            for (int j = 0; j < s.stepSizes(); j++) {
                double sq = 0;
                for (int c = 0; c < P.dimension(); c++) {
                    double v = e.value(i, e.vectorColumn(j, c));
                    sq += v * v;
                }
                assertEquals(sq, e.value(i, e.column(j, s.refinement(), s.steps(j))), 1e-15 * (1 + sq));
                for (int m = 1; m <= s.refinement(); m++) {
                    for (int k = 1; k <= s.steps(j); k++) {
                        assertTrue(e.value(i, e.column(j, m, k)) >= 0);
                    }
                }
            }
        }
    }

    /** With the diffusion scaled to nearly 0 the errors are those of gradient descent vs its refinements. */
    @Test
    void noiseFreeLimitIsGradientDescentAgainstFinerGradientDescent() {
        StrongSetup s = new StrongSetup(P, Diffusion.etaIndependent(20, 1, 1e-300), 1.0, 2, 2, 2, 2);
        StrongErrors e = StrongErrorRun.run(s, 3);
        for (int j = 0; j < 2; j++) {
            double eta = s.eta(j);
            double[] gd = GradientFlow.gradientDescent(P, eta, s.steps(j));
            double[] fine = GradientFlow.gradientDescent(P, eta / 4, 4 * s.steps(j));
            double d = GradientFlow.distance(gd, fine);
            assertEquals(d * d, e.value(0, e.column(j, 2, s.steps(j))), 1e-12);
        }
    }

    @Test
    void samplePathHasOnePointPerStep() {
        StrongSetup s = new StrongSetup(P, Diffusion.theorem(20, 2), 1.0, 2, 3, 3, 6);
        SamplePath p = SamplePath.record(s, 0, 1);
        assertEquals(s.steps(0) + 1, p.iteration().size());
        assertEquals(s.steps(0) * 8 + 1, p.reference().size());
        assertEquals(1.0, p.iteration().get(p.iteration().size() - 1)[0], 1e-12);
        assertEquals(1.0, p.reference().get(p.reference().size() - 1)[0], 1e-12);
    }
}
