package org.msgdlab.app;

import org.msgdlab.sweeps.SweepPlan;
import org.msgdlab.sweeps.SweepRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code msgd sweep repoint DIR --data PATH}: moves a plan to another dataset path (a plan made on one cluster, run on
 * another whose datasets live elsewhere, or a wrong {@code --data} corrected). The dataset's path is where a run reads
 * its data, not part of what the run is: run ids and run directories do not change, begun runs continue (a resumed
 * run checks its settings, the data folder aside) and finished ones stay finished.
 */
@Command(name = "repoint", mixinStandardHelpOptions = true,
        description = {"Points every run of a sweep at another dataset directory (a plan moved to another cluster, or a"
                + " wrong --data corrected): ids, run directories and finished runs stay as they are.",
                "Exit: 0 done, 2 no plan, no such directory."})
final class SweepRepointCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "the sweep directory")
    Path dir;

    @Option(names = "--data", required = true, paramLabel = "PATH", description = "the dataset directory the runs read")
    Path data;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(data)) {
            throw new ParameterException(spec.commandLine(), "--data " + data + ": no such directory");
        }
        if (!SweepPlan.exists(dir)) {
            throw new ParameterException(spec.commandLine(), dir + " holds no " + SweepPlan.FILE);
        }
        SweepPlan plan;
        try {
            plan = SweepPlan.read(dir);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), dir.resolve(SweepPlan.FILE) + ": " + e.getMessage());
        }
        String to = data.toAbsolutePath().normalize().toString();
        List<SweepRun> runs = new ArrayList<>();
        int changed = 0;
        for (SweepRun r : plan.runs()) {
            Map<String, String> s = new LinkedHashMap<>(r.settings());
            if (!to.equals(s.put("data", to))) {
                changed++;
            }
            runs.add(new SweepRun(r.id(), s));
        }
        new SweepPlan(plan.kind(), runs).write(dir);
        PrintWriter out = spec.commandLine().getOut();
        out.println(dir.resolve(SweepPlan.FILE) + ": " + changed + " of " + runs.size() + " runs now read " + to);
        out.flush();
        return ExitCode.OK.code();
    }
}
