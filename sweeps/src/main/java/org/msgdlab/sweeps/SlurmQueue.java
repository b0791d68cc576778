package org.msgdlab.sweeps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Slurm knows of a sweep's job arrays: the jobs submitted for it ({@code DIR/slurm/jobs.txt}, one line per
 * array: {@code JOBID SPEC SCRIPT TIME offset=K}), their tasks' states from {@code squeue}, and the cluster's
 * MaxArraySize from {@code scontrol show config}. Stateless; the queries run the Slurm commands.
 */
public final class SlurmQueue {

    /** Slurm's default MaxArraySize, used when {@code scontrol show config} cannot say. */
    public static final int DEFAULT_MAX_ARRAY_SIZE = 1001;

    private static final Pattern MAX_ARRAY = Pattern.compile("(?m)^\\s*MaxArraySize\\s*=\\s*(\\d+)\\s*$");
    private static final Pattern TASK = Pattern.compile("(\\d+)_(\\d+)");

    private SlurmQueue() {
    }

    /**
     * One submitted job array.
     *
     * @param jobId  its job id
     * @param offset the plan index of its task 0 (0 for files written before arrays were split)
     */
    public record Submitted(String jobId, int offset) {
    }

    /**
     * What squeue says of one array task.
     *
     * @param task   the task, {@code JOBID_TASKID}
     * @param state  its state, e.g. {@code PENDING}, {@code RUNNING}
     * @param reason why it waits, e.g. {@code BeginTime}, or {@code None}
     */
    public record TaskState(String task, String state, String reason) {
    }

    /** Appends a submission to {@code dir/slurm/jobs.txt}. */
    static void record(Path dir, SlurmExecutor.Submission s) throws IOException {
        Files.writeString(dir.resolve("slurm").resolve("jobs.txt"), s.jobId() + " " + s.job().spec() + " " + s.script().getFileName()
                + " " + Instant.now() + " offset=" + s.job().offset() + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    /**
     * The job arrays submitted for the sweep in {@code dir}, oldest first.
     *
     * @param dir the sweep directory
     * @return the arrays recorded in {@code dir/slurm/jobs.txt}; empty when there is none
     * @throws IOException when the file cannot be read
     */
    public static List<Submitted> submitted(Path dir) throws IOException {
        Path f = dir.resolve("slurm").resolve("jobs.txt");
        if (!Files.isRegularFile(f)) {
            return List.of();
        }
        List<Submitted> out = new ArrayList<>();
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            String[] w = line.strip().split(" ");
            if (w.length == 0 || !w[0].matches("[0-9]+")) {
                continue;
            }
            int offset = 0;
            for (String word : w) {
                if (word.matches("offset=[0-9]+")) {
                    offset = Integer.parseInt(word.substring("offset=".length()));
                }
            }
            out.add(new Submitted(w[0], offset));
        }
        return out;
    }

    /**
     * The tasks of these arrays that squeue lists (pending, running, requeued, ...), by plan index.
     *
     * @param jobs the submitted arrays
     * @return each listed task's state by its plan index (empty when there are no jobs or squeue no longer knows
     *         them); empty optional when squeue cannot be run or fails otherwise
     * @throws InterruptedException when interrupted while waiting for squeue
     */
    public static Optional<Map<Integer, TaskState>> tasks(List<Submitted> jobs) throws InterruptedException {
        Map<Integer, TaskState> out = new LinkedHashMap<>();
        if (jobs.isEmpty()) {
            return Optional.of(out);
        }
        Map<String, Integer> offsets = new LinkedHashMap<>();
        jobs.forEach(j -> offsets.put(j.jobId(), j.offset()));
        Optional<String> listed = run(List.of("squeue", "-h", "-r", "-o", "%i %T %r", "-j", String.join(",", offsets.keySet())),
                "Invalid job id");
        return listed.map(text -> parseTasks(text, offsets));
    }

    /**
     * The tasks in squeue's {@code %i %T %r} lines, by plan index.
     *
     * @param text    squeue's output, one task a line: {@code JOBID_TASKID STATE REASON}
     * @param offsets each job's offset by job id; lines of other jobs are left out
     * @return each task's state by its plan index
     */
    static Map<Integer, TaskState> parseTasks(String text, Map<String, Integer> offsets) {
        Map<Integer, TaskState> out = new LinkedHashMap<>();
        for (String line : text.lines().toList()) {
            String[] w = line.strip().split("\\s+", 3);
            Matcher m = w.length >= 2 ? TASK.matcher(w[0]) : null;
            if (m == null || !m.matches() || !offsets.containsKey(m.group(1))) {
                continue;
            }
            int index = offsets.get(m.group(1)) + Integer.parseInt(m.group(2));
            out.put(index, new TaskState(w[0], w[1], w.length > 2 ? w[2].strip() : "None"));
        }
        return out;
    }

    /**
     * The cluster's MaxArraySize, from {@code scontrol show config}.
     *
     * @return it, or empty when scontrol cannot be run, fails or does not say
     * @throws InterruptedException when interrupted while waiting for scontrol
     */
    public static Optional<Integer> maxArraySize() throws InterruptedException {
        return run(List.of("scontrol", "show", "config"), null).flatMap(SlurmQueue::maxArraySize);
    }

    /**
     * MaxArraySize in the text of {@code scontrol show config}.
     *
     * @param config the text
     * @return the value, or empty when the text does not say
     */
    static Optional<Integer> maxArraySize(String config) {
        Matcher m = MAX_ARRAY.matcher(config);
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    /** A command's output; empty when it cannot be run or fails (but "" when it fails saying {@code goneMarker}). */
    private static Optional<String> run(List<String> command, String goneMarker) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                // jobs that ended long ago (MinJobAge) are no longer known: none of them is queued
                return goneMarker != null && out.contains(goneMarker) ? Optional.of("") : Optional.empty();
            }
            return Optional.of(out);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
