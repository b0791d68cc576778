package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.msgdlab.sweeps.SweepDirectory;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExitCodeTest {

    /** The lines after "Exit codes:" in msgd --help, each "  CODE   TEXT" (a long text wraps onto indented lines). */
    private static List<String> helpExitCodes() {
        CommandRun r = CommandRun.msgd("--help");
        assertEquals(ExitCode.OK.code(), r.code(), r.err());
        String help = r.out();
        int at = help.indexOf("Exit codes:");
        assertTrue(at >= 0, help);
        List<String> codes = new ArrayList<>();
        for (String line : help.substring(at).lines().skip(1).toList()) {
            String t = line.strip();
            if (!t.isEmpty() && Character.isDigit(t.charAt(0)) && line.startsWith("  ") && !line.startsWith("      ")) {
                codes.add(t.split("\\s+", 2)[0]);
            }
        }
        return codes;
    }

    @Test
    void helpListsEveryExitCodeInTheEnumsOrderAndNoOther() {
        List<String> expected = new ArrayList<>();
        for (ExitCode c : ExitCode.values()) {
            expected.add(Integer.toString(c.code()));
        }
        assertEquals(expected, helpExitCodes());
    }

    @Test
    void everyCodeIsOneConstantAndEverySweepTaskStatusIsOneOfThem() {
        Set<Integer> seen = new HashSet<>();
        for (ExitCode c : ExitCode.values()) {
            assertTrue(seen.add(c.code()), "two constants share " + c.code());
            assertEquals(c, ExitCode.of(c.code()));
        }
        assertEquals(ExitCode.OK, ExitCode.of(SweepDirectory.FINISHED));
        assertEquals(ExitCode.CLAIM_ERROR, ExitCode.of(SweepDirectory.FAILED));
        assertEquals(ExitCode.HELD_ELSEWHERE, ExitCode.of(SweepDirectory.HELD_ELSEWHERE));
        assertEquals(ExitCode.INTERRUPTED, ExitCode.of(SweepDirectory.INTERRUPTED));
        assertThrows(IllegalArgumentException.class, () -> ExitCode.of(42));
    }
}
