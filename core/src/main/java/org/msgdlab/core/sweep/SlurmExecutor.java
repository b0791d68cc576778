package org.msgdlab.core.sweep;

import org.msgdlab.core.io.AtomicFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Slurm executor: one job array with one task per run, written as a batch script
 * ({@code DIR/slurm/sweep-<time>.sbatch}) and submitted with {@code sbatch}; Slurm does the queueing.
 * Each array task runs the same {@link TaskCommand} as the local executor, with its
 * {@code SLURM_ARRAY_TASK_ID} as the plan index. Interruptions lose nothing:
 * <ul>
 * <li>preemption or {@code scontrol requeue}: Slurm sends TERM; the batch shell passes it on and the
 *     run saves its step and exits; the job is requeued ({@code --requeue}) and its next start
 *     continues from that step, bit for bit;</li>
 * <li>the time limit: Slurm sends USR1 to the batch shell {@code signalSeconds} before it
 *     ({@code --signal=B:USR1@S}); the shell requeues its own task, whose TERM makes the run save.</li>
 * </ul>
 * Immutable and thread-safe; {@link #submit} runs {@code sbatch}.
 *
 * @param options what {@code sbatch} is given (partition, time, memory, account, GPUs, CPUs per task)
 */
public record SlurmExecutor(Options options) {

    /**
     * The resources and placement of every array task; null fields are left to the cluster's defaults.
     * Immutable and thread-safe.
     *
     * @param jobName       the job's name
     * @param cpusPerTask   CPUs per task (the run's TensorFlow threads)
     * @param partition     {@code --partition}
     * @param time          {@code --time}, e.g. {@code 02:00:00}
     * @param mem           {@code --mem}, e.g. {@code 8G}
     * @param account       {@code --account}
     * @param gpus          GPUs per task ({@code --gres=gpu:N}); 0 for none
     * @param signalSeconds seconds before the time limit at which a task requeues itself (USR1)
     * @param extra         further {@code #SBATCH} arguments, verbatim, e.g. {@code --qos=long}
     */
    public record Options(String jobName, int cpusPerTask, String partition, String time, String mem, String account,
                          int gpus, int signalSeconds, List<String> extra) {
        /**
         * Checks every option against its rule; copies {@code extra}.
         *
         * @param jobName       the job's name
         * @param cpusPerTask   CPUs per task
         * @param partition     {@code --partition}, or null
         * @param time          {@code --time}, or null
         * @param mem           {@code --mem}, or null
         * @param account       {@code --account}, or null
         * @param gpus          GPUs per task; 0 for none
         * @param signalSeconds seconds before the time limit at which a task requeues itself
         * @param extra         further {@code #SBATCH} arguments (copied)
         * @throws IllegalArgumentException when {@code jobName} is not letters, digits and {@code . _ -};
         *                                  {@code cpusPerTask < 1}; {@code gpus < 0}; {@code signalSeconds}
         *                                  is not in [1, 65535]; partition, time, mem or account is not
         *                                  letters, digits and {@code _ . : , + -}; or an extra argument
         *                                  does not start with {@code --} or holds a line break
         */
        public Options {
            if (jobName == null || !jobName.matches("[A-Za-z0-9._-]+")) {
                throw new IllegalArgumentException("--job-name '" + jobName + "' must be letters, digits and . _ -");
            }
            if (cpusPerTask < 1) {
                throw new IllegalArgumentException("--cpus-per-task " + cpusPerTask + " must be >= 1");
            }
            if (gpus < 0) {
                throw new IllegalArgumentException("--gpus " + gpus + " must be >= 0");
            }
            if (signalSeconds < 1 || signalSeconds > 65535) {
                throw new IllegalArgumentException("--signal-seconds " + signalSeconds + " must be in [1, 65535]");
            }
            for (String[] kv : new String[][] {{"--partition", partition}, {"--time", time}, {"--mem", mem},
                    {"--account", account}}) {
                if (kv[1] != null && !kv[1].matches("[A-Za-z0-9_.:,+-]+")) {
                    throw new IllegalArgumentException(kv[0] + " '" + kv[1] + "' must be letters, digits and _ . : , + -");
                }
            }
            extra = List.copyOf(extra);
            for (String e : extra) {
                if (!e.startsWith("--") || e.contains("\n")) {
                    throw new IllegalArgumentException("--sbatch '" + e + "' must be one sbatch option starting with --");
                }
            }
        }
    }

    /**
     * Slurm's task array syntax for {@code indices}: runs of consecutive ones as ranges, e.g. {@code 0-3,5,7-8}.
     *
     * @param indices the plan indices, in any order, repeats ignored
     * @return the array specification, ascending
     * @throws IllegalArgumentException when {@code indices} is empty
     */
    public static String arraySpec(List<Integer> indices) {
        List<Integer> sorted = indices.stream().sorted().distinct().toList();
        if (sorted.isEmpty()) {
            throw new IllegalArgumentException("no runs to submit");
        }
        List<String> parts = new ArrayList<>();
        int start = sorted.get(0);
        int prev = start;
        for (int i = 1; i <= sorted.size(); i++) {
            if (i < sorted.size() && sorted.get(i) == prev + 1) {
                prev = sorted.get(i);
                continue;
            }
            parts.add(start == prev ? Integer.toString(start) : start + "-" + prev);
            if (i < sorted.size()) {
                start = sorted.get(i);
                prev = start;
            }
        }
        return String.join(",", parts);
    }

    /**
     * The batch script of one job array over {@code indices} of the sweep in {@code dir}.
     *
     * @param dir     the sweep directory; the tasks' output goes to {@code dir/slurm/%A_%a.out}
     * @param indices the plan indices, one array task each
     * @param command what each task runs, its index {@code SLURM_ARRAY_TASK_ID}
     * @return the script's text
     * @throws IllegalArgumentException when {@code indices} is empty
     */
    public String script(Path dir, List<Integer> indices, TaskCommand command) {
        Path logs = dir.toAbsolutePath().resolve("slurm");
        StringBuilder s = new StringBuilder();
        s.append("#!/bin/bash\n");
        s.append("# msgd sweep: one Slurm array task per run of ").append(dir.toAbsolutePath().resolve(SweepPlan.FILE))
                .append(" (task id = plan index).\n");
        s.append("#SBATCH --job-name=").append(options.jobName()).append('\n');
        s.append("#SBATCH --array=").append(arraySpec(indices)).append('\n');
        s.append("#SBATCH --output=").append(logs.resolve("%A_%a.out")).append('\n');
        s.append("#SBATCH --open-mode=append\n");
        s.append("#SBATCH --requeue\n");
        s.append("#SBATCH --signal=B:USR1@").append(options.signalSeconds()).append('\n');
        s.append("#SBATCH --ntasks=1\n");
        s.append("#SBATCH --cpus-per-task=").append(options.cpusPerTask()).append('\n');
        option(s, "--partition", options.partition());
        option(s, "--time", options.time());
        option(s, "--mem", options.mem());
        option(s, "--account", options.account());
        if (options.gpus() > 0) {
            s.append("#SBATCH --gres=gpu:").append(options.gpus()).append('\n');
        }
        options.extra().forEach(e -> s.append("#SBATCH ").append(e).append('\n'));
        s.append("set -u\n");
        s.append("echo \"msgd sweep: array task ${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID} on $(hostname),"
                + " start $(( ${SLURM_RESTART_COUNT:-0} + 1 )) at $(date -Is)\"\n");
        s.append("# Preemption or a requeue: TERM reaches this shell and the run; the shell passes it on and waits while\n");
        s.append("# the run saves its step, and the requeued task continues from there. USR1, ")
                .append(options.signalSeconds()).append(" s before the time limit:\n");
        s.append("# the task requeues itself, and that requeue's TERM makes the run save.\n");
        s.append(command.shell("SLURM_ARRAY_TASK_ID")).append(" &\n");
        s.append("pid=$!\n");
        s.append("trap 'kill -TERM \"$pid\" 2>/dev/null' TERM INT\n");
        s.append("trap 'echo \"msgd sweep: time limit near, requeueing\"; scontrol requeue \"${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}\"' USR1\n");
        s.append("# wait returns early (128 + signal) when a trapped signal arrives: wait again while the task lives,\n");
        s.append("# then once more for its own status (bash keeps the status of a child it has collected)\n");
        s.append("status=0\n");
        s.append("while kill -0 \"$pid\" 2>/dev/null; do wait \"$pid\"; status=$?; done\n");
        s.append("wait \"$pid\"; last=$?\n");
        s.append("[ \"$last\" -ne 127 ] && status=$last\n");
        s.append("exit \"$status\"\n");
        return s.toString();
    }

    private static void option(StringBuilder s, String name, String value) {
        if (value != null) {
            s.append("#SBATCH ").append(name).append('=').append(value).append('\n');
        }
    }

    /**
     * A submitted job array: its id and script. Immutable and thread-safe.
     *
     * @param jobId  the job id sbatch printed
     * @param script the batch script submitted
     */
    public record Submission(String jobId, Path script) {
    }

    /**
     * Writes the script under {@code dir/slurm/} and submits it with {@code sbatch --parsable};
     * records the job in {@code dir/slurm/jobs.txt}.
     *
     * @param dir     the sweep directory
     * @param indices the plan indices, one array task each
     * @param command what each task runs
     * @return the job's id and its script
     * @throws IOException              when the script cannot be written, sbatch cannot be run, refuses the
     *                                  job (its message included) or prints no job id
     * @throws InterruptedException     when interrupted while waiting for sbatch
     * @throws IllegalArgumentException when {@code indices} is empty
     */
    public Submission submit(Path dir, List<Integer> indices, TaskCommand command) throws IOException, InterruptedException {
        String text = script(dir, indices, command);
        Path slurm = dir.resolve("slurm");
        Files.createDirectories(slurm);
        String stamp = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(java.time.ZoneOffset.UTC)
                .format(Instant.now());
        Path script = slurm.resolve("sweep-" + stamp + ".sbatch");
        for (int k = 2; Files.exists(script); k++) {
            script = slurm.resolve("sweep-" + stamp + "-" + k + ".sbatch");
        }
        AtomicFiles.writeString(script, text);
        Process p;
        try {
            p = new ProcessBuilder("sbatch", "--parsable", script.toAbsolutePath().toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("sbatch cannot be run (" + e.getMessage() + "): is this a Slurm submit host? (--dry-run"
                    + " prints the script without submitting)", e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        int status = p.waitFor();
        if (status != 0) {
            throw new IOException("sbatch refused " + script + " (exit " + status + "): " + out);
        }
        String jobId = out.lines().reduce((a, b) -> b).orElse("").split(";")[0].strip();
        if (!jobId.matches("[0-9]+")) {
            throw new IOException("sbatch printed no job id: '" + out + "'");
        }
        Files.writeString(slurm.resolve("jobs.txt"), jobId + " " + arraySpec(indices) + " " + script.getFileName() + " "
                        + Instant.now() + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return new Submission(jobId, script);
    }

    /**
     * The job ids submitted for the sweep in {@code dir}, oldest first.
     *
     * @param dir the sweep directory
     * @return the ids recorded in {@code dir/slurm/jobs.txt}; empty when there is none
     * @throws IOException when the file cannot be read
     */
    public static List<String> jobs(Path dir) throws IOException {
        Path f = dir.resolve("slurm").resolve("jobs.txt");
        if (!Files.isRegularFile(f)) {
            return List.of();
        }
        return Files.readAllLines(f, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).map(l -> l.split(" ")[0]).toList();
    }

    /**
     * How many tasks of these jobs {@code squeue} lists.
     *
     * @param jobIds the job ids
     * @return the number of tasks it lists (one per array task): 0 when there are no ids or squeue no
     *         longer knows them; empty when squeue cannot be run or fails otherwise
     * @throws InterruptedException when interrupted while waiting for squeue
     */
    public static Optional<Integer> queued(List<String> jobIds) throws InterruptedException {
        if (jobIds.isEmpty()) {
            return Optional.of(0);
        }
        try {
            Process p = new ProcessBuilder("squeue", "-h", "-r", "-o", "%i", "-j", String.join(",", jobIds))
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                // jobs that ended long ago (MinJobAge) are no longer known: none of them is queued
                return out.contains("Invalid job id") ? Optional.of(0) : Optional.empty();
            }
            return Optional.of((int) out.lines().filter(l -> !l.isBlank()).count());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
