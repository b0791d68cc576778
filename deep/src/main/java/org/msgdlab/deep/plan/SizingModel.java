package org.msgdlab.deep.plan;

import com.fasterxml.jackson.databind.JsonNode;
import org.msgdlab.core.stats.BandClaim;

import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The normal worlds a plan is sized on, as its authors state them before the first run (a plan file's optional
 * {@code sizing} object, read by {@link PlanFileReader}; or built in code): one model per claim, in points (100 x the
 * window accuracy), each the fewest numbers that fix a world of the claim's kind.
 * <ul>
 *   <li>{@link DifferenceModel}: d_s ~ Normal(theta, sd) per paired seed; power at theta = {@code effect}.</li>
 *   <li>{@link RecoveryModel}: b_s = to - from ~ Normal(advantage, sdAdvantage), a_s = noise - from =
 *       R b_s + Normal(0, sdResidual): the contrasts a - R b are symmetric about 0, so R is the world's pseudo-median
 *       ratio exactly; power at R = {@code ratio}. No run is lost.</li>
 *   <li>{@link EventRateModel}: each paired seed independently has a lone event of the noise (only its run lost) with
 *       probability q10, of the reference with q01; equal rates are q10 = q01 = {@code loneRate}, and the boundary
 *       q10 = loneRate + margin, q01 = loneRate.</li>
 * </ul>
 * Immutable and thread-safe.
 *
 * @param source where the numbers come from, in words (a study, a pilot, a guess said to be one)
 * @param claims the model of each claim, by the claim's name in its plan, in the plan's order
 */
public record SizingModel(String source, Map<String, ClaimModel> claims) {

