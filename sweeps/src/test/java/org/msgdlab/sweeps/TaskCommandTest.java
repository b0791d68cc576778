package org.msgdlab.sweeps;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TaskCommandTest {

    @Test
    void theIndexGoesBetweenTheWordsBeforeAndAfter() {
        TaskCommand c = new TaskCommand(List.of("java", "-jar", "msgd.jar", "sweep", "task", "/runs/s"),
                List.of("--retry-failed"));
        assertEquals(List.of("java", "-jar", "msgd.jar", "sweep", "task", "/runs/s", "--index", "12", "--retry-failed"),
                c.forIndex(12));
        assertEquals(List.of("p", "--index", "0"), new TaskCommand(List.of("p"), List.of()).forIndex(0));
    }

    @Test
    void aCommandNeedsAProgramAndKeepsItsOwnCopies() {
        assertThrows(IllegalArgumentException.class, () -> new TaskCommand(List.of(), List.of("x")));
        List<String> before = new ArrayList<>(List.of("p"));
        TaskCommand c = new TaskCommand(before, List.of());
        before.add("q");
        assertEquals(List.of("p", "--index", "1"), c.forIndex(1));
    }

    @Test
    void safeWordsAreLeftAloneAndOthersSingleQuoted() {
        assertEquals("/opt/java-17/bin/java", TaskCommand.quote("/opt/java-17/bin/java"));
        assertEquals("-Xmx8g", TaskCommand.quote("-Xmx8g"));
        assertEquals("--out=a,b:c+d@e%f", TaskCommand.quote("--out=a,b:c+d@e%f"));
        assertEquals("'a b'", TaskCommand.quote("a b"));
        assertEquals("''", TaskCommand.quote(""));
        assertEquals("'$HOME'", TaskCommand.quote("$HOME"));
        assertEquals("'it'\\''s'", TaskCommand.quote("it's"));
    }

    @Test
    void theShellLineReadsTheIndexFromTheVariable() {
        TaskCommand c = new TaskCommand(List.of("msgd", "sweep task"), List.of("--retry-failed"));
        assertEquals("msgd 'sweep task' --index \"${SLURM_ARRAY_TASK_ID}\" --retry-failed", c.shell("SLURM_ARRAY_TASK_ID"));
    }

    @Test
    void bashRunningTheShellLineGivesTheProgramExactlyTheWordsOfForIndex() throws Exception {
        List<String> awkward = List.of("a b", "it's", "\"quoted\"", "$HOME", "`date`", "*", "tab\there", "new\nline",
                "back\\slash", "", "~", "x;y", "!bang", "plain");
        List<String> before = new ArrayList<>(List.of("printf", "%s|"));
        before.addAll(awkward);
        TaskCommand c = new TaskCommand(before, List.of("after words", "'"));
        String printed = bash("VAR=7; " + c.shell("VAR"));
        List<String> expected = c.forIndex(7).subList(2, c.forIndex(7).size());
        assertEquals(String.join("|", expected) + "|", printed);
    }

    @Test
    void anIndexVariableIsOneWordEvenWithSpacesInIt() throws Exception {
        TaskCommand c = new TaskCommand(List.of("printf", "%s|"), List.of());
        assertEquals("--index|1 2|", bash("VAR='1 2'; " + c.shell("VAR")));
    }

    private static String bash(String line) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", line).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
