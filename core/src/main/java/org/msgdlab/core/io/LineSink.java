package org.msgdlab.core.io;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A {@link PrintStream} whose lines go to a {@code Consumer<String>} (a {@link org.msgdlab.core.claims.CheckContext}'s
 * log), for code that logs to a stream: each line is passed on whole, without its line end, when it ends; a last
 * unfinished line when the stream is closed. UTF-8. Thread-safe: {@link PrintStream} writes under its own lock.
 */
public final class LineSink extends OutputStream {

    private final Consumer<String> sink;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    private LineSink(Consumer<String> sink) {
        this.sink = sink;
    }

    /**
     * @param sink receives each line
     * @return a UTF-8 print stream onto {@code sink}
     */
    public static PrintStream of(Consumer<String> sink) {
        return new PrintStream(new LineSink(Objects.requireNonNull(sink, "sink")), true, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            emit();
        } else {
            pending.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    @Override
    public synchronized void close() {
        if (pending.size() > 0) {
            emit();
        }
    }

    private void emit() {
        String line = pending.toString(StandardCharsets.UTF_8);
        pending.reset();
        sink.accept(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
    }
}
