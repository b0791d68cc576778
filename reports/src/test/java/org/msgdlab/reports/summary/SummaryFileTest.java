package org.msgdlab.reports.summary;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A study's tables re-derived by another build from the same runs leave the tracked file alone. */
class SummaryFileTest {

    @Test
    void onlyTheWrittenByLineChangedLeavesTheFileAsItWas(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("verdicts.md");
        String committed = "| claim | PASS |\n\nWritten by msgd-lab commit aaaa; the commit that trained each run ...\n";
        Files.writeString(f, committed);
        assertFalse(SummaryFile.writeUnlessSame(f, "| claim | PASS |\n\nWritten by msgd-lab commit bbbb-dirty; the commit"
                + " that trained each run ...\n", "Written by msgd-lab commit"));
        assertEquals(committed, Files.readString(f));

        String changed = "| claim | FAIL |\n\nWritten by msgd-lab commit bbbb; the commit that trained each run ...\n";
        assertTrue(SummaryFile.writeUnlessSame(f, changed, "Written by msgd-lab commit"));
        assertEquals(changed, Files.readString(f));
        assertTrue(SummaryFile.writeUnlessSame(dir.resolve("new.md"), changed, "Written by"), "a new file is written");
    }
}
