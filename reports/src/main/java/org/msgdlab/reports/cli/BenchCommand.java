package org.msgdlab.reports.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code msgd bench [SUBJECT] [ARGS...]}: runs one module's benchmark, each of which times the
 * hot loop against the obvious alternative in the same run and prints the ratio. Benchmarks are
 * found by class name, so a module whose benchmark is not built says so instead of failing.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Times a module's hot loop against the obvious alternative.",
                "SUBJECT is theory (Monte Carlo covariance estimate vs triple loop, the default), regression"
                        + " (rank-B MSGD step vs per-sample loop), sde (path steps vs naive) or deep (ConvSmall"
                        + " full-batch step vs PyTorch).",
                "Remaining ARGS are passed to the benchmark."})
final class BenchCommand implements Callable<Integer> {

    /** Subject -> class with {@code public static void main(String[])}, and fixed leading arguments. */
    static final Map<String, List<String>> BENCHMARKS = new LinkedHashMap<>();

    static {
        BENCHMARKS.put("theory", List.of("org.msgdlab.theory.bench.CovarianceBenchmark"));
        BENCHMARKS.put("regression", List.of("org.msgdlab.onlineregression.bench.RegressionBenchmark"));
        BENCHMARKS.put("sde", List.of("org.msgdlab.sde.bench.SdeBenchmark"));
        BENCHMARKS.put("deep", List.of("org.msgdlab.deep.cli.TrainCli", "--benchmark"));
    }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SUBJECT", defaultValue = "theory",
            description = "theory, regression, sde or deep. Default: ${DEFAULT-VALUE}.")
    String subject;

    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        List<String> target = BENCHMARKS.get(subject);
        if (target == null) {
            throw new ParameterException(spec.commandLine(), "SUBJECT " + subject + ": unknown benchmark (allowed: "
                    + String.join(", ", BENCHMARKS.keySet()) + ")");
        }
        String className = target.get(0);
        Class<?> type;
        try {
            type = Class.forName(className);
        } catch (ClassNotFoundException e) {
            spec.commandLine().getOut().println("no benchmark for '" + subject + "' in this build (" + className + " not found)");
            return Msgd.OK;
        }
        List<String> all = new ArrayList<>(target.subList(1, target.size()));
        all.addAll(args);
        try {
            try {
                // A command-style entry point returns its exit code instead of calling System.exit.
                Method run = type.getMethod("run", List.class, java.io.PrintStream.class, java.io.PrintStream.class);
                return (Integer) run.invoke(null, all, System.out, System.err);
            } catch (NoSuchMethodException noRun) {
                type.getMethod("main", String[].class).invoke(null, (Object) all.toArray(String[]::new));
            }
        } catch (NoSuchMethodException e) {
            spec.commandLine().getOut().println("no benchmark for '" + subject + "' in this build (" + className + " has no main)");
            return Msgd.OK;
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof NumberFormatException bad) {
                spec.commandLine().getErr().println("msgd bench " + subject + ": a number was expected (" + bad.getMessage() + ")");
                return Msgd.USAGE;
            }
            if (e.getCause() instanceof IllegalArgumentException bad) {
                // the benchmarks' own argument checks: bad usage, not a failed benchmark
                spec.commandLine().getErr().println("msgd bench " + subject + ": " + bad.getMessage());
                return Msgd.USAGE;
            }
            spec.commandLine().getErr().println("msgd bench: " + className + " failed: " + e.getCause());
            return Msgd.CLAIM_ERROR;
        }
        return Msgd.OK;
    }
}
