package org.msgdlab.reports.summary;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;

import java.util.EnumMap;
import java.util.Map;

/** What every summary (HTML, Markdown, CSV) says about a verdict, in one place. */
public final class Verdicts {

    private Verdicts() {
    }

    /**
     * The number of claims with each verdict, every verdict present (0 where none), in enum order.
     *
     * @param results the verification results
     * @return verdict -> number of claims
     */
    public static Map<Verdict, Integer> counts(Results results) {
        Map<Verdict, Integer> n = new EnumMap<>(Verdict.class);
        for (Verdict v : Verdict.values()) {
            n.put(v, 0);
        }
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                if (e.verdict() != null) {
                    n.merge(e.verdict(), 1, Integer::sum);
                }
            }
        }
        return n;
    }

    /**
     * What a verdict means, in one line.
     *
     * @param v the verdict
     * @return its meaning
     */
    public static String meaning(Verdict v) {
        return switch (v) {
            case PASS -> "every statistic agrees with the paper's formula within a tolerance set by its own standard error";
            case APPROXIMATE -> "the estimate rejects the paper's formula, agrees with the exact one derived here, "
                    + "and the gap vanishes in a stated limit";
            case FAIL -> "the statement as printed is contradicted: the gap does not vanish in the paper's regime, "
                    + "or the estimate agrees with neither formula";
            case INCONCLUSIVE -> "the budget cannot tell the statement from its negation: the estimate is within its"
                    + " tolerance of both (neither confirmed nor contradicted)";
            case ERROR -> "the check itself threw; the message says where";
            case NOT_RUN -> "the check did not run: interrupted, left out by the budget, or a tool missing (the reason says which)";
            case NOT_APPLICABLE -> "the statement has no meaning for what it would check (e.g. a covariance of a noise with"
                    + " infinite variance); the reason says why";
        };
    }

    /**
     * One line on why a claim got its verdict: for APPROXIMATE the vanishing gap, for a FAIL whose
     * estimate matches the exact formula the persistent gap, otherwise the evidence's own reason
     * (first line).
     *
     * @param e a claim's evidence
     * @return the line
     */
    public static String why(Evidence e) {
        String reason = firstLine(e.verdictReason());
        String limit = firstLine(e.discrepancyLimit());
        if (e.verdict() == Verdict.APPROXIMATE && !limit.isBlank()) {
            return "the exact formula differs, and the gap vanishes: " + limit;
        }
        if (e.verdict() == Verdict.FAIL && reason.contains("does not vanish") && !limit.isBlank()) {
            return "matches the exact formula, but the gap to the paper's does not vanish: " + limit;
        }
        return reason;
    }

    /**
     * Whether {@code p} is a real test of power: false when its "wrong" value coincides with the
     * exact (derived) value of the statistic it names, so that there is nothing to reject (a check
     * of "power to resolve the exact gap" on a claim whose paper formula is exact).
     *
     * @param p a power check of the claim
     * @param e the claim's evidence
     * @return whether {@code p} tests anything
     */
    public static boolean applicable(PowerCheck p, Evidence e) {
        for (StatisticCheck s : e.statistics()) {
            if (s.name() != null && s.name().equals(p.statistic())) {
                double scale = Math.max(Math.abs(s.derivedValue()), Math.abs(p.wrongValue()));
                return !(Math.abs(p.wrongValue() - s.derivedValue()) <= 1e-12 * scale);
            }
        }
        return true;
    }

    /**
     * Whether {@code p} is weak: applicable, and either not rejected by this run or of power below 0.8.
     *
     * @param p a power check of the claim
     * @param e the claim's evidence
     * @return whether it is weak
     */
    public static boolean weak(PowerCheck p, Evidence e) {
        return applicable(p, e) && (!p.rejected() || !(p.power() >= 0.8));
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
