package org.msgdlab.deep.report;

import org.msgdlab.deep.study.NoiseClassClaim;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.train.Method;
import org.msgdlab.reports.summary.NoiseClassDesign;

import java.util.List;

/**
 * The noise-class study as a report reads it from a results file: its twelve claims ({@link NoiseClassClaim#all()},
 * in the plan's order) with their noises' paper names, families and labels, and the plan's band. The command line
 * hands this to {@code org.msgdlab.reports.Report.write}, which knows no study of deep's.
 * <p>
 * Stateless and thread-safe.
 */
public final class NoiseClassReport {

    private NoiseClassReport() {
    }

    /** @return the study's claims and band, and its follow-up the support study ({@link SupportReport}), as the report needs them */
    public static NoiseClassDesign design() {
        List<NoiseClassDesign.Claim> claims = NoiseClassClaim.all().stream().map(c -> new NoiseClassDesign.Claim(c.id(),
                c.kind() == NoiseClassClaim.Kind.RECOVERY ? NoiseClassDesign.Kind.RECOVERY : NoiseClassDesign.Kind.COLLAPSE,
                Method.shortName(c.noise()), family(c.noise()), c.label())).toList();
        return new NoiseClassDesign(claims, NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_UPPER, SupportReport.design());
    }

    /**
     * The family of a noise of the plan, its method's {@link Method.NoiseClass}: a Bernoulli noise, a Gaussian noise
     * of the whole training set, a sparse one (on B examples).
     *
     * @param method a method name of the plan, e.g. {@code msgd-[cov-10]}
     * @return "Bernoulli", "Gaussian", "sparse", or "other" for a name that is none of them (or no built-in method)
     */
    static String family(String method) {
        try {
            return StudyPlan.named(method).noiseClass().label();
        } catch (IllegalArgumentException e) {
            return Method.NoiseClass.OTHER.label();
        }
    }
}
