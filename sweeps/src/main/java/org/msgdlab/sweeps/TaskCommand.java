package org.msgdlab.sweeps;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line that executes one run of a sweep in its own process: {@code before}, then
 * {@code --index I}, then {@code after}. Both executors run it: the local one with each index, a
 * Slurm array task with its {@code SLURM_ARRAY_TASK_ID}. Immutable and thread-safe.
 *
 * @param before the program and arguments before the index (e.g. {@code java -jar msgd.jar sweep task DIR})
 * @param after  arguments after it (e.g. {@code --retry-failed})
 */
public record TaskCommand(List<String> before, List<String> after) {

    /**
     * Copies the lists and checks that there is a program.
     *
     * @param before the program and arguments before the index
     * @param after  arguments after it
     * @throws IllegalArgumentException when {@code before} is empty
     */
    public TaskCommand {
        before = List.copyOf(before);
        after = List.copyOf(after);
        if (before.isEmpty()) {
            throw new IllegalArgumentException("a task command needs a program");
        }
    }

    /**
     * The command for plan index {@code index}.
     *
     * @param index the plan index
     * @return {@code before}, {@code --index INDEX}, {@code after}: a new list
     */
    public List<String> forIndex(int index) {
        List<String> c = new ArrayList<>(before);
        c.add("--index");
        c.add(Integer.toString(index));
        c.addAll(after);
        return c;
    }

    /**
     * The command as one bash line whose index is the value of the shell variable {@code variable}.
     *
     * @param variable the variable's name, e.g. {@code SLURM_ARRAY_TASK_ID}
     * @return the words joined by spaces, each single-quoted unless it is safe, the index as
     *         {@code "${VARIABLE}"}
     */
    public String shell(String variable) {
        List<String> words = new ArrayList<>();
        before.forEach(w -> words.add(quote(w)));
        words.add("--index");
        words.add("\"${" + variable + "}\"");
        after.forEach(w -> words.add(quote(w)));
        return String.join(" ", words);
    }

    /** {@code word} as one bash word: unchanged when it is safe, single-quoted otherwise. */
    static String quote(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_./=:,+@%-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
