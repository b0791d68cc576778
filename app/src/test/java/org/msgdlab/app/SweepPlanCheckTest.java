package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.sweeps.SweepPlan;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A plan is checked when it is made, not after training; a plan moves to another dataset path with its runs kept. */
class SweepPlanCheckTest {

    @TempDir
    Path tmp;

    private static CommandRun msgd(String... args) {
        return CommandRun.msgd(args);
    }

    @Test
    void aPlanWhoseRunsVerifyFromCouldNotReadIsRefusedBeforeAnythingTrains() {
        Path dir = tmp.resolve("sweep");
        CommandRun r = msgd("sweep", "plan", dir.toString(), "--methods", "gd,sgd-50", "--seeds", "0-1", "--eval-every", "100",
                "--iterations", "200", "--data", tmp.toString());
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("msgd sweep plan: run authors-code/gd/seed-0: eval-every=100 must be in [1, iterations/5 = 40]"),
                r.err());
        assertFalse(Files.exists(dir.resolve(SweepPlan.FILE)), "nothing planned");
    }

    @Test
    void aPlanMovesToAnotherDatasetPathKeepingItsFinishedRuns() throws Exception {
        Path a = GeneratedFashionMnist.write(tmp.resolve("cluster-a/fm"));
        Path dir = tmp.resolve("sweep");
        String[] plan = {"sweep", "plan", dir.toString(), "--methods", "gd", "--seeds", "0", "--iterations", "4", "--eval-every", "2",
                "--data", a.toString()};
        assertEquals(ExitCode.OK.code(), msgd(plan).code());
        assertEquals(ExitCode.OK.code(), msgd("sweep", "run", dir.toString(), "--jobs", "1").code());
        Path b = tmp.resolve("cluster-b/fm");
        Files.createDirectories(b);
        try (var files = Files.list(a)) {
            for (Path f : files.toList()) {
                Files.copy(f, b.resolve(f.getFileName()));
            }
        }
        String[] elsewhere = plan.clone();
        elsewhere[elsewhere.length - 1] = b.toString();
        CommandRun refused = msgd(elsewhere);
        assertEquals(ExitCode.USAGE.code(), refused.code());
        assertTrue(refused.err().contains("; to move the plan to another dataset path: msgd sweep repoint " + dir + " --data PATH"),
                refused.err());

        CommandRun moved = msgd("sweep", "repoint", dir.toString(), "--data", b.toString());
        assertEquals(ExitCode.OK.code(), moved.code(), moved.err());
        assertTrue(moved.out().contains("1 of 1 runs now read " + b.toAbsolutePath()), moved.out());
        assertTrue(SweepPlan.read(dir).runs().get(0).setting("data").equals(b.toAbsolutePath().toString()));
        CommandRun status = msgd("sweep", "status", dir.toString());
        assertEquals(ExitCode.OK.code(), status.code(), status.out());
        assertTrue(status.out().contains("done        authors-code/gd/seed-0"), status.out());
        assertEquals(ExitCode.OK.code(), msgd(elsewhere).code(), "the same plan, made on cluster B, is the moved plan");
        assertEquals(ExitCode.USAGE.code(), msgd("sweep", "repoint", dir.toString(), "--data", tmp.resolve("missing").toString()).code());
    }
}
