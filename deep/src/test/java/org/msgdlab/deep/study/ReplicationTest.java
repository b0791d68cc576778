package org.msgdlab.deep.study;

import org.msgdlab.deep.train.TrainingContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.IdxFiles;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.train.Trainer;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code msgd study --replicate}: a seeded draw of committed runs, re-trained and compared: on the
 * machine and build that trained them, bit-identical; a changed committed number is found and named.
 */
class ReplicationTest {

    /** Training that is never cancelled and records no environment. */
    private static final TrainingContext UNCANCELLED = TrainingContext.uncancelled(Map.of());

    @TempDir
    Path tmp;

    @Test
    void replicatesOfRunsTrainedHereAreBitIdenticalAndAChangedNumberIsFound() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        StudyPlan p = new StudyPlan(Protocol.AUTHORS_CODE, List.of("gd", "sgd-50"), StudyPlan.MASTER_SEED, 10, 2,
                tmp.resolve("study"), data);
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        new StudyRunner(p, 2, null, quiet, UNCANCELLED).runAll(StudyRunner.fixed(StudyRuns.read(p, 15), 3, List.of()));
        StudyRuns runs = StudyRuns.read(p, 15);

        List<StudyRunner.Task> draw = Replication.draw(runs, 4, 1);
        assertEquals(draw, Replication.draw(runs, 4, 1), "the same draw number, the same runs");
        assertEquals(4, new HashSet<>(draw).size(), "without replacement");
        assertNotEquals(draw, Replication.draw(runs, 4, 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Replication.draw(runs, 7, 1));
        assertTrue(e.getMessage().contains("--replicate=7 must be in [1, 6]"), e.getMessage());

        List<Replication.Result> same = Replication.replicate(runs, draw.subList(0, 2), tmp.resolve("rep"), quiet, UNCANCELLED);
        for (Replication.Result r : same) {
            assertEquals(Replication.Kind.BIT_IDENTICAL, r.kind(), r.toString());
            assertEquals(r.original(), r.replicate());
        }
        assertTrue(Replication.table(same, "here").contains("replication: "), Replication.table(same, "here"));

        // a committed metrics file whose test loss at iteration 4 was changed: the replicate names the row
        StudyRunner.Task t = draw.get(0);
        Path metrics = p.runDir(t.method(), t.seed()).resolve("metrics.csv");
        List<String> lines = Files.readAllLines(metrics);
        String[] f = lines.get(3).split(",");
        f[3] = String.valueOf(Double.parseDouble(f[3]) + 1e-9);
        lines.set(3, String.join(",", f));
        Files.write(metrics, lines);
        List<Replication.Result> changed = Replication.replicate(StudyRuns.read(p, 15), List.of(t), tmp.resolve("rep2"), quiet, UNCANCELLED);
        assertEquals(Replication.Kind.SAME_BITS_OTHER_NUMBERS, changed.get(0).kind(), changed.get(0).toString());
        assertTrue(changed.get(0).firstDiff().startsWith("iteration 4, test loss"), changed.get(0).firstDiff());
    }

    @Test
    void thePredictionIntervalIsTheNormalOneForANewSeed() {
        // mean 0.78, sd 0.01, n = 5: 0.78 +- t(0.975, 4) 0.01 sqrt(1.2) = 0.78 +- 2.776 * 0.010954
        double[] pi = Replication.predictionInterval(new double[]{0.77, 0.79, 0.78, 0.78 + 0.01 * Math.sqrt(1.5),
                0.78 - 0.01 * Math.sqrt(1.5)});
        double sd = Math.sqrt((0.0001 + 0.0001 + 0 + 0.00015 + 0.00015) / 4);
        assertEquals(0.78 - 2.7764451 * sd * Math.sqrt(1.2), pi[0], 1e-6);
        assertEquals(0.78 + 2.7764451 * sd * Math.sqrt(1.2), pi[1], 1e-6);
        assertEquals(Double.NEGATIVE_INFINITY, Replication.predictionInterval(new double[]{0.7})[0]);
    }

    @Test
    void theFirstDifferenceNamesItsRowAndField() {
        List<Trainer.Row> a = List.of(new Trainer.Row(0, 2.3, 0.1, 2.3011111490885, 0.1, 0), new Trainer.Row(200, 0.5, 0.8, 0.6, 0.75, 3));
        List<Trainer.Row> b = List.of(new Trainer.Row(0, 2.3, 0.1, 2.3011111653646, 0.1, 1), new Trainer.Row(200, 0.5, 0.8, 0.6, 0.75, 9));
        assertEquals("iteration 0, test loss 2.3011111490885 vs 2.3011111653646", Replication.firstDifference(a, b));
        assertEquals("", Replication.firstDifference(a, a));
    }
}
