package org.msgdlab.reports.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code msgd train}: the deep experiments (Algorithms 1 and 2); not implemented yet. */
@Command(name = "train", mixinStandardHelpOptions = true,
        description = "Runs one deep experiment (not implemented yet: issue 5).")
final class TrainCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Unmatched
    List<String> args;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("deep experiments are not implemented yet (issue 5)");
        return Msgd.USAGE;
    }
}
