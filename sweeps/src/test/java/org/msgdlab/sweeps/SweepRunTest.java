package org.msgdlab.sweeps;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

class SweepRunTest {

    @ParameterizedTest
    @ValueSource(strings = {"authors-code/gd/seed-3", "authors-code+pixels=unit/msgd-sparse-fisher-10/seed-0", "r0",
            "a/b,c:d/[1]/x_y.z"})
    void anIdOfSafeSegmentsIsAccepted(String id) {
        assertEquals(id, new SweepRun(id, Map.of()).id());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "../x", "a//b", ".hidden/x", "a b", "/abs", "trailing/", "a/./b", "a\\b", "a/$HOME"})
    void anIdThatIsNotASafeRelativePathIsRefused(String id) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SweepRun(id, Map.of()));
        assertTrue(e.getMessage().contains(id.isEmpty() ? "empty" : "'" + id + "'"), e.getMessage());
    }

    @Test
    void theRefusalNamesTheBadSegment() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SweepRun("gd/.hidden/seed-0", Map.of()));
        assertTrue(e.getMessage().contains("segment '.hidden'"), e.getMessage());
    }

    @Test
    void anIdIsAcceptedExactlyWhenEachSegmentStartsWithALetterDigitUnderscoreOrBracket() {
        String alphabet = "abcXYZ019._-+=,:[]";
        qt().withExamples(300).withFixedSeed(11)
                .forAll(lists().of(lists().of(integers().between(0, alphabet.length() - 1)).ofSizeBetween(1, 6))
                        .ofSizeBetween(1, 4))
                .checkAssert(segments -> {
                    List<String> words = segments.stream().map(s -> {
                        StringBuilder b = new StringBuilder();
                        s.forEach(i -> b.append(alphabet.charAt(i)));
                        return b.toString();
                    }).toList();
                    String id = String.join("/", words);
                    boolean badStart = words.stream().anyMatch(w -> ".-+=,:".indexOf(w.charAt(0)) >= 0);
                    if (badStart) {
                        assertThrows(IllegalArgumentException.class, () -> new SweepRun(id, Map.of()), id);
                    } else {
                        assertEquals(id, new SweepRun(id, Map.of()).id());
                    }
                });
    }

    @Test
    void aSegmentThatCouldReadAsAnOptionIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SweepRun("gd/-seed", Map.of()));
        assertThrows(IllegalArgumentException.class, () -> new SweepRun("+x", Map.of()));
    }

    @Test
    void settingsKeepTheirOrderAndCannotBeChangedThroughTheRunOrItsSource() {
        Map<String, String> source = new LinkedHashMap<>();
        source.put("optimizer", "gd");
        source.put("lr", "0.1");
        source.put("seed", "3");
        SweepRun run = new SweepRun("gd/seed-3", source);
        source.put("lr", "0.5");
        source.remove("seed");
        assertEquals(List.of("optimizer", "lr", "seed"), List.copyOf(run.settings().keySet()));
        assertEquals("0.1", run.setting("lr"));
        assertThrows(UnsupportedOperationException.class, () -> run.settings().put("lr", "9"));
        assertThrows(UnsupportedOperationException.class, () -> run.settings().remove("seed"));
    }

    @Test
    void aMissingSettingIsNamedWithItsRun() {
        SweepRun run = new SweepRun("gd/seed-3", Map.of("optimizer", "gd"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> run.setting("batch"));
        assertEquals("run gd/seed-3 has no setting 'batch'", e.getMessage());
    }

    @Test
    void runsWithEqualIdsAndSettingsAreEqual() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("seed", "1");
        assertEquals(new SweepRun("a/b", s), new SweepRun("a/b", Map.of("seed", "1")));
    }
}
