package org.msgdlab.deep.report;

import org.msgdlab.deep.study.NoiseClassClaim;
import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.MsgdBernoulliMethod;
import org.msgdlab.deep.train.MsgdGaussianMethod;
import org.msgdlab.deep.train.MsgdSparseMethod;
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

    /** @return the study's claims and band, as the report needs them */
    public static NoiseClassDesign design() {
        List<NoiseClassDesign.Claim> claims = NoiseClassClaim.all().stream().map(c -> new NoiseClassDesign.Claim(c.id(),
                c.kind() == NoiseClassClaim.Kind.RECOVERY ? NoiseClassDesign.Kind.RECOVERY : NoiseClassDesign.Kind.COLLAPSE,
                Method.shortName(c.noise()), family(c.noise()), c.label())).toList();
        return new NoiseClassDesign(claims, NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_UPPER);
    }

    /**
     * The family of a noise of the plan, from its method's type: a Bernoulli noise, a Gaussian noise of the whole
     * training set, a sparse one (on B examples).
     *
     * @param method a method name of the plan, e.g. {@code msgd-[cov-10]}
     * @return "Bernoulli", "Gaussian", "sparse", or "other" for a name that is none of them
     */
    static String family(String method) {
        Method m;
        try {
            m = Method.parse(method, 50, Double.NaN);
        } catch (IllegalArgumentException e) {
            return "other";
        }
        if (m instanceof MsgdBernoulliMethod) {
            return "Bernoulli";
        }
        if (m instanceof MsgdGaussianMethod) {
            return "Gaussian";
        }
        return m instanceof MsgdSparseMethod ? "sparse" : "other";
    }
}
