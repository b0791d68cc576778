package org.msgdlab.core.io;

import org.junit.jupiter.api.Test;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LineSinkTest {

    @Test
    void eachLineReachesTheSinkWholeAndTheLastUnfinishedOneAtClose() {
        List<String> lines = new ArrayList<>();
        try (PrintStream out = LineSink.of(lines::add)) {
            out.print("verify --from: ");
            out.println("WARNING: 20 iterations (the design: 5000)");
            out.print("ä ✓ line two\r\nunfinished");
            assertEquals(List.of("verify --from: WARNING: 20 iterations (the design: 5000)", "ä ✓ line two"), lines);
        }
        assertEquals(List.of("verify --from: WARNING: 20 iterations (the design: 5000)", "ä ✓ line two", "unfinished"), lines);
    }
}
