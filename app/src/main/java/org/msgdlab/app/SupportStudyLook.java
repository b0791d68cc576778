package org.msgdlab.app;

import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.study.SupportVerdicts;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.report.SupportFigures;
import org.msgdlab.deep.report.SupportSummary;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * What {@code msgd study --plan support} says after training: how many paired seeds are complete and count (a seed
 * whose runs do not share their bits is left out and replaced, amendment 2 of deep/results/support-study/PLAN.md);
 * before the look at {@value StudyPlan#SUPPORT_LOOK_EVERY} only that line, no statistic; at and after it the verdicts
 * of the look reached, with the plan's descriptions and figures ({@link SupportVerdicts}).
 */
final class SupportStudyLook {

    private SupportStudyLook() {
    }

    /**
     * Reads the support study's runs and writes its progress line, and its verdicts once a look is reached.
     *
     * @param plan the support plan
     * @param p    its protocol
     * @param out  where the progress line and the verdict table go
     * @param err  where the runs not used and the seeds left out are named
     * @throws IOException when a run cannot be read or a file cannot be written
     */
    static void write(StudyPlan plan, Protocol p, PrintWriter out, PrintStream err) throws IOException {
        int cap = StudyPlan.SUPPORT_CAP;
        StudyRuns trained = SupportVerdicts.read(plan); // a seed left out (amendment 2) is replaced by the next
        SupportVerdicts.Seeds counted = SupportVerdicts.seeds(trained);
        int complete = counted.counted().size();
        int look = SupportVerdicts.lookReached(complete);
        out.println("support study: " + complete + " complete paired seeds"
                + (counted.leftOut().isEmpty() ? complete > 0 ? " (0-" + (complete - 1) + ")" : ""
                        : " (seeds 0-" + (counted.next() - 1) + ", " + counted.leftOut().size() + " left out: their runs do"
                        + " not share their bits)")
                + " of the cap of " + cap + "; looks at " + StudyPlan.SUPPORT_LOOK_EVERY + " and " + cap
                + (look == 0 ? ". No verdict is computed before the look at " + StudyPlan.SUPPORT_LOOK_EVERY + " (PLAN.md)."
                        : "; the verdicts of the look at " + look + " (PLAN.md):"));
        out.flush();
        for (String m : trained.mismatches()) {
            err.println("study: not used, other settings: " + m);
        }
        for (String n : counted.leftOut()) {
            err.println("study: " + n);
        }
        if (look == 0) {
            return;
        }
        SupportVerdicts.Report report = SupportVerdicts.evaluate(trained);
        Path dir = plan.dir().resolve(p.name());
        SupportSummary.write(trained, report, dir);
        SupportFigures.write(report, dir.resolve("figures"));
        out.print(SupportSummary.text(report));
        out.flush();
    }
}
