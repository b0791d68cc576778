package org.msgdlab.sweeps;

import org.msgdlab.core.io.AtomicFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

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
     * @param maxRunning    the most tasks of the sweep running at once ({@code --array=...%N}, arrays after the first
     *                      waiting for the one before); 0 for no limit
     */
    public record Options(String jobName, int cpusPerTask, String partition, String time, String mem, String account,
                          int gpus, int signalSeconds, List<String> extra, int maxRunning) {

        /**
         * Options without a limit on the tasks running at once.
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
         * @throws IllegalArgumentException as the canonical constructor
         */
        public Options(String jobName, int cpusPerTask, String partition, String time, String mem, String account,
                       int gpus, int signalSeconds, List<String> extra) {
            this(jobName, cpusPerTask, partition, time, mem, account, gpus, signalSeconds, extra, 0);
        }

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
         * @param maxRunning    the most tasks running at once; 0 for no limit
         * @throws IllegalArgumentException when {@code maxRunning < 0}; {@code jobName} is not letters, digits and {@code . _ -};
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
            if (maxRunning < 0) {
                throw new IllegalArgumentException("--max-running " + maxRunning + " must be >= 1");
            }
            if (signalSeconds < 1 || signalSeconds > 65535) {
                throw new IllegalArgumentException("--signal-seconds " + signalSeconds + " must be in [1, 65535]");
            }
            // Slurm's own forms (sbatch(1)): a time limit "M", "M:S", "H:M:S", "D-H", "D-H:M", "D-H:M:S" or UNLIMITED;
            // memory an integer with an optional unit K, M, G or T. Anything else (1e309, Infinity) would reach #SBATCH.
            if (time != null && !time.matches("(?i)\\d+(-\\d{1,2})?(:\\d{1,2}){0,2}|unlimited|infinite")) {
                throw new IllegalArgumentException("--time '" + time + "' must be a Slurm time limit: M, M:S, H:M:S, D-H,"
                        + " D-H:M, D-H:M:S or UNLIMITED (e.g. 02:00:00)");
            }
            if (mem != null && !mem.matches("\\d+[KMGTkmgt]?")) {
                throw new IllegalArgumentException("--mem '" + mem + "' must be a Slurm memory size: an integer with an optional"
                        + " unit K, M, G or T (e.g. 8G)");
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
     * One job array of a sweep: the plan indices {@code offset + t} for its task ids t. Slurm refuses task ids at or
     * above the cluster's MaxArraySize, so a plan larger than that is split into arrays whose task ids start at 0
     * ({@link #split}). Immutable and thread-safe.
     *
     * @param offset  the plan index of task id 0
     * @param taskIds the task ids, ascending
     */
    public record ArrayJob(int offset, List<Integer> taskIds) {
        /**
         * Copies the ids.
         *
         * @param offset  the plan index of task id 0
         * @param taskIds the task ids
         * @throws IllegalArgumentException when {@code taskIds} is empty or {@code offset < 0}
         */
        public ArrayJob {
            taskIds = List.copyOf(taskIds);
            if (taskIds.isEmpty() || offset < 0) {
                throw new IllegalArgumentException("a job array needs task ids and an offset >= 0 (offset=" + offset + ")");
            }
        }

        /** @return the plan indices of its tasks, ascending */
        public List<Integer> indices() {
            return taskIds.stream().map(t -> t + offset).toList();
        }

        /** @return the array specification of its task ids, e.g. {@code 0-3,5} */
        public String spec() {
            return arraySpec(taskIds);
        }
    }

    /**
     * The job arrays for {@code indices}: consecutive plan indices in arrays whose task ids stay below
     * {@code maxArraySize} (Slurm's MaxArraySize: the largest task id is MaxArraySize - 1); the first array's task
     * ids are the plan indices themselves when they fit, each further array's start at 0.
     *
     * @param indices      the plan indices, in any order, repeats ignored
     * @param maxArraySize the cluster's MaxArraySize, at least 1
     * @return the arrays, in plan order
     * @throws IllegalArgumentException when {@code indices} is empty or {@code maxArraySize < 1}
     */
    public static List<ArrayJob> split(List<Integer> indices, int maxArraySize) {
        if (maxArraySize < 1) {
            throw new IllegalArgumentException("MaxArraySize " + maxArraySize + " must be >= 1");
        }
        List<Integer> sorted = indices.stream().sorted().distinct().toList();
        if (sorted.isEmpty()) {
            throw new IllegalArgumentException("no runs to submit");
        }
        List<ArrayJob> jobs = new ArrayList<>();
        int offset = sorted.get(0) < maxArraySize ? 0 : sorted.get(0); // task id = plan index while it fits
        List<Integer> ids = new ArrayList<>();
        for (int i : sorted) {
            if (i - offset >= maxArraySize) {
                jobs.add(new ArrayJob(offset, ids));
                offset = i;
                ids = new ArrayList<>();
            }
            ids.add(i - offset);
        }
        jobs.add(new ArrayJob(offset, ids));
        return jobs;
    }

    /**
     * The batch script of one job array over {@code indices} of the sweep in {@code dir}, task id = plan index.
     *
     * @param dir     the sweep directory; the tasks' output goes to {@code dir/slurm/%A_%a.out}
     * @param indices the plan indices, one array task each
     * @param command what each task runs, its index {@code SLURM_ARRAY_TASK_ID}
     * @return the script's text
     * @throws IllegalArgumentException when {@code indices} is empty, or the directory's path holds a line break
     */
    public String script(Path dir, List<Integer> indices, TaskCommand command) {
        return script(dir, new ArrayJob(0, indices), command);
    }

    /**
     * The batch script of one job array of the sweep in {@code dir}: task t runs plan index {@code offset + t}.
     *
     * @param dir     the sweep directory; the tasks' output goes to {@code dir/slurm/%A_%a.out}
     * @param job     the array
     * @param command what each task runs
     * @return the script's text
     * @throws IllegalArgumentException when the directory's path holds a line break
     */
    public String script(Path dir, ArrayJob job, TaskCommand command) {
        Path logs = dir.toAbsolutePath().resolve("slurm");
        if (logs.toString().contains("\n") || logs.toString().contains("\r")) {
            throw new IllegalArgumentException("sweep directory '" + dir + "' must not hold a line break (Slurm reads its"
                    + " options line by line)");
        }
        String index = job.offset() == 0 ? "SLURM_ARRAY_TASK_ID" : "MSGD_PLAN_INDEX";
        StringBuilder s = new StringBuilder();
        s.append("#!/bin/bash\n");
        s.append("# msgd sweep: one Slurm array task per run of ").append(dir.toAbsolutePath().resolve(SweepPlan.FILE))
                .append(job.offset() == 0 ? " (task id = plan index).\n" : " (plan index = task id + " + job.offset() + ").\n");
        s.append("#SBATCH --job-name=").append(options.jobName()).append('\n');
        s.append("#SBATCH --array=").append(job.spec()).append(options.maxRunning() > 0 ? "%" + options.maxRunning() : "").append('\n');
        s.append("#SBATCH --output=").append(sbatchQuoted(logs.toString().replace("%", "%%") + "/%A_%a.out")).append('\n');
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
        if (job.offset() != 0) {
            s.append("MSGD_PLAN_INDEX=$(( SLURM_ARRAY_TASK_ID + ").append(job.offset()).append(" ))\n");
        }
        s.append("echo \"msgd sweep: array task ${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID} (plan index ${").append(index)
                .append("}) on $(hostname), start $(( ${SLURM_RESTART_COUNT:-0} + 1 )) at $(date -Is)\"\n");
        s.append("# Preemption or a requeue: TERM reaches this shell and the run; the shell passes it on and waits while\n");
        s.append("# the run saves its step, and the requeued task continues from there. USR1, ")
                .append(options.signalSeconds()).append(" s before the time limit:\n");
        s.append("# the task requeues itself, and that requeue's TERM makes the run save.\n");
        s.append(command.shell(index)).append(" &\n");
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

    /**
     * A value as an {@code #SBATCH} line reads it: in double quotes, with {@code \} and {@code "} escaped by a
     * backslash (sbatch's own rule), so that spaces, apostrophes and {@code #} in a path stay part of it.
     *
     * @param value the value
     * @return the quoted value
     */
    static String sbatchQuoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static void option(StringBuilder s, String name, String value) {
        if (value != null) {
            s.append("#SBATCH ").append(name).append('=').append(value).append('\n');
        }
    }

    /**
     * A submitted job array: its id, script and array. Immutable and thread-safe.
     *
     * @param jobId  the job id sbatch printed
     * @param script the batch script submitted
     * @param job    the array: its task ids and the plan index of task 0
     */
    public record Submission(String jobId, Path script, ArrayJob job) {
    }

    /**
     * Writes one script per job array under {@code dir/slurm/} ({@link #split} at {@code maxArraySize}) and submits
     * each with {@code sbatch --parsable}, each after the one before when {@link Options#maxRunning()} limits the
     * tasks running at once ({@code --dependency=afterany:JOB}); records each job in {@code dir/slurm/jobs.txt}
     * ({@link SlurmQueue#submitted}) as soon as it is submitted.
     *
     * @param dir          the sweep directory
     * @param indices      the plan indices, one array task each
     * @param command      what each task runs
     * @param maxArraySize the cluster's MaxArraySize ({@link SlurmQueue#maxArraySize()})
     * @return the jobs, in plan order
     * @throws IOException              when a script cannot be written, sbatch cannot be run, refuses a job (its
     *                                  message included, with the jobs submitted before it) or prints no job id
     * @throws InterruptedException     when interrupted while waiting for sbatch
     * @throws IllegalArgumentException when {@code indices} is empty
     */
    public List<Submission> submit(Path dir, List<Integer> indices, TaskCommand command, int maxArraySize)
            throws IOException, InterruptedException {
        List<ArrayJob> jobs = split(indices, maxArraySize);
        Path slurm = dir.resolve("slurm");
        Files.createDirectories(slurm);
        String stamp = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(java.time.ZoneOffset.UTC)
                .format(Instant.now());
        List<Submission> done = new ArrayList<>();
        for (ArrayJob job : jobs) {
            Path script = slurm.resolve("sweep-" + stamp + ".sbatch");
            for (int k = 2; Files.exists(script); k++) {
                script = slurm.resolve("sweep-" + stamp + "-" + k + ".sbatch");
            }
            AtomicFiles.writeString(script, script(dir, job, command));
            List<String> sbatch = new ArrayList<>(List.of("sbatch", "--parsable"));
            if (options.maxRunning() > 0 && !done.isEmpty()) {
                sbatch.add("--dependency=afterany:" + done.get(done.size() - 1).jobId());
            }
            sbatch.add(script.toAbsolutePath().toString());
            String jobId;
            try {
                jobId = sbatch(sbatch, script);
            } catch (IOException e) {
                if (done.isEmpty()) {
                    throw e;
                }
                throw new IOException(e.getMessage() + " (submitted before it: " + done.stream().map(Submission::jobId).toList()
                        + ", recorded in " + slurm.resolve("jobs.txt") + ")", e);
            }
            Submission sub = new Submission(jobId, script, job);
            SlurmQueue.record(dir, sub);
            done.add(sub);
        }
        return done;
    }

    private static String sbatch(List<String> command, Path script) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
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
        return jobId;
    }
}