    /** Copies the map, keeping its order. */
    public SizingModel {
        if (source == null || source.isBlank()) {
            throw new IllegalArgumentException("sizing model: source=\"" + source + "\" must say where the numbers come from");
        }
        claims = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(claims));
    }

    /**
     * One model for every claim of a plan, each of its kind's model: what a test or a first sketch uses.
     *
     * @param plan       the plan
     * @param source     where the numbers come from
     * @param difference the model of every difference claim
     * @param recovery   the model of every recovery claim
     * @param eventRate  the model of every event-rate claim
     * @return the model
     */
    public static SizingModel same(PlanFile plan, String source, DifferenceModel difference, RecoveryModel recovery,
                                   EventRateModel eventRate) {
        Map<String, ClaimModel> m = new LinkedHashMap<>();
        for (PlannedClaim c : plan.claims()) {
            m.put(c.name(), c instanceof PlannedClaim.Difference ? difference
                    : c instanceof PlannedClaim.Recovery ? recovery : eventRate);
        }
        return new SizingModel(source, m);
    }

    /**
     * The model of one claim.
     *
     * @param c the claim
     * @return its model
     * @throws IllegalArgumentException when the model has none for it, or one of another kind
     */
    public ClaimModel of(PlannedClaim c) {
        ClaimModel m = claims.get(c.name());
        boolean fits = m instanceof DifferenceModel ? c instanceof PlannedClaim.Difference
                : m instanceof RecoveryModel ? c instanceof PlannedClaim.Recovery : c instanceof PlannedClaim.EventRate;
        if (m == null || !fits) {
            throw new IllegalArgumentException("sizing model: claim " + c.name() + " (" + c.kind() + ") has "
                    + (m == null ? "no model" : "a model of another kind (" + m + ")") + "; every claim needs one of its kind");
        }
        return m;
    }

    /** A claim's model: one of three kinds. */
    public sealed interface ClaimModel permits DifferenceModel, RecoveryModel, EventRateModel {
    }

    /**
     * d ~ Normal(theta, sd) per paired seed, power at theta = {@code effect}.
     *
     * @param sd     the sd of one paired seed's d, in points, finite and &gt; 0
     * @param effect the alternative at which power is computed, in points (an equivalence claim's 0; a "below" claim's
     *               effect, &lt; 0)
     */
    public record DifferenceModel(double sd, double effect) implements ClaimModel {

        /** Checks the numbers. */
        public DifferenceModel {
            if (!(sd > 0) || !Double.isFinite(sd)) {
                throw new IllegalArgumentException("difference model: sd=" + sd + " must be finite and > 0 (points)");
            }
            if (!Double.isFinite(effect)) {
                throw new IllegalArgumentException("difference model: effect=" + effect + " must be finite (points)");
            }
        }
    }

    /**
     * b = to - from ~ Normal(advantage, sdAdvantage), a = R b + Normal(0, sdResidual), power at R = {@code ratio}.
     *
     * @param advantage   the mean of {@code to}'s advantage over {@code from}, in points, finite and &gt; 0
     * @param sdAdvantage its sd per paired seed, finite and &gt; 0
     * @param sdResidual  the sd of a - R b per paired seed, finite and &gt; 0
     * @param ratio       the alternative R at which power is computed (1: the noise keeps the whole advantage)
     */
    public record RecoveryModel(double advantage, double sdAdvantage, double sdResidual, double ratio)
            implements ClaimModel {

        /** Checks the numbers. */
        public RecoveryModel {
            if (!(advantage > 0) || !Double.isFinite(advantage)) {
                throw new IllegalArgumentException("recovery model: advantage=" + advantage + " must be finite and > 0 (points)");
            }
            if (!(sdAdvantage > 0) || !Double.isFinite(sdAdvantage) || !(sdResidual > 0) || !Double.isFinite(sdResidual)) {
                throw new IllegalArgumentException("recovery model: sdAdvantage=" + sdAdvantage + ", sdResidual=" + sdResidual
                        + " must be finite and > 0 (points)");
            }
            if (!Double.isFinite(ratio)) {
                throw new IllegalArgumentException("recovery model: ratio=" + ratio + " must be finite");
            }
        }
    }

    /**
     * Lone events at equal rates q10 = q01 = {@code loneRate}, power there.
     *
     * @param loneRate the share of paired seeds where only one given method's run is lost, in [0, 1) (the boundary
     *                 adds the claim's margin to the noise's, which must stay &lt;= 1 with the reference's)
     */
    public record EventRateModel(double loneRate) implements ClaimModel {

        /** Checks the rate. */
        public EventRateModel {
            if (!(loneRate >= 0 && loneRate < 0.5)) {
                throw new IllegalArgumentException("event-rate model: loneRate=" + loneRate + " must be in [0, 0.5)");
            }
        }
    }

    /**
     * The optional {@code sizing} object: {@code source} (words) and {@code claims}, one entry per claim by its name:
     * a difference claim's {@code sd} and {@code effect} (optional, 0, for an equivalence: inside the margin;
     * required, below 0, for "below"), a recovery claim's {@code advantage}, {@code sdAdvantage}, {@code sdResidual}
     * and {@code ratio} (optional, 1: inside the band), an event-rate claim's {@code loneRate}.
     */
    static SizingModel read(PlanJson j, List<PlannedClaim> claims) {
        j.keys(j.object("/sizing"), "/sizing", "source", "claims");
        String source = j.text("/sizing/source");
        JsonNode given = j.object("/sizing/claims");
        List<String> names = claims.stream().map(PlannedClaim::name).toList();
        j.keys(given, "/sizing/claims", names.toArray(String[]::new));
        java.util.Map<String, ClaimModel> models = new java.util.LinkedHashMap<>();
        for (PlannedClaim c : claims) {
            String at = "/sizing/claims/" + c.name().replace("~", "~0").replace("/", "~1");
            j.object(at);
            models.put(c.name(), c instanceof PlannedClaim.Difference d ? differenceModel(j, at, d)
                    : c instanceof PlannedClaim.Recovery r ? recoveryModel(j, at, r)
                    : eventRateModel(j, at, (PlannedClaim.EventRate) c));
        }
        return new SizingModel(source, models);
    }

    private static DifferenceModel differenceModel(PlanJson j, String at, PlannedClaim.Difference d) {
        j.keys(j.root.at(at), at, "sd", "effect");
        boolean below = d.band() instanceof BandClaim.Below;
        double effect = below || j.root.at(at).has("effect") ? j.number(at + "/effect") : 0;
        double margin = below ? 0 : d.margin().points();
        if (below ? !(effect < 0) : !(Math.abs(effect) < margin)) {
            throw j.fail(at + "/effect", PlanJson.num(effect), below ? "must be < 0: the effect a \"below\" claim is sized to find"
                    : "must be inside the margin (-" + PlanJson.num(margin) + ", " + PlanJson.num(margin) + ")");
        }
        return new DifferenceModel(j.positive(at + "/sd"), effect);
    }

    private static RecoveryModel recoveryModel(PlanJson j, String at, PlannedClaim.Recovery r) {
        j.keys(j.root.at(at), at, "advantage", "sdAdvantage", "sdResidual", "ratio");
        double ratio = j.root.at(at).has("ratio") ? j.number(at + "/ratio") : 1;
        if (!(ratio > r.lower() && ratio < r.upper())) {
            throw j.fail(at + "/ratio", PlanJson.num(ratio), "must be inside the band (" + PlanJson.num(r.lower()) + ", " + PlanJson.num(r.upper()) + ")");
        }
        return new RecoveryModel(j.positive(at + "/advantage"), j.positive(at + "/sdAdvantage"),
                j.positive(at + "/sdResidual"), ratio);
    }

    private static EventRateModel eventRateModel(PlanJson j, String at, PlannedClaim.EventRate e) {
        j.keys(j.root.at(at), at, "loneRate");
        double q = j.number(at + "/loneRate");
        if (!(q >= 0 && 2 * q + e.margin() <= 1)) {
            throw j.fail(at + "/loneRate", PlanJson.num(q), "must be >= 0 with 2 loneRate + margin " + PlanJson.num(e.margin()) + " <= 1");
        }
        return new EventRateModel(q);
    }
}
