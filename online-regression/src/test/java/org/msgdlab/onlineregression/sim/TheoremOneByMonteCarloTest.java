package org.msgdlab.onlineregression.sim;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.stats.FalseAlarm;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.onlineregression.problem.Spectrum;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Theorem 1 by simulation alone (no exact recursion): large-batch MSGD, with a sampling vector of
 * covariance {@code (B-b)/(bB(B-1)) (I - 11^T/B)} in each of the three classes, has the averaged-iterate
 * risk of small-batch SGD-b at every checkpoint, within a tolerance at a stated false-alarm probability,
 * while SGD-B (MSGD without its noise) does not.
 */
class TheoremOneByMonteCarloTest {

    static final int SMALL = 2;
    static final int LARGE = 16;
    static final long SEED = 20200712L;
    /** The false-alarm probability of the whole test, shared (Bonferroni) by its comparisons. */
    static final double ALPHA = 1e-6;

    static RiskExperiment experiment;
    static RiskCurves curves;

    @BeforeAll
    static void simulate() {
        RegressionProblem p = new RegressionProblem("mc-thm1", Design.GAUSSIAN, new Spectrum(new double[] {1.0, 0.4, 0.1}), 0.5,
                new double[] {1, -1, 0.5}, new double[3]);
        List<Algorithm> algorithms = new ArrayList<>();
        algorithms.add(new Algorithm.SmallBatchSgd(SMALL));
        for (NoiseClass c : NoiseClass.values()) {
            algorithms.add(new Algorithm.LargeBatchMsgd(SMALL, LARGE, c));
        }
        algorithms.add(new Algorithm.LargeBatchSgd(LARGE));
        experiment = new RiskExperiment("thm1", p, 0.3, algorithms, Checkpoints.logSpaced(200, 2));
        curves = experiment.run(6400, SEED);
    }

    @Test
    void largeBatchMsgdHasTheRiskOfSmallBatchSgdInEveryClassAtEveryCheckpoint() {
        int checkpoints = experiment.checkpoints().size();
        double z = FalseAlarm.z(ALPHA, NoiseClass.values().length * checkpoints);
        for (int a = 1; a <= NoiseClass.values().length; a++) {
            for (int j = 0; j < checkpoints; j++) {
                double gap = curves.mean(a, j) - curves.mean(0, j);
                double se = Math.hypot(curves.standardError(a, j), curves.standardError(0, j));
                double tolerance = curves.differenceZ(z, curves, a, j, 0, j) * se;
                assertTrue(Math.abs(gap) <= tolerance, experiment.algorithms().get(a).id() + " n=" + experiment.checkpoints().step(j)
                        + ": risk gap to SGD-" + SMALL + " " + gap + " beyond " + tolerance + " (seed " + SEED + ", alpha " + ALPHA + ")");
            }
        }
    }

    /** The comparison can fail: MSGD without its noise (SGD-B) is told apart from SGD-b by the same test. */
    @Test
    void largeBatchSgdIsToldApartFromSmallBatchSgd() {
        int sgdLarge = experiment.algorithms().size() - 1;
        int last = experiment.checkpoints().size() - 1;
        double z = FalseAlarm.z(ALPHA, NoiseClass.values().length * experiment.checkpoints().size());
        double gap = curves.mean(0, last) - curves.mean(sgdLarge, last);
        double se = Math.hypot(curves.standardError(0, last), curves.standardError(sgdLarge, last));
        assertTrue(gap > curves.differenceZ(z, curves, 0, last, sgdLarge, last) * se, "SGD-b minus SGD-B: " + gap + ", se " + se);
    }

    /**
     * The standard error is that of a mean of independent runs: a quarter of the runs doubles it. (Each standard
     * error is itself estimated from 1600 runs of a skewed statistic, so the ratio is allowed 25% either way; one
     * computed from chunk means without their size, or divided by the runs instead of their root, is off by 4 or more.)
     */
    @Test
    void aQuarterOfTheRunsDoublesTheStandardError() {
        RiskCurves fewer = experiment.run(1600, SEED + 1);
        assertEquals(1600, fewer.runs());
        int last = experiment.checkpoints().size() - 1;
        for (int a = 0; a < experiment.algorithms().size(); a++) {
            double ratio = fewer.standardError(a, last) / curves.standardError(a, last);
            assertEquals(2.0, ratio, 0.5, experiment.algorithms().get(a).id());
        }
    }

    @Test
    void invalidExperimentsAreRefusedWithOneLine() {
        RegressionProblem p = experiment.problem();
        List<Algorithm> one = List.of(new Algorithm.SmallBatchSgd(SMALL));
        Checkpoints cps = experiment.checkpoints();
        assertEquals("step size eta=NaN must be finite and > 0",
                assertThrows(IllegalArgumentException.class, () -> new RiskExperiment("x", p, Double.NaN, one, cps)).getMessage());
        assertEquals("experiment x needs at least one algorithm",
                assertThrows(IllegalArgumentException.class, () -> new RiskExperiment("x", p, 0.3, List.of(), cps)).getMessage());
        Algorithm absent = new Algorithm.SmallBatchSgd(7);
        assertEquals("algorithm " + absent.id() + " is not part of experiment thm1",
                assertThrows(IllegalArgumentException.class, () -> experiment.indexOf(absent)).getMessage());
    }
}
