package org.msgdlab.app;

import org.msgdlab.sweeps.SweepDirectory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every exit status of {@code msgd}, one constant each, with the line {@code msgd --help} shows for it
 * ({@link #helpList()}: the help's list is made from these constants, so the two cannot disagree).
 * A command returns {@link #code()}; nothing else in the command line writes an exit status as a number.
 */
public enum ExitCode {

    /** The command did what it was asked: for {@code verify}, every claim ran, whatever the verdicts. */
    OK(0, "every claim ran (whatever the verdicts)"),

    /**
     * A claim errored, or a file could not be read or written: an input file that is malformed included
     * ({@code results.json} for {@code report} and {@code diff}, {@code sweep.json}, a run's {@code metrics.csv}),
     * and a run or report folder that another msgd process writes (named by its PID). For {@code sweep run}
     * and {@code sweep task}: a run failed.
     */
    CLAIM_ERROR(1, "a claim errored, or a file could not be read or written (an input file that is malformed included;"
            + " a run or report folder another msgd process writes, named by its PID)"),

    /**
     * Bad usage: an unknown option or value, an option refused with its module left out. (A path that names no such file,
     * an option's or a positional one, is an input that could not be read: {@link #CLAIM_ERROR}, issue 47.)
     */
    USAGE(2, "bad usage"),

    /**
     * A verdict at or beyond {@code verify --fail-on} occurred; for {@code diff}: the two results differ; for
     * {@code train} and {@code study}: training stopped on a non-finite loss, or a claim did.
     */
    VERDICT_FAILED(3, "a verdict at or beyond --fail-on occurred (diff: the results differ; train: stopped on a non-finite loss)"),

    /** {@code sweep status}: some runs are still pending, running or interrupted. */
    INCOMPLETE(4, "sweep status: runs pending, running or interrupted"),

    /**
     * {@code sweep task}: another process executes this run (EX_TEMPFAIL), so this task left it alone; the
     * executors read it as "left to that process", not as a failure ({@link SweepDirectory#HELD_ELSEWHERE}).
     */
    HELD_ELSEWHERE(SweepDirectory.HELD_ELSEWHERE, "sweep task: another process executes the run, which this task left alone"),

    /** Stopped by Ctrl-C (128 + SIGINT, the shell's convention); what finished is kept. */
    INTERRUPTED(130, "stopped by Ctrl-C (what finished is kept)"),

    /**
     * Stopped by TERM ({@code kill}, a scheduler's time limit): 128 + SIGTERM, set by the JVM as it exits after
     * the shutdown hooks that keep what finished, as with Ctrl-C. No command returns it; it is listed here
     * because a user (and {@code sweep run}'s local executor, which reads it as interrupted) meets it.
     */
    TERMINATED(143, "stopped by TERM (kill, a scheduler's time limit): what finished is kept, as with Ctrl-C");

    private final int code;
    private final String help;

    ExitCode(int code, String help) {
        this.code = code;
        this.help = help;
    }

    /** @return the process's exit status */
    public int code() {
        return code;
    }

    /** @return the line {@code msgd --help} shows for this status */
    public String help() {
        return help;
    }

    /**
     * The constant whose status is {@code code}.
     *
     * @param code an exit status, such as a sweep task's
     * @return its constant
     * @throws IllegalArgumentException when no constant has it (a status the command line does not define)
     */
    public static ExitCode of(int code) {
        for (ExitCode c : values()) {
            if (c.code == code) {
                return c;
            }
        }
        throw new IllegalArgumentException("exit status " + code + " is not one of msgd's exit codes");
    }

    /** @return status to help line, in the order of the constants: {@code msgd --help}'s list of exit codes */
    static Map<String, String> helpList() {
        Map<String, String> list = new LinkedHashMap<>();
        for (ExitCode c : values()) {
            list.put(Integer.toString(c.code), c.help);
        }
        return list;
    }
}
