package org.msgdlab.deep.report;

import org.msgdlab.core.stats.BandClaim;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.SupportClaim;
import org.msgdlab.deep.train.Method;
import org.msgdlab.reports.summary.SupportDesign;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The support study as a report reads it from a results file: its six claims ({@link SupportClaim#all()}, in the
 * plan's order), each with its paired difference in a few words and its kind, the plan's margin and last look. It
 * travels to {@code org.msgdlab.reports.Report.write} inside {@link NoiseClassReport#design()}.
 * <p>
 * Stateless and thread-safe.
 */
public final class SupportReport {

    private SupportReport() {
    }

    /** @return the study's claims, margin and cap, as the report needs them */
    public static SupportDesign design() {
        List<SupportDesign.Claim> claims = SupportClaim.all().stream().map(c -> new SupportDesign.Claim(c.id(), label(c),
                c.band() instanceof BandClaim.Equivalence)).toList();
        return new SupportDesign(claims, SupportClaim.DELTA, StudyPlan.SUPPORT_CAP);
    }

    /**
     * A claim's paired difference in a few words, the methods by their short names without "MSGD-".
     *
     * @param c a claim of the study
     * @return e.g. "Fisher − Cov", "mean(Fisher, Cov, Bernoulli-50) − SGD-50"
     */
    static String label(SupportClaim c) {
        String of = c.of().stream().map(SupportReport::shortName).collect(Collectors.joining(", "));
        return (c.of().size() > 1 ? "mean(" + of + ")" : of) + " − " + shortName(c.against());
    }

    private static String shortName(String method) {
        String name = Method.shortName(method);
        return name.startsWith("MSGD-") ? name.substring("MSGD-".length()) : name;
    }
}
