package org.msgdlab.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47: raw ESC and NUL in a results file's texts were copied into index.html. Every text of a real quick
 * run's results file (ids, titles, statements, reasons, parameter names and values, curve names, the provenance)
 * gets an ESC sequence, a NUL, a bell and a carriage return; the report written from it holds no control
 * character but a newline or a tab (and CSV's CRLF) in any text file: page, tables, figures' SVG.
 */
class ControlCharactersTest {

    /** What each text of the file gets: an ANSI colour, a NUL, a bell, a carriage return, a C1 control (CSI). */
    private static final String HOSTILE = "\u001b[31m\u0000\u0007\r\u009b";

    @Test
    void noControlCharacterOfTheResultsFileReachesAnyFileOfTheReport(@TempDir Path dir) throws Exception {
        JsonNode tree;
        try (InputStream in = new GZIPInputStream(ControlCharactersTest.class.getResourceAsStream(
                "/org/msgdlab/reports/html/quick-results.json.gz"))) {
            tree = ResultsFile.mapper().readTree(in);
        }
        int changed = poison(tree, null);
        assertTrue(changed > 1000, "texts changed: " + changed);
        Path file = dir.resolve(ResultsFile.NAME);
        Files.write(file, ResultsFile.mapper().writeValueAsBytes(tree));
        assertTrue(Files.readString(file).contains("\\u001B[31m\\u0000"), "the file holds the escaped controls");
        Results results = ResultsFile.read(file);
        assertTrue(results.studies().get(0).claims().get(0).statement().contains("\u001b[31m\u0000"),
                "read back, the texts hold the raw controls");

        Report.write(dir, results, NoiseClassFixture.DESIGN);
        List<String> found = new ArrayList<>();
        int checked = 0;
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().endsWith(".png"))
                    .filter(f -> !f.equals(file)).toList()) {
                checked++;
                String text = new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
                for (int i = 0; i < text.length(); i++) {
                    char c = text.charAt(i);
                    boolean crlf = c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n';
                    if (Character.isISOControl(c) && c != '\n' && c != '\t' && !crlf) {
                        found.add(dir.relativize(f) + " at " + i + ": U+" + String.format("%04X", (int) c) + " in '"
                                + text.substring(Math.max(0, i - 40), Math.min(text.length(), i + 10)).replaceAll("\\p{Cntrl}", "?") + "'");
                        break;
                    }
                }
            }
        }
        assertTrue(checked >= 10, "index.html, the tables, the SVG figures and the series tables: " + checked);
        assertEquals(List.of(), found.subList(0, Math.min(8, found.size())), found.size() + " files with a control character");
        String html = Files.readString(dir.resolve(Report.INDEX));
        assertTrue(html.contains("[31m"), "the visible rest of the text stays");
    }

    /**
     * Appends {@link #HOSTILE} to every text of {@code node} (and to the names of parameters), except the
     * verdict's and the kinds' names and the interval's written infinities, which the reader checks.
     */
    private static int poison(JsonNode node, String field) {
        int n = 0;
        if (node instanceof ObjectNode object) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
            object.fields().forEachRemaining(fields::add);
            for (Map.Entry<String, JsonNode> e : fields) {
                JsonNode value = e.getValue();
                if (value.isTextual() && poisonable(e.getKey(), value.asText())) {
                    object.set(e.getKey(), new TextNode(value.asText() + HOSTILE));
                    n++;
                } else {
                    n += poison(value, e.getKey());
                }
            }
            if ("parameters".equals(field)) {
                for (Map.Entry<String, JsonNode> e : fields) {
                    object.set(e.getKey() + HOSTILE, object.remove(e.getKey()));
                    n++;
                }
            }
        } else if (node.isArray()) {
            for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
                n += poison(it.next(), field);
            }
        }
        return n;
    }

    private static boolean poisonable(String field, String value) {
        return !value.matches("[A-Z_]+") && !value.matches("-?Infinity") && !field.equals("budget")
                && !field.equals("startedAt") && !field.equals("finishedAt");
    }
}
