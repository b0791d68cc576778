package org.msgdlab.deep.sweep;

import org.msgdlab.deep.train.TrainingContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.stats.PairedDifferences;
import org.msgdlab.sweeps.SweepDirectory;
import org.msgdlab.sweeps.SweepPlan;
import org.msgdlab.deep.data.IdxFiles;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.train.MetricsFile;
import org.msgdlab.deep.train.Trainer;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code msgd sweep compare}: per group of a sweep (protocol, variation), the paired gap between a
 * method and a baseline, and its change from the reference group, computed from the runs' own
 * metrics files; runs not finished are named, not counted.
 */
class SweepComparisonTest {

    @TempDir
    Path tmp;

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    /** The statistic read straight from a run's metrics.csv: mean test accuracy at iterations >= 8 of 10. */
    private static double window(Path run) throws Exception {
        return MetricsFile.read(run.resolve(MetricsFile.NAME)).stream().filter(r -> r.iteration() >= 8)
                .mapToDouble(Trainer.Row::testAccuracy).average().orElseThrow();
    }

    @Test
    void eachGroupsGapIsTheMethodMinusTheBaselineWithinSeedAndItsChangeIsTakenFromTheReferenceAtTheSameSeeds()
            throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        Path dir = tmp.resolve("sweep");
        SweepPlan plan = new TrainingSweep(List.of("fashion-mnist-small"), List.of("authors-code"),
                List.of(Map.of(), Map.of("pixels", "unit")), List.of("gd", "sgd-50"), List.of(0, 1, 2),
                StudyPlan.MASTER_SEED, 10, 2, 0, 1000, 1, 1, data).plan();
        plan.write(dir);
        SweepDirectory sweep = new SweepDirectory(dir, plan, new TrainingRunKind(TrainingContext.uncancelled(Map.of())));
        for (int i = 0; i < plan.runs().size(); i++) {
            if (!plan.run(i).id().equals("authors-code+pixels=unit/sgd-50-wor/seed-2")) {
                assertEquals(SweepDirectory.FINISHED, sweep.execute(i, false, QUIET), plan.run(i).id());
            }
        }

        SweepComparison c = SweepComparison.read(sweep, "gd", "sgd-50", null);
        assertEquals("authors-code", c.reference(), "the group without a variation");
        assertEquals(List.of("authors-code", "authors-code+pixels=unit"), c.groups().stream().map(SweepComparison.Group::name)
                .toList());
        SweepComparison.Group ref = c.groups().get(0);
        SweepComparison.Group unit = c.groups().get(1);
        assertEquals(3, ref.pairs().size());
        assertEquals(2, unit.pairs().size(), "seed 2 of SGD-50 under pixels=unit did not run");
        assertEquals(3, unit.planned());
        assertEquals(List.of("authors-code+pixels=unit/sgd-50-wor/seed-2 (pending)"), unit.notFinished());

        double[] refGaps = new double[3];
        for (int s = 0; s < 3; s++) {
            refGaps[s] = window(dir.resolve("authors-code/sgd-50-wor/seed-" + s)) - window(dir.resolve("authors-code/gd/seed-" + s));
            assertEquals(refGaps[s], ref.pairs().get(s).gap(), 1e-12, "seed " + s);
        }
        assertTrue(java.util.Arrays.stream(refGaps).anyMatch(g -> Math.abs(g) > 1e-9), "the methods differ, so the gap's"
                + " sign is tested: " + java.util.Arrays.toString(refGaps));
        double[] change = new double[2];
        for (int s = 0; s < 2; s++) {
            double gap = window(dir.resolve("authors-code+pixels=unit/sgd-50-wor/seed-" + s))
                    - window(dir.resolve("authors-code+pixels=unit/gd/seed-" + s));
            assertEquals(gap, unit.pairs().get(s).gap(), 1e-12);
            change[s] = gap - refGaps[s];
        }
        assertEquals(new PairedDifferences(refGaps).mean(), ref.gaps().orElseThrow().mean(), 1e-12);
        PairedDifferences changed = unit.changeFrom(ref).orElseThrow();
        assertEquals(2, changed.n(), "the change is taken over the seeds both groups finished");
        assertEquals(new PairedDifferences(change).mean(), changed.mean(), 1e-12);
        assertTrue(ref.pairs().stream().allMatch(p -> p.baselineTrainAccuracy() >= 0 && p.methodTrainAccuracy() <= 1));

        assertEquals("authors-code+pixels=unit", SweepComparison.read(sweep, "gd", "sgd-50", "authors-code+pixels=unit")
                .reference());
        IllegalArgumentException noMethod = assertThrows(IllegalArgumentException.class,
                () -> SweepComparison.read(sweep, "gd", "msgd-fisher", null));
        assertTrue(noMethod.getMessage().startsWith("--method msgd-fisher: the sweep has no run of it; its methods are [gd, sgd-50]"),
                noMethod.getMessage());
        IllegalArgumentException noGroup = assertThrows(IllegalArgumentException.class,
                () -> SweepComparison.read(sweep, "gd", "sgd-50", "paper-text"));
        assertTrue(noGroup.getMessage().startsWith("--reference paper-text: no such group"), noGroup.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SweepComparison.read(sweep, "gd", "gd", null));
    }
}
