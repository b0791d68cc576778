package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.StatisticCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The step "Bound SM" of the proof, checked with the exact operators ({@link org.msgdlab.onlineregression.exact.ProofTraces}):
 * the proof writes {@code d = tr[TM] = 2 tr[Sigma M] - eta tr[SM] >= 2 tr[Sigma M]} and concludes
 * {@code tr[SM] <= (R^2 + (b-1) lambda) d / (2b)}. Since {@code tr[SM] >= 0} the first inequality is
 * reversed for every eta > 0; the corrected conclusion is {@code tr[SM] <= kappa d / (2 - eta kappa)}.
 * Thread-safe (its shared {@link Simulations} are).
 */
public final class ProofStepClaim extends RegressionClaim {

    /** The claim's id. */
    public static final String ID = "thm1.proof.trace-step";

    /**
     * The claim, reading its numbers from the study's shared computations.
     *
     * @param sims the shared simulations and exact sweep
     */
    public ProofStepClaim(Simulations sims) {
        super(new ClaimRef(ID,
                ClaimKit.PROOF + ", \"Bound SM\"",
                "With S A = E[L A L], T A = Sigma A + A Sigma - eta S A and M = T^{-1} I: d = tr[TM] = 2 tr[Sigma M] - eta tr[SM] >= 2 tr[Sigma M],"
                        + " which implies tr[SM] <= (R^2 + (b-1) lambda) d / (2b)"),
                sims);
    }

    @Override
    Evidence check(RegressionRun run) {
        RegressionPlan plan = run.plan();
        ExactSweep sweep = run.sweep();
        double worstFirst = 0;
        String whereFirst = "";
        double worstSecond = 0;
        String whereSecond = "";
        double worstCorrected = 0;
        double worstIdentity = 0;
        int checked = 0;
        for (ExactSweep.Point p : sweep.points()) {
            if (p.sigma2() != plan.sigma2s().get(0)) {
                continue; // the traces do not depend on sigma^2
            }
            checked++;
            double d = p.d();
            double first = 2 * p.traces().traceSigmaM() / d - 1;
            double second = p.traces().traceSM() / (p.kappa() * d / 2) - 1;
            double corrected = p.traces().traceSM() / (p.kappa() * d / (2 - p.eta() * p.kappa())) - 1;
            double identity = Math.abs(2 * p.traces().traceSigmaM() - p.eta() * p.traces().traceSM() - d) / d;
            String where = String.format(Locale.ROOT, "%s, b=%d, eta=%.4g (eta*kappa=%.3g)", p.problem(), p.b(), p.eta(), p.eta() * p.kappa());
            if (first > worstFirst) {
                worstFirst = first;
                whereFirst = where;
            }
            if (second > worstSecond) {
                worstSecond = second;
                whereSecond = where;
            }
            worstCorrected = Math.max(worstCorrected, corrected);
            worstIdentity = Math.max(worstIdentity, identity);
        }
        double tol = 1e-9;
        List<StatisticCheck> stats = new ArrayList<>();
        stats.add(StatisticCheck.of("max of 2 tr[Sigma M]/d - 1 (printed: <= 0), worst at " + whereFirst, worstFirst, 0, 0, worstFirst, tol));
        stats.add(StatisticCheck.of("max of tr[SM] / (kappa d/2) - 1, clipped at 0 (printed conclusion: 0), worst at " + whereSecond,
                Math.max(0, worstSecond), 0, 0, Math.max(0, worstSecond), tol));
        stats.add(StatisticCheck.of("max of tr[SM] / (kappa d/(2 - eta kappa)) - 1, clipped at 0 (corrected conclusion: 0)",
                Math.max(0, worstCorrected), 0, 0, 0, tol));
        stats.add(StatisticCheck.of("max |2 tr[Sigma M] - eta tr[SM] - d| / d (the identity tr[TM] = d)", worstIdentity, 0, 0, 0, tol));
        PowerCheck power = new PowerCheck("the printed conclusion tr[SM] <= kappa d/2 in place of the corrected kappa d/(2 - eta kappa)",
                stats.get(1).name(), 0, worstSecond > tol, worstSecond > tol ? 1.0 : 0.0);
        Map<String, Object> params = run.parameters();
        params.put("configurations", checked);
        params.put("worstTwoTraceSigmaMOverD", 1 + worstFirst);
        params.put("worstTraceSMOverKappaDOver2", 1 + worstSecond);
        Evidence e = Decision.of(ref()).parameters(params).statistics(stats).power(List.of(power))
                .discrepancy(Discrepancy.persistent("2 tr[Sigma M] - d = eta tr[SM] > 0 for every eta > 0 (the inequality is reversed); its consequence"
                        + " tr[SM] <= kappa d/2 is off by up to the factor 2/(2 - eta kappa), which tends to 1 only as eta -> 0"))
                .decide();
        return e.withDetail(String.format(Locale.ROOT, "2 tr[Sigma M]/d reaches %.4g (%s); tr[SM]/(kappa d/2) reaches %.4g (%s);"
                + " the corrected bound holds everywhere (max excess %.2g)", 1 + worstFirst, whereFirst, 1 + worstSecond, whereSecond, worstCorrected));
    }
}
