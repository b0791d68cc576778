package org.msgdlab.deep.train;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.IdxFiles;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A real full disk: a 2 MiB tmpfs mounted for the test, filled until the file system
 * says "No space left on device", with only a few pages left, so that the run's small files fit and
 * TensorFlow's checkpoint (about 45 KB of weights) does not. {@link RunFilesTest} reproduces the
 * same failures with obstacles; this test has the native writer of TensorFlow meet ENOSPC itself.
 * It needs root (to mount) and is skipped, with the reason, elsewhere.
 */
@EnabledOnOs(OS.LINUX)
class FullDiskTest {

    /** Training that is never cancelled and records no environment. */
    private static final TrainingContext UNCANCELLED = TrainingContext.uncancelled(Map.of());

    private static final int PAGE = 4096;

    @TempDir
    static Path tmp;
    static Path disk;
    static Path data;

    @BeforeAll
    static void mountASmallDisk() throws IOException, InterruptedException {
        disk = Files.createDirectories(tmp.resolve("small-disk"));
        boolean mounted;
        try {
            Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", disk.toString())
                    .redirectErrorStream(true).start();
            mounted = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException noMount) {
            mounted = false;
        }
        assumeTrue(mounted, "cannot mount a tmpfs here (needs root): the full-disk cases run in RunFilesTest only");
        data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
    }

    @AfterAll
    static void unmount() throws IOException, InterruptedException {
        if (disk != null) {
            new ProcessBuilder("umount", disk.toString()).inheritIO().start().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    private static RunConfig config(Path out) {
        Preset p = Preset.FASHION_MNIST_SMALL;
        return RunConfig.builder(p, Method.parse("msgd-bernoulli", p.sgdBatch(), Double.NaN), out).build().withData(data)
                .withIterations(6).withEval(2, 0).withCheckpointEvery(2).withProgress(false).withThreads(1, 1);
    }

    /** Fills the disk with {@code filler} until ENOSPC, then gives back {@code pages} pages. */
    private static void fillLeaving(Path filler, int pages) throws IOException {
        byte[] block = new byte[PAGE];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
                written += PAGE;
            }
        } catch (IOException full) {
            assertTrue(String.valueOf(full.getMessage()).contains("No space left"), "the disk is full: " + full);
        }
        try (RandomAccessFile f = new RandomAccessFile(filler.toFile(), "rw")) {
            f.setLength(Math.max(0, written - (long) pages * PAGE));
        }
    }

    @Test
    void aCheckpointSaveOnAFullDiskFailsInOneLineAndTheRunContinuesBitForBitOnceThereIsSpace() throws IOException {
        List<Trainer.Row> uninterrupted = Trainer.run(config(tmp.resolve("reference")), null, quiet(), UNCANCELLED).rows();
        Path run = disk.resolve("run");
        Path filler = disk.resolve("filler");
        Files.createDirectories(run);
        fillLeaving(filler, 6);

        IOException e = assertThrows(IOException.class, () -> Trainer.run(config(run), null, quiet(), UNCANCELLED));
        String message = e.getMessage();
        System.out.println("full disk: " + message);
        assertEquals(1, message.lines().count(), "one line: " + message);
        assertTrue(message.startsWith("iteration 2: saving the run failed") && message.contains("No space left on device")
                && message.contains("msgd train --resume " + run), message);
        String runJson = Files.readString(run.resolve("run.json"));
        assertTrue(runJson.contains("\"status\" : \"failed\""), "run.json says the run failed: " + runJson);

        Files.delete(filler);
        List<Trainer.Row> continued = Trainer.runOrContinue(config(run), null, quiet(), UNCANCELLED).rows();
        assertEquals(uninterrupted.size(), continued.size());
        for (int i = 0; i < continued.size(); i++) {
            assertTrue(uninterrupted.get(i).sameMetrics(continued.get(i)), "row " + i + ": " + continued.get(i));
        }
        try (Stream<Path> s = Files.walk(run)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList(),
                    "no temporary left behind");
        }
    }
}
