package org.msgdlab.reports.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code msgd bench}: runs {@value #BENCHMARK}'s {@code main} with the remaining arguments when
 * that class is on the class path; otherwise says that no benchmark is registered.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Runs the covariance benchmark (" + BenchCommand.BENCHMARK + "), passing ARGS through.",
                "Prints \"no benchmarks registered yet\" when that class does not exist."})
final class BenchCommand implements Callable<Integer> {

    static final String BENCHMARK = "org.msgdlab.theory.bench.CovarianceBenchmark";

    @Spec
    CommandSpec spec;

    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Method main;
        try {
            main = Class.forName(BENCHMARK).getMethod("main", String[].class);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            spec.commandLine().getOut().println("no benchmarks registered yet");
            return Msgd.OK;
        }
        if (!Modifier.isStatic(main.getModifiers())) {
            spec.commandLine().getOut().println("no benchmarks registered yet (" + BENCHMARK + ".main is not static)");
            return Msgd.OK;
        }
        try {
            main.invoke(null, (Object) args.toArray(String[]::new));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            spec.commandLine().getErr().println("msgd bench: " + BENCHMARK + " failed: " + cause);
            return Msgd.CLAIM_ERROR;
        }
        return Msgd.OK;
    }
}
