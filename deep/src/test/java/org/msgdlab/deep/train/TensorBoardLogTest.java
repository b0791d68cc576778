package org.msgdlab.deep.train;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.IdxFiles;
import org.tensorflow.proto.Event;
import org.tensorflow.proto.Summary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link TensorBoardLog}: the event files are read back here independently of TensorFlow's writer
 * (TFRecord framing with both masked CRC32C checksums checked by {@link java.util.zip.CRC32C},
 * {@code Event} protos parsed with the generated classes).
 */
class TensorBoardLogTest {

    /** Training that is never cancelled and records no environment. */
    private static final TrainingContext UNCANCELLED = TrainingContext.uncancelled(Map.of());

    @TempDir
    Path tmp;

    /** One scalar as read from an event file. */
    record Scalar(long step, String tag, float value) {
    }

    // ------------------------------------------------------------------ independent reader

    static int maskedCrc32c(byte[] b, int off, int len) {
        CRC32C crc = new CRC32C();
        crc.update(b, off, len);
        int c = (int) crc.getValue();
        return ((c >>> 15) | (c << 17)) + 0xa282ead8;
    }

    /** The records of a TFRecord file; throws when the framing or a checksum is wrong. */
    static List<byte[]> records(byte[] file) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        List<byte[]> out = new ArrayList<>();
        while (in.hasRemaining()) {
            int at = in.position();
            if (in.remaining() < 12) {
                throw new IOException("truncated record header at byte " + at);
            }
            long length = in.getLong();
            if (in.getInt() != maskedCrc32c(file, at, 8)) {
                throw new IOException("length checksum mismatch at byte " + at);
            }
            if (length < 0 || length > in.remaining() - 4) {
                throw new IOException("record length " + length + " past the end at byte " + at);
            }
            byte[] data = new byte[(int) length];
            in.get(data);
            if (in.getInt() != maskedCrc32c(data, 0, data.length)) {
                throw new IOException("data checksum mismatch in the record at byte " + at);
            }
            out.add(data);
        }
        return out;
    }

    static List<Event> events(byte[] file) throws IOException {
        List<Event> out = new ArrayList<>();
        for (byte[] r : records(file)) {
            out.add(Event.parseFrom(r));
        }
        return out;
    }

    /** The scalars of one event file, in file order; checks the file_version record first. */
    static List<Scalar> scalars(Path file) throws IOException {
        List<Event> ev = events(Files.readAllBytes(file));
        assertFalse(ev.isEmpty(), file + " is empty");
        assertEquals("brain.Event:2", ev.get(0).getFileVersion(), "first record of " + file);
        List<Scalar> out = new ArrayList<>();
        for (Event e : ev.subList(1, ev.size())) {
            assertTrue(e.hasSummary(), "event without a summary: " + e);
            assertTrue(e.getWallTime() > 1.5e9, "wall_time " + e.getWallTime());
            for (Summary.Value v : e.getSummary().getValueList()) {
                assertEquals(Summary.Value.ValueCase.SIMPLE_VALUE, v.getValueCase(), v.toString());
                out.add(new Scalar(e.getStep(), v.getTag(), v.getSimpleValue()));
            }
        }
        return out;
    }

    static List<Path> eventFiles(Path runDir) throws IOException {
        try (Stream<Path> s = Files.list(runDir.resolve(TensorBoardLog.DIR))) {
            return s.filter(p -> p.getFileName().toString().matches("events\\.out\\.tfevents\\.\\d{10}\\..+"))
                    .sorted().toList();
        }
    }

    // ------------------------------------------------------------------ tests

    @Test
    void scalarsRoundTripExactlyAsFloat32WithValidChecksums() throws IOException {
        Map<String, Double> at0 = new LinkedHashMap<>();
        at0.put("train/loss", 2.302585092994046);
        at0.put("test/accuracy", 1.0 / 3);
        at0.put("learning_rate", 0.01);
        Map<String, Double> at7 = new LinkedHashMap<>();
        at7.put("train/loss", 1e-8);
        at7.put("test/accuracy", 0.9166666666666666);
        at7.put("learning_rate", 0.01);
        Path file;
        try (TensorBoardLog tb = TensorBoardLog.open(tmp)) {
            file = tb.file();
            tb.scalars(0, at0);
            tb.scalars(7, at7);
            // flushed before scalars() returns: readable while the log is still open
            assertEquals(6, scalars(file).size());
            tb.scalars(1L << 40, Map.of("test/loss", -123.456));
        }
        assertEquals(List.of(file), eventFiles(tmp));
        List<Scalar> expected = new ArrayList<>();
        at0.forEach((k, v) -> expected.add(new Scalar(0, k, v.floatValue())));
        at7.forEach((k, v) -> expected.add(new Scalar(7, k, v.floatValue())));
        expected.add(new Scalar(1L << 40, "test/loss", -123.456f));
        List<Scalar> got = scalars(file);
        assertEquals(expected, got);
        for (int i = 0; i < got.size(); i++) {
            assertEquals(Float.floatToRawIntBits(expected.get(i).value()), Float.floatToRawIntBits(got.get(i).value()),
                    "bits of " + got.get(i));
        }
    }

    @Test
    void aCorruptedByteFailsTheChecksum() throws IOException {
        Path file;
        try (TensorBoardLog tb = TensorBoardLog.open(tmp)) {
            file = tb.file();
            tb.scalars(3, Map.of("test/accuracy", 0.5));
        }
        byte[] good = Files.readAllBytes(file);
        assertEquals(2, records(good).size());
        byte[] data = good.clone();
        data[data.length - 6] ^= 0x01; // inside the last record's Event bytes
        IOException e = assertThrows(IOException.class, () -> records(data));
        assertTrue(e.getMessage().contains("data checksum mismatch"), e.getMessage());
        byte[] length = good.clone();
        length[0] ^= 0x01; // the first record's length
        e = assertThrows(IOException.class, () -> records(length));
        assertTrue(e.getMessage().contains("length checksum mismatch"), e.getMessage());
        byte[] checksum = good.clone();
        checksum[checksum.length - 1] ^= (byte) 0x80; // the last data checksum itself
        assertThrows(IOException.class, () -> records(checksum));
    }

    @Test
    void eachOpenStartsANewFileAndKeepsTheEarlierOnes() throws IOException {
        try (TensorBoardLog a = TensorBoardLog.open(tmp)) {
            a.scalars(1, Map.of("test/accuracy", 0.25));
        }
        try (TensorBoardLog b = TensorBoardLog.open(tmp)) { // same second, same process
            b.scalars(2, Map.of("test/accuracy", 0.75));
        }
        List<Path> files = eventFiles(tmp);
        assertEquals(2, files.size(), files.toString());
        List<Scalar> all = new ArrayList<>();
        for (Path f : files) {
            all.addAll(scalars(f));
        }
        all.sort((x, y) -> Long.compare(x.step(), y.step()));
        assertEquals(List.of(new Scalar(1, "test/accuracy", 0.25f), new Scalar(2, "test/accuracy", 0.75f)), all);
    }

    @Test
    void failuresThrowWhenStrictAndWarnOnceForTraining() throws IOException {
        Path notADir = Files.writeString(tmp.resolve("run-is-a-file"), "x");
        assertThrows(IOException.class, () -> TensorBoardLog.open(notADir));
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream log = new PrintStream(buf, true, StandardCharsets.UTF_8);
        try (TensorBoardLog tb = TensorBoardLog.forTraining(notADir, log)) {
            assertNull(tb.file());
            assertFalse(tb.active());
            tb.scalars(1, Map.of("test/accuracy", 0.5));
            tb.scalars(2, Map.of("test/accuracy", 0.5));
        }
        String text = buf.toString(StandardCharsets.UTF_8);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("warning: TensorBoard logging disabled"), text);

        TensorBoardLog strict = TensorBoardLog.open(tmp);
        strict.close();
        strict.close(); // idempotent
        assertThrows(IllegalStateException.class, () -> strict.scalars(1, Map.of("x", 1.0)));
    }

    @Test
    void aTrainingLogsEveryEvaluationRowAndAResumeAddsOnlyTheRowsAfterItsCheckpoint() throws IOException {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        Preset p = Preset.FASHION_MNIST_SMALL;
        Path full = tmp.resolve("full");
        RunConfig c = RunConfig.builder(p, Method.parse("gd", p.sgdBatch(), Double.NaN), full).build().withData(data)
                .withIterations(4).withEval(2, 0).withCheckpointEvery(2).withProgress(false).withThreads(1, 1);
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Trainer.Outcome o = Trainer.run(c, null, quiet, UNCANCELLED);
        assertEquals(List.of(0L, 2L, 4L), o.rows().stream().map(Trainer.Row::iteration).toList());
        List<Path> files = eventFiles(full);
        assertEquals(1, files.size(), files.toString());
        List<Scalar> got = scalars(files.get(0));
        for (Trainer.Row r : o.rows()) {
            for (Map.Entry<String, Double> e : Map.of(TensorBoardLog.TRAIN_LOSS, r.trainLoss(),
                    TensorBoardLog.TRAIN_ACCURACY, r.trainAccuracy(), TensorBoardLog.TEST_LOSS, r.testLoss(),
                    TensorBoardLog.TEST_ACCURACY, r.testAccuracy(), TensorBoardLog.LEARNING_RATE, c.learningRate()).entrySet()) {
                Scalar want = new Scalar(r.iteration(), e.getKey(), e.getValue().floatValue());
                assertEquals(1, got.stream().filter(want::equals).count(), want + " in " + got);
            }
        }
        assertEquals(3 * 5, got.size());

        Path part = tmp.resolve("part");
        Trainer.run(c.withIterations(2).withOut(part), null, quiet, UNCANCELLED);
        Trainer.resume(part, 4, quiet, UNCANCELLED);
        List<Path> partFiles = eventFiles(part);
        assertEquals(2, partFiles.size(), partFiles.toString());
        List<Long> allSteps = new ArrayList<>();
        for (Path f : partFiles) {
            scalars(f).stream().filter(s -> s.tag().equals(TensorBoardLog.TEST_ACCURACY)).forEach(s -> allSteps.add(s.step()));
        }
        allSteps.sort(null);
        assertEquals(List.of(0L, 2L, 4L), allSteps, "each evaluation step once over both files");

        // rows written after the last checkpoint (step 4 below) are computed again on resume, bit for bit:
        // they were logged already and are not logged twice
        Path past = tmp.resolve("past-checkpoint");
        Trainer.run(c.withIterations(6).withCheckpointEvery(4).withOut(past), null, quiet, UNCANCELLED);
        // as if it had stopped between the checkpoint at 4 and the end: the weights of step 4 (from a run of 4
        // steps, the same weights) in place of the final checkpoint
        Path four = tmp.resolve("four");
        Trainer.run(c.withIterations(4).withOut(four), null, quiet, UNCANCELLED);
        Files.walk(past.resolve("checkpoints/ckpt-6")).sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        Files.createDirectories(past.resolve("checkpoints/ckpt-4"));
        try (var saved = Files.list(four.resolve("checkpoints/ckpt-4"))) {
            for (Path f : saved.toList()) {
                Files.copy(f, past.resolve("checkpoints/ckpt-4").resolve(f.getFileName()));
            }
        }
        CheckpointState.write(past, 4, 1.0);
        Trainer.resume(past, 8, quiet, UNCANCELLED);
        List<Long> steps = new ArrayList<>();
        for (Path f : eventFiles(past)) {
            scalars(f).stream().filter(s -> s.tag().equals(TensorBoardLog.TEST_ACCURACY)).forEach(s -> steps.add(s.step()));
        }
        steps.sort(null);
        assertEquals(List.of(0L, 2L, 4L, 6L, 8L), steps, "step 6 is not logged a second time");
    }
}
