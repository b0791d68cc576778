package org.msgdlab.app;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * A {@link PrintStream} onto a command's {@link PrintWriter} (picocli's {@code getErr()}), for the training code that logs to
 * a stream: what a command prints on its way reaches the same place as its one-line errors, and a test that captures the
 * command's streams sees both. UTF-8; each line (and each flush, e.g. a progress line ending in a carriage return) is passed
 * on whole. Thread-safe: {@link PrintStream} writes under its own lock.
 */
final class WriterStream extends OutputStream {

    private final PrintWriter writer;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    private WriterStream(PrintWriter writer) {
        this.writer = writer;
    }

    /**
     * @param writer where the text goes
     * @return an auto-flushing UTF-8 print stream onto {@code writer}
     */
    static PrintStream onto(PrintWriter writer) {
        return new PrintStream(new WriterStream(writer), true, StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) {
        pending.write(b);
        if (b == '\n') {
            flush();
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        pending.write(b, off, len);
    }

    @Override
    public void flush() {
        if (pending.size() > 0) {
            writer.write(pending.toString(StandardCharsets.UTF_8));
            pending.reset();
        }
        writer.flush();
    }
}
