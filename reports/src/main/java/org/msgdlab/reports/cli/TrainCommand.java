package org.msgdlab.reports.cli;

import org.msgdlab.deep.cli.TrainCli;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code msgd train}: the deep experiments (Algorithms 1 and 2), delegated with all arguments to
 * {@link TrainCli} in the deep module ({@code msgd train --help} lists its options).
 */
@Command(name = "train", mixinStandardHelpOptions = false,
        description = {"Runs, resumes or benchmarks one deep experiment on TensorFlow Java.",
                "Runs one deep experiment (Algorithms 1 and 2 on TensorFlow Java), resumes one (--resume DIR), or"
                        + " benchmarks the full-batch step against PyTorch (--benchmark).",
                "'msgd train --help' lists the options."})
final class TrainCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() {
        PrintStream out = new PrintStream(new WriterOutputStream(spec.commandLine().getOut()), true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new WriterOutputStream(spec.commandLine().getErr()), true, StandardCharsets.UTF_8);
        int code = TrainCli.run(args == null ? List.of() : args, out, err);
        out.flush();
        err.flush();
        return switch (code) {
            case TrainCli.OK -> Msgd.OK;
            case TrainCli.USAGE -> Msgd.USAGE;
            case TrainCli.NON_FINITE -> Msgd.VERDICT_FAILED;
            case TrainCli.INTERRUPTED -> Msgd.INTERRUPTED;
            default -> Msgd.CLAIM_ERROR;
        };
    }

    /** Bytes to a PrintWriter (picocli's streams), decoded as UTF-8. */
    private static final class WriterOutputStream extends java.io.OutputStream {
        private final java.io.PrintWriter w;
        private final java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();

        WriterOutputStream(java.io.PrintWriter w) {
            this.w = w;
        }

        @Override
        public void write(int b) {
            buf.write(b);
            if (b == '\n' || b == '\r') {
                flush();
            }
        }

        @Override
        public void flush() {
            w.print(buf.toString(StandardCharsets.UTF_8));
            w.flush();
            buf.reset();
        }
    }
}
