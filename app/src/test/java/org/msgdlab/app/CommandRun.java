package org.msgdlab.app;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * One {@code msgd} command run in this JVM, as the tests of the commands make it: its exit code and what it
 * printed on each stream.
 *
 * @param code the exit code
 * @param out  standard output
 * @param err  standard error
 */
record CommandRun(int code, String out, String err) {

    /** Runs {@code msgd ARGS} with the standard modules. */
    static CommandRun msgd(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Msgd.commandLine(Modules.standard());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return new CommandRun(cl.execute(args), out.toString(), err.toString());
    }
}
