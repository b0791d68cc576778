package org.msgdlab.sde.path;

import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.msgdlab.sde.problem.Evaluator;
import org.msgdlab.sde.problem.LogisticRegression;
import org.msgdlab.core.random.Streams;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class EulerMaruyamaTest {

    static final LogisticRegression P = new LogisticRegression.Spec(5, 40, 1.5, 2, 1, 3).generate();

    /**
     * With h = η, σ = √η, C = ∇ℒ/√(bN) and ΔW = √η W, one Euler–Maruyama step of Eq. (sde) is one
     * Gaussian MSGD step Eq. (M-SGD-gaussian): θ - η∇L(θ) + η C(θ) W.
     */
    @Test
    void oneStepAtEtaIsGaussianMsgd() {
        int n = P.samples();
        int b = 4;
        double eta = 0.05;
        Diffusion d = Diffusion.theorem(n, b);
        BrownianBlock block = new BrownianBlock(n, 0);
        block.fill(ZigguratSampler.NormalizedGaussian.of(Streams.create(9)), Math.sqrt(eta));
        double[] dW = block.level(0).clone();
        EulerMaruyama em = new EulerMaruyama(P.evaluator(), d, P.initialPoint(), eta, d.scale(eta), 1);
        em.feed(block, 0, 1);

        Evaluator ev = P.evaluator();
        double[] theta = P.initialPoint();
        DMatrixRMaj g = new DMatrixRMaj(P.dimension(), n);
        ev.gradientMatrix(theta, g);
        double[] grad = new double[P.dimension()];
        ev.gradient(theta, grad);
        double[] expected = new double[P.dimension()];
        for (int k = 0; k < expected.length; k++) {
            double cw = 0;
            for (int i = 0; i < n; i++) {
                double w = dW[i] / Math.sqrt(eta);
                cw += g.get(k, i) / Math.sqrt((double) b * n) * w;
            }
            expected[k] = theta[k] - eta * grad[k] + eta * cw;
        }
        assertArrayEquals(expected, em.state(), 1e-14);
    }

    /** The dyadic sums of a block are sums of its finest increments. */
    @Test
    void blockLevelsAreDyadicSums() {
        int n = 3;
        BrownianBlock b = new BrownianBlock(n, 4);
        b.fill(ZigguratSampler.NormalizedGaussian.of(Streams.create(1)), 0.5);
        double[] fine = b.level(0);
        for (int l = 1; l <= 4; l++) {
            int span = 1 << l;
            for (int q = 0; q < (16 >> l); q++) {
                for (int i = 0; i < n; i++) {
                    double s = 0;
                    for (int f = q * span; f < (q + 1) * span; f++) {
                        s += fine[f * n + i];
                    }
                    assertEquals(s, b.level(l)[q * n + i], 1e-14);
                }
            }
        }
    }

    /** Feeding a block whole or piece by piece, or a long step across blocks, gives the same path. */
    @Test
    void feedingIsIndependentOfHowTheBlockIsCut() {
        int n = P.samples();
        Diffusion d = Diffusion.theorem(n, 2);
        double h = 1.0 / 64;
        BrownianBlock block = new BrownianBlock(n, 3);
        var normal = ZigguratSampler.NormalizedGaussian.of(Streams.create(4));
        EulerMaruyama whole = new EulerMaruyama(P.evaluator(), d, P.initialPoint(), 2 * h, 0.1, 2);
        EulerMaruyama pieces = new EulerMaruyama(P.evaluator(), d, P.initialPoint(), 2 * h, 0.1, 2);
        EulerMaruyama longStep = new EulerMaruyama(P.evaluator(), d, P.initialPoint(), 16 * h, 0.1, 16);
        EulerMaruyama direct = new EulerMaruyama(P.evaluator(), d, P.initialPoint(), 16 * h, 0.1, 16);
        double[] total = new double[n];
        for (int rep = 0; rep < 2; rep++) {
            block.fill(normal, Math.sqrt(h));
            whole.feed(block, 0, 8);
            for (int o = 0; o < 8; o++) {
                pieces.feed(block, o, 1);
            }
            longStep.feed(block, 0, 8);
            for (int i = 0; i < n; i++) {
                total[i] += block.level(3)[i];
            }
        }
        direct.step(total, 0);
        assertArrayEquals(whole.state(), pieces.state(), 0.0);
        assertArrayEquals(direct.state(), longStep.state(), 1e-15);
        assertEquals(8, whole.steps());
        assertEquals(1, longStep.steps());
    }
}
