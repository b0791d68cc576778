package org.msgdlab.deep.train;

import org.msgdlab.core.io.AtomicFiles;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's {@code metrics.csv}: the header, then one {@link Trainer.Row} per evaluation, appended
 * as training goes. Reading is strict (six numeric fields, iterations increasing), except for the
 * one defect an interrupted append leaves: a last line without its newline that does not parse
 * (a disk that filled mid-row). {@link #readForResume} drops such a row with a warning, and the
 * resumed run rewrites the file from the rows kept; {@link #read} refuses it.
 */
public final class MetricsFile {

    /** The header line. */
    public static final String HEADER = "iteration,train_loss,train_accuracy,test_loss,test_accuracy,elapsed_seconds";
    /** The file name in a run directory. */
    public static final String NAME = "metrics.csv";

    private MetricsFile() {
    }

    /** Replaces the file in {@code dir} by the header and {@code rows} (atomically). */
    static void write(Path dir, List<Trainer.Row> rows) throws IOException {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (Trainer.Row r : rows) {
            sb.append(r.csv()).append('\n');
        }
        AtomicFiles.writeString(dir.resolve(NAME), sb.toString());
    }

    /** Appends one row. A failure may leave part of it, which {@link #readForResume} removes. */
    static void append(Path dir, Trainer.Row row) throws IOException {
        try {
            Files.writeString(dir.resolve(NAME), row.csv() + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw AtomicFiles.naming(dir.resolve(NAME), e);   // "No space left on device" alone names no file
        }
    }

    /**
     * Every row of a complete file; any malformed line is a {@link RunFileException} naming it.
     *
     * @param file the metrics.csv
     * @return its rows
     * @throws IOException when it cannot be read; {@link RunFileException} when it is not UTF-8, a line is
     *                     malformed, or iterations do not increase
     */
    public static List<Trainer.Row> read(Path file) throws IOException {
        return parse(file, null);
    }

    /**
     * Every whole row, for continuing a run: a cut last row is dropped with a warning on {@code log}
     * (the resumed run keeps the rows up to its checkpoint and computes the others again).
     *
     * @param file the metrics.csv
     * @param log  where the warning goes
     * @return its whole rows
     * @throws IOException when it cannot be read; {@link RunFileException} when it is not UTF-8, a line other
     *                     than the cut last one is malformed, or iterations do not increase
     */
    public static List<Trainer.Row> readForResume(Path file, PrintStream log) throws IOException {
        return parse(file, log);
    }

    private static List<Trainer.Row> parse(Path file, PrintStream log) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new RunFileException(file, "not UTF-8 text (damaged, or not written by msgd train)");
        }
        String[] lines = text.split("\n", -1);   // the last element is "" when the file ends with a newline
        List<Trainer.Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            boolean lastUnterminated = i == lines.length - 1;
            if (line.isEmpty() || (i == 0 && line.equals(HEADER))) {
                continue;
            }
            Trainer.Row r;
            try {
                r = Trainer.Row.parse(line);
            } catch (IllegalArgumentException e) {
                if (lastUnterminated && log != null) {
                    log.println("warning: " + file + ": dropped the cut last row (line " + (i + 1) + ": '" + line
                            + "', left by an interrupted write); the resumed run writes it again");
                    break;
                }
                throw new RunFileException(file, "line " + (i + 1) + " '" + abbreviate(line) + "': " + e.getMessage()
                        + (lastUnterminated ? " (a cut last row: `msgd train --resume` drops it)" : ""));
            }
            if (!rows.isEmpty() && r.iteration() <= rows.get(rows.size() - 1).iteration()) {
                throw new RunFileException(file, "line " + (i + 1) + ": iteration " + r.iteration()
                        + " must be greater than the previous row's " + rows.get(rows.size() - 1).iteration());
            }
            rows.add(r);
        }
        return rows;
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
