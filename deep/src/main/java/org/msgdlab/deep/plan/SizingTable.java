package org.msgdlab.deep.plan;

import java.util.Locale;

/**
 * A plan's sizing ({@link PlanSizing}) as text: a head saying what was simulated and what the columns mean, then one
 * row per claim and look: claim, look, seeds, alpha (Monte Carlo sd), power (Monte Carlo sd), and on a claim's last
 * row the smallest cap for the target power, whether alpha keeps the claim's share, the worst wrong verdict and where
 * power was computed. Stateless and thread-safe.
 */
final class SizingTable {

    private SizingTable() {
    }

    /**
     * The table.
     *
     * @param s the sizing
     * @return the text, lines ending in '\n'
     */
    static String render(PlanSizing.Sizing s) {
        PlanFile plan = s.plan();
        PlanSizing.Settings set = s.settings();
        double share = plan.spending().claimShare();
        double mark = share + PlanSizing.Z * org.msgdlab.core.stats.VerdictRates.sd(share, set.studies());
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "Sizing of plan %s (%s, sha256 %s)%n", plan.name(), plan.file(),
                plan.sha256().substring(0, 12)));
        out.append("worlds: ").append(s.worlds()).append('\n');
        out.append(String.format(Locale.ROOT, "%d simulated studies per truth, seed %d; cap search: %d studies per cap"
                        + " tried, the looks scaled in proportion to the cap, up to %d paired seeds%n", set.studies(),
                set.seed(), set.searchStudies(), set.limit()));
        out.append(String.format(Locale.ROOT, "alpha: the largest probability of a wrong verdict (PASS, or the limit of a"
                + " wrong FAIL) at the claim's boundary truths, decided at or before the look; it must be at most the claim's"
                + " share of the family alpha, %s / %d = %.5f. A claim is marked OVER when alpha at the cap exceeds %.5f"
                + " (the share + %.2f Monte Carlo sd): each mark is a false alarm with probability at most 0.001 when the"
                + " true rate sits at the share.%n", plan.alpha().family(), plan.claims().size(), share, mark, PlanSizing.Z));
        out.append(String.format(Locale.ROOT, "power: P(PASS) at the alternative named under the claim, decided at or"
                + " before the look; cap for %.2f: the smallest cap whose power reaches it (MC sd of a power near it %.3f).%n%n",
                set.power(), org.msgdlab.core.stats.VerdictRates.sd(set.power(), set.searchStudies())));
        int width = Math.max(5, s.claims().stream().mapToInt(c -> c.claim().name().length()).max().orElse(5));
        String row = "%-" + width + "s  %4s  %5s  %-17s  %-15s  %s%n";
        out.append(String.format(Locale.ROOT, row, "claim", "look", "seeds", "alpha (MC sd)", "power (MC sd)",
                "cap for " + String.format(Locale.ROOT, "%.2f", set.power())));
        for (PlanSizing.ClaimSizing c : s.claims()) {
            for (int j = 0; j < c.looks().size(); j++) {
                PlanSizing.LookRates r = c.looks().get(j);
                boolean last = j == c.looks().size() - 1;
                String cap = !last ? "" : c.cap().found() ? Integer.toString(c.cap().seeds())
                        : "not within " + c.cap().limit() + " seeds";
                out.append(String.format(Locale.ROOT, row, j == 0 ? c.claim().name() : "",
                        c.claim() instanceof PlannedClaim.EventRate ? "cap" : Integer.toString(j + 1), r.seeds(),
                        String.format(Locale.ROOT, "%.4f (%.4f)%s", r.alpha(), r.alphaSe(),
                                last && !c.keepsShare(set.studies()) ? " OVER" : ""),
                        String.format(Locale.ROOT, "%.3f (%.3f)", r.power(), r.powerSe()), cap));
            }
            out.append(String.format(Locale.ROOT, row, "", "", "", "", "", "worst: " + c.worst() + "; power at "
                    + c.alternative()));
        }
        return out.toString();
    }
}
