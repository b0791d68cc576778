package org.msgdlab.deep.train;

import org.tensorflow.Graph;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.summary.SummaryWriter;
import org.msgdlab.deep.graph.SessionConfig;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * TensorBoard scalars of one run: an event file {@code RUN/tensorboard/events.out.tfevents.TIME.HOST.PID.N}
 * (TIME in seconds, HOST the host name, PID.N a suffix that keeps two writers started in the same
 * second apart), readable by TensorBoard ({@code tensorboard --logdir RUN/tensorboard}, or a parent
 * folder to compare runs).
 *
 * <p>The file is written by TensorFlow's own summary ops ({@code SummaryWriter},
 * {@code CreateSummaryFileWriter}, {@code WriteScalarSummary}, {@code FlushSummaryWriter},
 * {@code CloseSummaryWriter}) in a small graph and session owned by this object, separate from the
 * training graph: TFRecord framing (length, masked CRC32C of the length, an {@code Event} proto,
 * its masked CRC32C), first record {@code file_version: "brain.Event:2"}, then one
 * {@code Event{wall_time, step, summary{value{tag, simple_value}}}} per scalar. Values are stored
 * as float32 ({@code simple_value}). Each {@link #scalars} call is flushed to disk before it returns.
 *
 * <p>Each {@link #open} starts a new file and never touches existing ones; TensorBoard merges all
 * event files of one directory. A resumed training therefore opens a second file and logs only the
 * evaluations it makes itself (iterations after its checkpoint); the rows up to the checkpoint
 * are in the earlier file.
 *
 * <p>Two modes: {@link #open} is strict (a failure throws), {@link #forTraining} is lenient: the
 * first failure prints one warning line to the training log and turns the object into a no-op, so
 * that TensorBoard logging can never stop a training.
 *
 * <p>Not thread-safe (no call is synchronized): one thread, the training loop's, writes and closes a log.
 */
public final class TensorBoardLog implements AutoCloseable {

    /** The folder, inside a run directory, that holds the event files. */
    public static final String DIR = "tensorboard";
    /** The start of every event-file name (TensorBoard reads files whose name contains "tfevents"). */
    public static final String FILE_PREFIX = "events.out.tfevents.";
    /** Tag of the training loss. */
    public static final String TRAIN_LOSS = "train/loss";
    /** Tag of the training accuracy. */
    public static final String TRAIN_ACCURACY = "train/accuracy";
    /** Tag of the test loss. */
    public static final String TEST_LOSS = "test/loss";
    /** Tag of the test accuracy. */
    public static final String TEST_ACCURACY = "test/accuracy";
    /** Tag of the learning rate of the next update. */
    public static final String LEARNING_RATE = "learning_rate";

    private static final AtomicLong SEQUENCE = new AtomicLong();

    private final PrintStream warnings;
    private Path file;
    private Graph graph;
    private Session session;
    private Placeholder<TInt64> step;
    private Placeholder<TString> tag;
    private Placeholder<TFloat32> value;
    private Op write;
    private Op flush;
    private Op closeWriter;
    private boolean failed;
    private boolean closed;

    private TensorBoardLog(PrintStream warnings) {
        this.warnings = warnings;
    }

    /**
     * Opens a new event file in {@code runDir/tensorboard} (created if needed). Strict: any later
     * failure of {@link #scalars} or {@link #close} throws.
     *
     * @param runDir the run directory
     * @return the log, to be closed
     * @throws IOException when the folder cannot be created or TensorFlow cannot create the file
     */
    public static TensorBoardLog open(Path runDir) throws IOException {
        return create(runDir, null);
    }

    /**
     * Like {@link #open}, but never throws: when the file cannot be created, or a later write or the
     * close fails, one line {@code warning: TensorBoard logging disabled (...)} goes to {@code log}
     * and every later call does nothing.
     *
     * @param runDir the run directory
     * @param log    where the warning goes
     * @return the log (a no-op after a failure), to be closed
     */
    public static TensorBoardLog forTraining(Path runDir, PrintStream log) {
        try {
            return create(runDir, log);
        } catch (IOException | RuntimeException | LinkageError e) {
            TensorBoardLog tb = new TensorBoardLog(log);
            tb.fail(e);
            return tb;
        }
    }

    private static TensorBoardLog create(Path runDir, PrintStream warnings) throws IOException {
        Path dir = runDir.resolve(DIR);
        Files.createDirectories(dir);
        String suffix = uniqueSuffix(dir);
        TensorBoardLog tb = new TensorBoardLog(warnings);
        try {
            tb.start(dir, suffix);
            try (Stream<Path> s = Files.list(dir)) {
                tb.file = s.filter(p -> p.getFileName().toString().startsWith(FILE_PREFIX)
                        && p.getFileName().toString().endsWith(suffix)).findFirst().orElse(null);
            }
            if (tb.file == null) {
                throw new IOException("TensorFlow created no event file ending in " + suffix + " in " + dir);
            }
            return tb;
        } catch (RuntimeException e) {
            tb.release();
            throw new IOException("cannot create a TensorBoard event file in " + dir + ": " + e.getMessage(), e);
        } catch (IOException e) {
            tb.release();
            throw e;
        }
    }

    /** @return the event file written (null when a lenient log could not create it) */
    public Path file() {
        return file;
    }

    /** @return whether scalars are still being written (false after a lenient failure or {@link #close}) */
    public boolean active() {
        return !failed && !closed && session != null;
    }

    /**
     * Writes one scalar per entry, all at {@code step}, as float32, then flushes the file.
     *
     * @param step   the step (a run's iteration)
     * @param values the values by tag
     *
     * @throws IllegalStateException when closed (strict mode)
     * @throws org.tensorflow.exceptions.TensorFlowException when TensorFlow fails to write (strict mode)
     */
    public void scalars(long step, Map<String, Double> values) {
        if (failed) {
            return;
        }
        if (closed || session == null) {
            if (warnings != null) {
                return;
            }
            throw new IllegalStateException("TensorBoard log closed");
        }
        try {
            for (Map.Entry<String, Double> e : values.entrySet()) {
                try (TInt64 s = TInt64.scalarOf(step);
                     TString t = TString.scalarOf(e.getKey());
                     TFloat32 v = TFloat32.scalarOf(e.getValue().floatValue())) {
                    runTargets(session.runner().feed(this.step, s).feed(tag, t).feed(value, v).addTarget(write));
                }
            }
            runTargets(session.runner().addTarget(flush));
        } catch (RuntimeException e) {
            if (warnings == null) {
                throw e;
            }
            fail(e);
        }
    }

    /**
     * The scalars of one metrics row: {@code train/loss}, {@code train/accuracy}, {@code test/loss},
     * {@code test/accuracy} and {@code learning_rate} (the rate of the next update), at step = the row's iteration.
     */
    void row(Trainer.Row r, double learningRate) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put(TRAIN_LOSS, r.trainLoss());
        m.put(TRAIN_ACCURACY, r.trainAccuracy());
        m.put(TEST_LOSS, r.testLoss());
        m.put(TEST_ACCURACY, r.testAccuracy());
        m.put(LEARNING_RATE, learningRate);
        scalars(r.iteration(), m);
    }

    /**
     * Flushes and closes the file and frees the graph and session; idempotent.
     *
     * @throws org.tensorflow.exceptions.TensorFlowException when TensorFlow fails to close the writer (strict mode;
     *                                                       the graph and session are freed first)
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (session == null) {
            return;
        }
        RuntimeException error = null;
        if (!failed) {
            try {
                runTargets(session.runner().addTarget(closeWriter));
            } catch (RuntimeException e) {
                error = e;
            }
        }
        release();
        if (error != null) {
            if (warnings == null) {
                throw error;
            }
            fail(error);
        }
    }

    // ------------------------------------------------------------------ internals

    private void start(Path dir, String suffix) {
        graph = new Graph();
        Ops tf = Ops.create(graph);
        SummaryWriter writer = tf.summary.summaryWriter(SummaryWriter.sharedName("tensorboard" + suffix));
        Op create = tf.summary.createSummaryFileWriter(writer, tf.constant(dir.toAbsolutePath().toString()),
                tf.constant(10), tf.constant(60_000), tf.constant(suffix));
        step = tf.placeholder(TInt64.class, Placeholder.shape(Shape.scalar()));
        tag = tf.placeholder(TString.class, Placeholder.shape(Shape.scalar()));
        value = tf.placeholder(TFloat32.class, Placeholder.shape(Shape.scalar()));
        write = tf.summary.writeScalarSummary(writer, step, tag, value);
        flush = tf.summary.flushSummaryWriter(writer);
        closeWriter = tf.summary.closeSummaryWriter(writer);
        session = new Session(graph, SessionConfig.threads(1, 1));
        runTargets(session.runner().addTarget(create)); // the file exists now, with its file_version record
    }

    private static void runTargets(Session.Runner runner) {
        runner.run().close();
    }

    private void release() {
        if (session != null) {
            session.close();
            session = null;
        }
        if (graph != null) {
            graph.close();
            graph = null;
        }
    }

    private void fail(Throwable e) {
        if (failed) {
            return;
        }
        failed = true;
        release();
        if (warnings == null) {
            return;
        }
        String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        warnings.println("warning: TensorBoard logging disabled (" + msg + "); training continues, metrics.csv is unaffected");
    }

    /** ".PID.N", with N chosen so that no file of {@code dir} already ends with it. */
    private static String uniqueSuffix(Path dir) throws IOException {
        long pid = ProcessHandle.current().pid();
        while (true) {
            String suffix = "." + pid + "." + SEQUENCE.incrementAndGet();
            try (Stream<Path> s = Files.list(dir)) {
                if (s.noneMatch(p -> p.getFileName().toString().endsWith(suffix))) {
                    return suffix;
                }
            }
        }
    }
}
