package org.msgdlab.sweeps;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Job arrays under the cluster's MaxArraySize, a throttle, quoted output paths and what squeue says of the tasks. */
class SlurmArraysTest {

    @TempDir
    Path tmp;

    private static SlurmExecutor executor(int maxRunning) {
        return new SlurmExecutor(new SlurmExecutor.Options("msgd-sweep", 1, null, null, null, null, 0, 120, List.of(), maxRunning));
    }

    @Test
    void elevenHundredAndOneRunsBecomeTwoArraysWhoseTaskIdsStayBelowMaxArraySize() {
        List<Integer> all = IntStream.range(0, 1101).boxed().toList();
        List<SlurmExecutor.ArrayJob> jobs = SlurmExecutor.split(all, 1001);
        assertEquals(2, jobs.size());
        assertEquals(new SlurmExecutor.ArrayJob(0, IntStream.range(0, 1001).boxed().toList()), jobs.get(0));
        assertEquals(1001, jobs.get(1).offset());
        assertEquals("0-99", jobs.get(1).spec());
        assertEquals(all, jobs.stream().flatMap(j -> j.indices().stream()).toList(), "every run once, in plan order");
        // gaps: the pending runs 5, 2000 and 2001 of a partly done sweep: task id 5 (= plan index), then 0 and 1 from 2000
        assertEquals(List.of(new SlurmExecutor.ArrayJob(0, List.of(5)), new SlurmExecutor.ArrayJob(2000, List.of(0, 1))),
                SlurmExecutor.split(List.of(2001, 5, 2000), 1001));
    }

    @Test
    void aSecondArrayRunsPlanIndexTaskIdPlusOffset() throws Exception {
        Path out = tmp.resolve("out.txt");
        SlurmExecutor.ArrayJob second = SlurmExecutor.split(IntStream.range(0, 1101).boxed().toList(), 1001).get(1);
        String script = executor(0).script(tmp, second, new TaskCommand(List.of("bash", "-c", "echo \"$@\" > " + out, "x"), List.of()));
        assertTrue(script.contains("#SBATCH --array=0-99\n"), script);
        Path f = Files.writeString(tmp.resolve("s.sbatch"), script);
        ProcessBuilder pb = new ProcessBuilder("bash", f.toString()).redirectErrorStream(true).redirectOutput(tmp.resolve("log").toFile());
        pb.environment().put("SLURM_ARRAY_TASK_ID", "7");
        pb.environment().put("SLURM_ARRAY_JOB_ID", "12");
        assertEquals(0, pb.start().waitFor());
        assertEquals("--index 1008", Files.readString(out).strip());
        assertTrue(Files.readString(tmp.resolve("log")).startsWith("msgd sweep: array task 12_7 (plan index 1008) on "));
    }

    @Test
    void maxRunningThrottlesTheArray() {
        String s = executor(8).script(tmp, List.of(0, 1, 2, 3), new TaskCommand(List.of("msgd"), List.of()));
        assertTrue(s.lines().toList().contains("#SBATCH --array=0-3%8"), s);
        assertEquals("--max-running -1 must be >= 1", org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> executor(-1)).getMessage());
    }

    @Test
    void theOutputPathIsQuotedSoThatSpacesApostrophesAndHashesStayInIt() {
        Path odd = tmp.resolve("my sweep's #1 \"x\" 50%");
        String s = executor(0).script(odd, List.of(0), new TaskCommand(List.of("msgd"), List.of()));
        String expected = "#SBATCH --output=\"" + (odd.toAbsolutePath() + "/slurm").replace("%", "%%").replace("\"", "\\\"")
                + "/%A_%a.out\"";
        assertTrue(s.lines().toList().contains(expected), expected + " in\n" + s);
        assertEquals("sweep directory 'a\nb' must not hold a line break (Slurm reads its options line by line)",
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                        () -> executor(0).script(Path.of("a\nb"), List.of(0), new TaskCommand(List.of("msgd"), List.of()))).getMessage());
    }

    @Test
    void maxArraySizeIsReadFromScontrolsConfiguration() {
        assertEquals(Optional.of(40001), SlurmQueue.maxArraySize("MaxArraySize            = 40001\nMaxJobCount = 10000\n"));
        assertEquals(Optional.empty(), SlurmQueue.maxArraySize("MaxJobCount = 10000\n"));
    }

    @Test
    void squeuesTasksAreMappedToPlanIndicesThroughTheirArraysOffsets() {
        Map<Integer, SlurmQueue.TaskState> t = SlurmQueue.parseTasks("12_3 PENDING BeginTime\n13_0 RUNNING None\n99_1 RUNNING None\n",
                Map.of("12", 0, "13", 1001));
        assertEquals(Map.of(3, new SlurmQueue.TaskState("12_3", "PENDING", "BeginTime"),
                1001, new SlurmQueue.TaskState("13_0", "RUNNING", "None")), t);
    }

    @Test
    void submittedArraysAreReadWithTheirOffsetsOldLinesAtZero() throws Exception {
        Files.createDirectories(tmp.resolve("slurm"));
        Files.writeString(tmp.resolve("slurm/jobs.txt"), "12 0-3 sweep-a.sbatch 2026-01-01T00:00:00Z\n"
                + "13 0-99 sweep-b.sbatch 2026-01-01T00:00:01Z offset=1001\n");
        assertEquals(List.of(new SlurmQueue.Submitted("12", 0), new SlurmQueue.Submitted("13", 1001)), SlurmQueue.submitted(tmp));
    }
}
