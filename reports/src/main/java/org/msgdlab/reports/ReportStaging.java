package org.msgdlab.reports;

import org.msgdlab.core.io.AtomicFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A report written whole before it replaces the one in its folder: every file goes first into the hidden
 * staging folder {@value #NAME} inside the report folder (the same file system), and only when all of them
 * are written are they moved over the previous report's files, one rename each, the page last. A write
 * that fails (a full disk) leaves the previous report as it was, every file of it, and no staging folder.
 * Files that the previous report listed in a subfolder's manifest and this one does not write are deleted
 * only after the new files are in place; files the toolkit did not write are never touched.
 */
final class ReportStaging implements AutoCloseable {

    /** The staging folder's name inside the report folder. */
    static final String NAME = ".msgd-report.tmp";

    private final Path dir;
    private final Path stage;

    private ReportStaging(Path dir, Path stage) {
        this.dir = dir;
        this.stage = stage;
    }

    /**
     * An empty staging folder in {@code dir} (one left by a killed writer is removed first).
     *
     * @throws UncheckedIOException when it cannot be created, naming it
     */
    static ReportStaging open(Path dir) {
        Path stage = dir.resolve(NAME);
        try {
            Files.createDirectories(dir);
            deleteTree(stage);
            Files.createDirectories(stage);
        } catch (IOException e) {
            throw new UncheckedIOException(couldNotWrite(stage, e) + "; " + keptNote(dir), e);
        }
        return new ReportStaging(dir, stage);
    }

    /** @return the staging folder, where the report's files are written */
    Path folder() {
        return stage;
    }

    /**
     * A failure while writing into the staging folder, as one line naming the file in the report folder it
     * was for, and that the previous report is kept.
     */
    UncheckedIOException failed(String message, Throwable cause) {
        String named = message.replace(stage.toString(), dir.toString());
        return new UncheckedIOException(named + "; " + keptNote(dir),
                cause instanceof IOException io ? io : new IOException(message, cause));
    }

    /**
     * Moves the staged report over the previous one: for each of {@code subfolders} (with their manifests),
     * its files, then the deletion of what the previous manifest listed and this report does not hold, then
     * the new manifest; then the top-level files, {@code last} at the very end.
     *
     * @param subfolders folder name to manifest name (figures, series)
     * @param last       the top-level file moved last (the page, so that it never names a figure not yet there)
     * @throws UncheckedIOException when a move fails, naming the file
     */
    void commit(java.util.Map<String, String> subfolders, String last) {
        refuseFoldersInTheWay(subfolders.keySet());
        Path current = stage;
        try {
            for (java.util.Map.Entry<String, String> sub : subfolders.entrySet()) {
                Path from = stage.resolve(sub.getKey());
                Path to = dir.resolve(sub.getKey());
                List<Path> files = Files.isDirectory(from) ? list(from) : List.of();
                Set<String> names = new TreeSet<>();
                files.forEach(f -> names.add(f.getFileName().toString()));
                names.remove(sub.getValue());
                if (names.isEmpty() && !Files.isDirectory(to)) {
                    continue;
                }
                Files.createDirectories(to);
                for (Path f : files) {
                    if (!f.getFileName().toString().equals(sub.getValue())) {
                        current = to.resolve(f.getFileName());
                        move(f, current);
                    }
                }
                removeStale(to, sub.getValue(), names);
            }
            Path page = null;
            for (Path f : list(stage)) {
                if (Files.isRegularFile(f)) {
                    if (f.getFileName().toString().equals(last)) {
                        page = f;
                    } else {
                        current = dir.resolve(f.getFileName());
                        move(f, current);
                    }
                }
            }
            if (page != null) {
                current = dir.resolve(last);
                move(page, current);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(couldNotWrite(current, e), e);
        }
    }

    /**
     * Before anything is moved: a folder standing where a staged file goes (a rename cannot replace it) fails
     * the report now, with the previous one whole, rather than halfway through the moves.
     */
    private void refuseFoldersInTheWay(Set<String> subfolders) {
        try {
            Path blocked = null;
            for (Path f : list(stage)) {
                Path target = dir.resolve(f.getFileName().toString());
                if (!subfolders.contains(f.getFileName().toString())) {
                    blocked = Files.isDirectory(target, java.nio.file.LinkOption.NOFOLLOW_LINKS) ? target : blocked;
                } else if (Files.exists(target) && !Files.isDirectory(target)) {
                    blocked = target;
                } else {
                    for (Path g : list(f)) {
                        Path t = target.resolve(g.getFileName().toString());
                        blocked = Files.isDirectory(t, java.nio.file.LinkOption.NOFOLLOW_LINKS) ? t : blocked;
                    }
                }
            }
            if (blocked != null) {
                throw new UncheckedIOException("could not write " + blocked + ": " + (Files.isDirectory(blocked)
                        ? "a folder stands there" : "a file stands where a folder goes") + "; " + keptNote(dir),
                        new IOException(blocked.toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(couldNotWrite(dir, e) + "; " + keptNote(dir), e);
        }
    }

    /** Removes the staging folder (whatever is left in it). */
    @Override
    public void close() {
        try {
            deleteTree(stage);
        } catch (IOException e) {
            // a leftover staging folder is removed by the next report written here
        }
    }

    /** "could not write FILE: REASON", the reason without the path. */
    static String couldNotWrite(Path file, IOException e) {
        String why = e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                : e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return "could not write " + file + ": " + why;
    }

    private static String keptNote(Path dir) {
        return "the previous report in " + dir + " is kept as it was";
    }

    private static void move(Path from, Path to) throws IOException {
        Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.sorted().toList());
        }
    }

    /**
     * Removes the files the previous manifest {@code manifestName} of {@code dir} lists and {@code keep} does not
     * (never a path, a hidden name or a file the toolkit did not list), and records {@code keep} as the new one.
     */
    private static void removeStale(Path dir, String manifestName, Set<String> keep) {
        Path manifest = dir.resolve(manifestName);
        try {
            if (Files.isRegularFile(manifest)) {
                for (String name : Files.readAllLines(manifest, StandardCharsets.UTF_8)) {
                    String n = name.strip();
                    if (!n.isEmpty() && !keep.contains(n) && !n.contains("/") && !n.contains("\\") && !n.startsWith(".")) {
                        Files.deleteIfExists(dir.resolve(n));
                    }
                }
            }
            AtomicFiles.writeString(manifest, String.join("\n", keep) + "\n");
        } catch (IOException e) {
            // stale figures are harmless: the page does not reference them
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }
}
