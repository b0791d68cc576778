package org.msgdlab.theory.claims;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.StatisticCheck;

import java.util.Locale;

/** A failure message's view of an {@link Evidence}: verdict, reason, and every compared statistic. */
public final class EvidenceText {

    private EvidenceText() {
    }

    public static String of(Evidence e) {
        StringBuilder s = new StringBuilder();
        s.append(e.claimId()).append(": ").append(e.verdict()).append(" (").append(e.verdictReason()).append("), ")
                .append(e.samples()).append(" samples");
        for (StatisticCheck c : e.statistics()) {
            s.append(String.format(Locale.ROOT, "%n  %s: estimate %.6g +- %.3g (SE %.3g), paper %.6g, derived %.6g",
                    c.name(), c.estimate(), c.tolerance(), c.standardError(), c.paperValue(), c.derivedValue()));
        }
        for (PowerCheck p : e.power()) {
            s.append(String.format(Locale.ROOT, "%n  power vs %s on %s: rejected=%s, power=%.4g", p.wrongFormula(),
                    p.statistic(), p.rejected(), p.power()));
        }
        return s.toString();
    }
}
