package org.msgdlab.app;

import org.msgdlab.deep.plan.PlanProse;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code msgd study describe PLAN}: a plan file in words (Markdown, PLAN.md-style), rendered from the file. */
@Command(name = "describe", mixinStandardHelpOptions = true,
        description = "Prints a plan file in words (Markdown): question, runs, seeds and looks, error control, claims,"
                + " amendments. Rendered from the file, so the words cannot disagree with what the tool enforces.")
final class StudyDescribeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PLAN", description = "the plan file (docs/study-plan.md)")
    Path planFile;

    @Override
    public Integer call() throws Exception {
        spec.commandLine().getOut().print(PlanProse.markdown(PlanFiles.read(planFile)));
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
