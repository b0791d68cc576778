package org.msgdlab.onlineregression.exact;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.junit.jupiter.api.Test;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.algorithm.WeightMoments;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.onlineregression.problem.Spectrum;
import org.msgdlab.onlineregression.sim.Checkpoints;
import org.msgdlab.onlineregression.sim.RiskCurves;
import org.msgdlab.onlineregression.sim.RiskExperiment;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExactRiskTest {

    /** The O(d) eigenbasis recursion equals the O(d^3) dense one on a rotated, non-diagonal Sigma. */
    @Test
    void diagonalRecursionMatchesDenseRecursionOnRotatedCovariance() {
        int d = 5;
        var rng = Streams.create(7);
        DMatrixRMaj g = new DMatrixRMaj(d, d);
        for (int i = 0; i < d * d; i++) {
            g.data[i] = rng.nextDouble() - 0.5;
        }
        QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(d, d);
        qr.decompose(g);
        DMatrixRMaj q = qr.getQ(null, false);
        double[] lambda = {2.0, 1.0, 0.5, 0.3, 0.05};
        DMatrixRMaj sigma = new DMatrixRMaj(d, d);
        DMatrixRMaj tmp = new DMatrixRMaj(d, d);
        CommonOps_DDRM.mult(q, CommonOps_DDRM.diag(lambda), tmp);
        CommonOps_DDRM.multTransB(tmp, q, sigma);
        double[][] s2 = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                s2[i][j] = 0.5 * (sigma.get(i, j) + sigma.get(j, i));
                sigma.set(i, j, s2[i][j]);
            }
        }
        double[] star = {1, -2, 0.5, 0.3, 1};
        double[] start = {0, 0.1, 0, -0.2, 0};
        RegressionProblem p = RegressionProblem.gaussian("rotated", s2, 0.7, star, start);
        double[] e0 = new double[d];
        for (int k = 0; k < d; k++) {
            e0[k] = start[k] - star[k];
        }
        WeightMoments w = WeightMoments.averaging(3);
        double eta = 0.15;
        ExactRisk diag = ExactRisk.of(p, w, eta);
        DenseExactRisk dense = new DenseExactRisk(sigma, e0, 0.7, w, eta);
        assertEquals(dense.averagedRisk(), diag.averagedRisk(), 1e-12 * dense.averagedRisk());
        for (int n = 1; n <= 3000; n++) {
            diag.step();
            dense.step();
            assertEquals(dense.averagedRisk(), diag.averagedRisk(), 1e-10 * dense.averagedRisk(), "n=" + n);
        }
    }

    /** d = 1, bounded design, sigma = 0: x^2 = lambda surely, so e_n = (1 - eta lambda)^n e_0 exactly. */
    @Test
    void deterministicOneDimensionalCaseHasClosedForm() {
        double lambda = 0.8;
        double eta = 0.3;
        RegressionProblem p = new RegressionProblem("d1", Design.RADEMACHER, new Spectrum(new double[] {lambda}), 0.0,
                new double[] {1.0}, new double[] {0.0});
        ExactRisk r = ExactRisk.of(p, WeightMoments.averaging(4), eta);
        double q = 1 - eta * lambda;
        for (int n = 0; n <= 50; n++) {
            double avg = -(1 - Math.pow(q, n + 1)) / (1 - q) / (n + 1);
            assertEquals(0.5 * lambda * avg * avg, r.averagedRisk(), 1e-14, "n=" + n);
            r.step();
        }
    }

    /** Theorem 1's covariance gives MSGD the moments (1, 1/b, (b-1)/b) of SGD-b: identical exact risk. */
    @Test
    void msgdHasExactlyTheRiskOfSmallBatchSgdAndLargeBatchSgdDoesNot() {
        RegressionProblem p = RegressionProblem.powerLaw("g", Design.GAUSSIAN, 6, 1.0, 0.5, 1.0);
        int b = 2;
        int[] steps = Checkpoints.logSpaced(2000, 4).steps();
        double[] sgd = ExactRisk.averaged(p, new Algorithm.SmallBatchSgd(b).moments(), 0.2, steps);
        for (NoiseClass c : NoiseClass.values()) {
            for (int big : new int[] {2, 8, 32, 128}) {
                double[] msgd = ExactRisk.averaged(p, new Algorithm.LargeBatchMsgd(b, big, c).moments(), 0.2, steps);
                for (int j = 0; j < steps.length; j++) {
                    assertEquals(sgd[j], msgd[j], 1e-12 * sgd[j], c + " B=" + big + " n=" + steps[j]);
                }
            }
        }
        double[] large = ExactRisk.averaged(p, new Algorithm.LargeBatchSgd(32).moments(), 0.2, steps);
        assertTrue(large[steps.length - 1] < 0.5 * sgd[steps.length - 1]);
    }

    /** The recursion agrees with a Monte Carlo at every checkpoint (both designs, three algorithms). */
    @Test
    void agreesWithMonteCarlo() {
        int b = 2;
        List<Algorithm> algorithms = List.of(new Algorithm.SmallBatchSgd(b), new Algorithm.LargeBatchMsgd(b, 8, NoiseClass.GAUSSIAN),
                new Algorithm.LargeBatchMsgd(b, 8, NoiseClass.SUBSAMPLING), new Algorithm.LargeBatchSgd(8));
        Checkpoints cps = Checkpoints.logSpaced(60, 3);
        for (Design design : Design.values()) {
            RegressionProblem p = new RegressionProblem("mc-" + design, design, new Spectrum(new double[] {1.0, 0.4, 0.1}), 0.5,
                    new double[] {1, -1, 0.5}, new double[3]);
            RiskExperiment ex = new RiskExperiment("t", p, 0.3, algorithms, cps);
            RiskCurves mc = ex.run(6400, 11);
            double z = FalseAlarm.z(1e-6, algorithms.size() * cps.size() * 2);
            for (int a = 0; a < algorithms.size(); a++) {
                double[] exact = ExactRisk.averaged(p, algorithms.get(a).moments(), 0.3, cps.steps());
                for (int j = 0; j < cps.size(); j++) {
                    double se = mc.standardError(a, j);
                    assertEquals(exact[j], mc.mean(a, j), z * se, design + " " + algorithms.get(a).id() + " n=" + cps.step(j) + " seed 11");
                }
            }
        }
    }

    /** The check has power: ignoring the cross moments E[e_i e_j^T] is rejected by the same Monte Carlo. */
    @Test
    void monteCarloRejectsTheAveragedRiskWithoutCrossMoments() {
        RegressionProblem p = new RegressionProblem("power", Design.GAUSSIAN, new Spectrum(new double[] {1.0, 0.4, 0.1}), 0.5,
                new double[] {1, -1, 0.5}, new double[3]);
        Algorithm sgd = new Algorithm.SmallBatchSgd(2);
        Checkpoints cps = Checkpoints.logSpaced(60, 3);
        RiskCurves mc = new RiskExperiment("t", p, 0.3, List.of(sgd), cps).run(6400, 12);
        double[] wrong = ExactRisk.collect(ExactRisk.withoutCrossMoments(p, sgd.moments(), 0.3), cps.steps());
        double z = FalseAlarm.z(1e-6, cps.size());
        int j = cps.size() - 1;
        assertTrue(Math.abs(mc.mean(0, j) - wrong[j]) > z * mc.standardError(0, j));
    }
}
