package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code msgd study run PLAN --as-sweep}: a plan file's runs become a sweep in the plan's folder, which {@code msgd sweep
 * run} trains (here with the local executor; CI submits one to a real Slurm) into the runs {@code msgd study run} would
 * have trained, bit for bit, each recording the plan's digest, with no accuracy in the log; {@code msgd study look}
 * reads them.
 */
class StudyPlanSweepCommandTest {

    @TempDir
    Path tmp;

    @Test
    void thePlansRunsAsASweepAreTrainedBySweepRunAsStudyRunWouldAndLookReadsThem() throws IOException {
        Path data = GeneratedFashionMnist.write(tmp.resolve("fm"));
        Path dir = tmp.resolve("cluster");
        Path file = StudyPlanFileCommandsTest.gdAndSgdPlan(dir);

        CommandRun planned = CommandRun.msgd("study", "run", file.toString(), "--as-sweep", "--seeds", "1", "--data", data.toString());
        assertEquals(0, planned.code(), planned.err());
        assertTrue(planned.out().startsWith(dir.resolve("sweep.json") + ": 2 runs planned (paired seed 0 x 2 methods); 2 not"
                + " begun, each holding the plan's digest"), planned.out());
        assertTrue(planned.out().contains("next: msgd sweep run " + dir + " --executor slurm"), planned.out());
        for (String run : List.of("authors-code/gd/seed-0", "authors-code/sgd-50-wor/seed-0")) {
            assertTrue(Files.readString(dir.resolve(run).resolve("plan-digest.json")).contains("\"sha256\""), run);
            assertFalse(Files.exists(dir.resolve(run).resolve("run.json")), "nothing trained: " + run);
        }
        assertEquals(2, CommandRun.msgd("study", "run", file.toString(), "--as-sweep", "--workers", "1").code(),
                "--workers sets how this machine trains, not a sweep");

        CommandRun ran = CommandRun.msgd("sweep", "run", dir.toString(), "--jobs", "2");
        assertEquals(ExitCode.OK.code(), ran.code(), ran.out() + ran.err());
        assertTrue(ran.out().contains("2 finished, 0 interrupted, 0 failed; now 2 done"), ran.out());
        CommandRun status = CommandRun.msgd("sweep", "status", dir.toString());
        assertTrue(status.out().contains("completed (accuracy withheld: a pre-registered study's run)"), status.out());
        assertFalse((ran.out() + ran.err() + status.out()).contains("test accuracy"), "blind: " + ran.out() + ran.err());

        Path here = tmp.resolve("here");
        Path local = StudyPlanFileCommandsTest.gdAndSgdPlan(here);
        CommandRun trained = CommandRun.msgd("study", "run", local.toString(), "--seeds", "1", "--data", data.toString());
        assertEquals(0, trained.code(), trained.err());
        for (String run : List.of("authors-code/gd/seed-0", "authors-code/sgd-50-wor/seed-0")) {
            assertEquals(SweepCommandTest.withoutWallTime(here.resolve(run)), SweepCommandTest.withoutWallTime(dir.resolve(run)),
                    "the sweep's task trained the run study run trains, bit for bit: " + run);
        }

        CommandRun look = CommandRun.msgd("study", "look", file.toString());
        assertEquals(0, look.code(), look.err());
        assertTrue(look.out().contains("1 paired seeds count of the cap of 5"), look.out());
        CommandRun fromHere = CommandRun.msgd("study", "run", file.toString(), "--seeds", "1", "--data", data.toString());
        assertTrue(fromHere.err().contains("nothing to train up to paired seed 0"), "the sweep's runs are the plan's: " + fromHere.err());

        CommandRun extended = CommandRun.msgd("study", "run", file.toString(), "--as-sweep", "--data", data.toString());
        assertEquals(0, extended.code(), extended.err());
        assertTrue(extended.out().contains("6 runs planned (paired seeds 0-2 x 2 methods), 4 new; 4 not begun"), extended.out());
    }
}
