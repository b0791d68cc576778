package org.msgdlab.deep.study;

import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.BandClaim;
import org.msgdlab.core.stats.Location;
import org.msgdlab.core.stats.LookRule;
import org.msgdlab.core.stats.ResampledWorld;
import org.msgdlab.core.stats.TrimmedMean;
import org.msgdlab.core.stats.VerdictRates;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The support study's rule on worlds resampled from the second study's 60 paired seeds (PLAN.md, "Before the first
 * look": "its alpha on resampled worlds is a test in mvn -B verify, checked against this file's sizing").
 * <p>
 * A claim's world is the empirical law of its per-seed value in deep/results/noise-class-study/authors-code/runs.csv
 * (the claim's own {@link SupportClaim#perSeed}, MSGD-[Cov-10] standing for MSGD-[Cov-exact-10], as size.py's
 * {@code contrasts()}), shifted so that its 10%-trimmed mean is the world's truth; "dips" worlds add a 3-7-point dip
 * of either sign to 4% of the seeds. {@value #STUDIES} simulated studies of 100 paired seeds per world, both looks.
 * <ul>
 *   <li><b>Level.</b> At every boundary of every claim (+-Delta; 0), plain and dips, P(PASS) and P(FAIL) are each at
 *       most the claim's share 0.05/6 = 0.00833 up to the Monte Carlo error: rate &lt;= share + 3.09 sd, sd the
 *       binomial sd of a rate at the share over {@value #STUDIES} studies (0.00064), so rate &lt;= 0.0103. Each such
 *       comparison falsely fails with probability at most 0.001 if the true rate sat exactly at the share; the
 *       sizing puts the true rates at 0.0022-0.0082, where the 36 comparisons together falsely fail with probability
 *       about 0.001 (the largest, 0.0082, is 3.3 sd below the limit). "rate + 3 sd &lt;= share" would be wrong the
 *       other way: a rule at the sizing's 0.0082 would fail it almost always.</li>
 *   <li><b>Agreement with the sizing.</b> Every rate and power the plan's sizing prints
 *       (sizing/resampled.txt, 40,000 studies, numpy's generator) agrees with this simulation within 3.89 sd of the
 *       two estimates' difference (two-sided 1e-4 each; over the 68 comparisons a false fail has probability below
 *       0.007): a second implementation of the rule and of its worlds.</li>
 *   <li><b>Power.</b> At the second study's values the power is the plan's table (0.84 to 1.00 plain, 0.75 to 1.00
 *       with dips), and at least 0.8 on the plain worlds, the margin's reason.</li>
 *   <li><b>This test can fail.</b> The named wrong variant, Student's t on the untrimmed mean (size.py --plain-t, in
 *       worlds centred on their mean), breaks the share on Fisher vs Cov (sizing/plain-t.txt: 0.031), and the level
 *       check above rejects it.</li>
 * </ul>
 */
class SupportCalibrationTest {

    /** The second study's runs as committed, from the deep module's folder (where Maven runs its tests). */
    static final Path RUNS = Path.of("results/noise-class-study/authors-code/runs.csv");
    /** Simulated studies per world: the Monte Carlo sd of a rate at the share is 0.00064, of a power at 0.85, 0.0025. */
    static final int STUDIES = 20_000;
    /** The sizing's studies per world (sizing/resampled.txt). */
    static final int SIZING_STUDIES = 40_000;
    /** One-sided 0.001: a level comparison's false-fail probability at the share. */
    static final double Z_LEVEL = 3.09;
    /** Two-sided 1e-4: an agreement comparison's false-fail probability. */
    static final double Z_AGREE = 3.89;
    static final ResampledWorld.Dips DIPS = new ResampledWorld.Dips(0.04, 3, 7);
    static final long SEED = 20261127L;
    static final double SHARE = SupportClaim.SPENDING.claimShare();

    /** A world of a claim: its truth, whether it has dips, and what the sizing found there (NaN: not printed). */
    record World(String claim, String label, Truth truth, boolean dips, double sizingPass, double sizingFail) {
    }

    /** Where a world's trimmed mean sits. */
    enum Truth { MINUS_DELTA, PLUS_DELTA, ZERO, OBSERVED }

    /** sizing/resampled.txt, row by row (seed 20261127, 40,000 studies per world). */
    static final List<World> SIZING = List.of(
            new World("class.bernoulli-50-vs-cov", "-margin", Truth.MINUS_DELTA, false, 0.0041, 0.0065),
            new World("class.bernoulli-50-vs-cov", "+margin", Truth.PLUS_DELTA, false, 0.0060, 0.0042),
            new World("class.bernoulli-50-vs-cov", "-margin, dips", Truth.MINUS_DELTA, true, 0.0033, 0.0063),
            new World("class.bernoulli-50-vs-cov", "+margin, dips", Truth.PLUS_DELTA, true, 0.0071, 0.0037),
            new World("class.bernoulli-50-vs-cov", "observed", Truth.OBSERVED, false, 0.9990, 0.0000),
            new World("class.bernoulli-50-vs-cov", "observed, dips", Truth.OBSERVED, true, 0.9933, 0.0000),
            new World("class.fisher-vs-cov", "-margin", Truth.MINUS_DELTA, false, 0.0040, 0.0046),
            new World("class.fisher-vs-cov", "+margin", Truth.PLUS_DELTA, false, 0.0053, 0.0036),
            new World("class.fisher-vs-cov", "-margin, dips", Truth.MINUS_DELTA, true, 0.0037, 0.0046),
            new World("class.fisher-vs-cov", "+margin, dips", Truth.PLUS_DELTA, true, 0.0041, 0.0042),
            new World("class.fisher-vs-cov", "observed", Truth.OBSERVED, false, 0.9816, 0.0000),
            new World("class.fisher-vs-cov", "observed, dips", Truth.OBSERVED, true, 0.9571, 0.0000),
            new World("support.cov-exact-10-below-cov", "0", Truth.ZERO, false, 0.0058, 0.0039),
            new World("support.cov-exact-10-below-cov", "0, dips", Truth.ZERO, true, 0.0054, 0.0032),
            new World("support.cov-exact-10-below-cov", "observed", Truth.OBSERVED, false, 0.9611, 0.0000),
            new World("support.cov-exact-10-below-cov", "observed, dips", Truth.OBSERVED, true, 0.9240, 0.0000),
            new World("support.fisher-10-below-fisher", "0", Truth.ZERO, false, 0.0023, 0.0060),
            new World("support.fisher-10-below-fisher", "0, dips", Truth.ZERO, true, 0.0022, 0.0082),
            new World("support.fisher-10-below-fisher", "observed", Truth.OBSERVED, false, 0.8500, 0.0000),
            new World("support.fisher-10-below-fisher", "observed, dips", Truth.OBSERVED, true, 0.7461, 0.0000),
            new World("as-sgd.dense-vs-sgd-50", "-margin", Truth.MINUS_DELTA, false, 0.0045, 0.0050),
            new World("as-sgd.dense-vs-sgd-50", "+margin", Truth.PLUS_DELTA, false, 0.0047, 0.0046),
            new World("as-sgd.dense-vs-sgd-50", "-margin, dips", Truth.MINUS_DELTA, true, 0.0047, 0.0043),
            new World("as-sgd.dense-vs-sgd-50", "+margin, dips", Truth.PLUS_DELTA, true, 0.0044, 0.0046),
            new World("as-sgd.dense-vs-sgd-50", "observed", Truth.OBSERVED, false, 0.8419, 0.0000),
            new World("as-sgd.dense-vs-sgd-50", "observed, dips", Truth.OBSERVED, true, 0.7683, 0.0000),
            new World("as-sgd.sparse-below-sgd-50", "0", Truth.ZERO, false, 0.0041, 0.0077),
            new World("as-sgd.sparse-below-sgd-50", "0, dips", Truth.ZERO, true, 0.0037, 0.0072),
            new World("as-sgd.sparse-below-sgd-50", "observed", Truth.OBSERVED, false, 1.0000, 0.0000),
            new World("as-sgd.sparse-below-sgd-50", "observed, dips", Truth.OBSERVED, true, 0.9993, 0.0000));

    /** sizing/plain-t.txt: Student's t on the mean, Fisher vs Cov, in worlds centred on their mean. */
    static final List<World> PLAIN_T_SIZING = List.of(
            new World("class.fisher-vs-cov", "-margin", Truth.MINUS_DELTA, false, 0.0311, 0.0001),
            new World("class.fisher-vs-cov", "+margin", Truth.PLUS_DELTA, false, 0.0001, 0.0319),
            new World("class.fisher-vs-cov", "-margin, dips", Truth.MINUS_DELTA, true, 0.0092, 0.0009),
            new World("class.fisher-vs-cov", "+margin, dips", Truth.PLUS_DELTA, true, 0.0001, 0.0111));

    /** The simulated rates, computed once for the tests that read them. */
    private static final Map<String, VerdictRates> SIMULATED = new HashMap<>();
    /** Each world's centre before its shift (a reference sample of 2,000,000 draws), per claim, dips and location. */
    private static final Map<String, Double> CENTRES = new HashMap<>();

    /**
     * Each method's window accuracy in points at the second study's 60 paired seeds, under the support plan's
     * names: MSGD-[Cov-10] stands for MSGD-[Cov-exact-10] (PLAN.md, "Sizing").
     */
    static Map<String, double[]> secondStudy() throws IOException {
        Map<String, TreeMap<Integer, Double>> by = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(RUNS);
        List<String> header = List.of(lines.get(0).split(","));
        int method = header.indexOf("method");
        int seed = header.indexOf("seed");
        int window = header.indexOf("window_test_accuracy");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");      // the fields read come before the quoted CPU name
            by.computeIfAbsent(f[method], k -> new TreeMap<>()).put(Integer.parseInt(f[seed]), 100 * Double.parseDouble(f[window]));
        }
        Map<String, double[]> points = new LinkedHashMap<>();
        for (String m : StudyPlan.SUPPORT_METHODS) {
            TreeMap<Integer, Double> v = by.get(m.equals(SupportClaim.COV_EXACT_10) ? "msgd-[cov-10]" : m);
            if (v != null) {
                assertEquals(60, v.size(), m + ": the second study's 60 paired seeds");
                points.put(m, v.values().stream().mapToDouble(Double::doubleValue).toArray());
            }
        }
        return points;
    }

    static SupportClaim claim(String name) {
        return SupportClaim.all().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    /** The rates of {@code rule} in a world, simulated once per (rule, world). */
    static synchronized VerdictRates rates(LookRule rule, World w) throws IOException {
        String key = rule.location() + "/" + w.claim() + "/" + w.label();
        VerdictRates r = SIMULATED.get(key);
        if (r == null) {
            SupportClaim c = claim(w.claim());
            double[] d = c.perSeed(secondStudy());
            double delta = SupportClaim.DELTA;
            double truth = switch (w.truth()) {
                case MINUS_DELTA -> -delta;
                case PLUS_DELTA -> delta;
                case ZERO -> 0;
                case OBSERVED -> rule.location().of(d, d.length).estimate();
            };
            ResampledWorld observed = ResampledWorld.of(d, w.dips() ? DIPS : ResampledWorld.Dips.NONE);
            String shape = w.claim() + (w.dips() ? "/dips" : "");
            double centre = CENTRES.computeIfAbsent(rule.location() + "/" + shape,
                    k -> observed.centre(rule.location(), Streams.derive(SEED, "reference/" + shape)));
            ResampledWorld world = observed.centredAt(truth, centre);
            r = world.rates(rule, c.band(), STUDIES, Streams.derive(SEED, key));
            SIMULATED.put(key, r);
            System.out.printf(Locale.ROOT, "%-5s %-32s %-16s truth %+.3f: %s%n", rule.location() == Location.MEAN ? "plain" : "yuen",
                    w.claim(), w.label(), truth, r);
        }
        return r;
    }

    /** The level check: every wrong-verdict rate at a boundary within the share, up to 3.09 MC sd; the breaches. */
    static List<String> breaches(LookRule rule, List<World> worlds) throws IOException {
        double limit = SHARE + Z_LEVEL * VerdictRates.sd(SHARE, STUDIES);
        List<String> out = new ArrayList<>();
        for (World w : worlds) {
            if (w.truth() == Truth.OBSERVED) {
                continue;
            }
            VerdictRates r = rates(rule, w);
            if (r.pass() > limit) {
                out.add(String.format(Locale.ROOT, "%s at %s: P(PASS) %.4f > %.4f", w.claim(), w.label(), r.pass(), limit));
            }
            if (r.fail() > limit) {
                out.add(String.format(Locale.ROOT, "%s at %s: P(FAIL) %.4f > %.4f", w.claim(), w.label(), r.fail(), limit));
            }
        }
        return out;
    }

    @Test
    void theWorldsAreTheSizingsWorlds() throws IOException {
        Map<String, double[]> points = secondStudy();
        // size.py's "est" column: the second study's 10%-trimmed means of each claim's per-seed value
        double[] est = {0.000, 0.058, -0.367, -0.328, -0.164, -0.500};
        List<SupportClaim> all = SupportClaim.all();
        for (int i = 0; i < all.size(); i++) {
            assertEquals(est[i], TrimmedMean.of(all.get(i).perSeed(points)).estimate(), 0.0005, all.get(i).name());
        }
        assertEquals(0.42, SupportClaim.DELTA, 0);
        assertEquals(0.001, SupportClaim.SPENDING.alpha(0), 1e-15);
        assertEquals(0.004, SupportClaim.SPENDING.alpha(1), 1e-15);
    }

    @Test
    void noClaimsWrongVerdictRateAtItsBoundaryExceedsItsShare() throws IOException {
        List<String> breaches = breaches(SupportClaim.RULE, SIZING);
        assertTrue(breaches.isEmpty(), "the plan's rule breaks a claim's share 0.05/6: " + breaches);
    }

    @Test
    void everyRateAndPowerAgreesWithThePlansSizing() throws IOException {
        List<String> off = new ArrayList<>();
        for (World w : SIZING) {
            VerdictRates r = rates(SupportClaim.RULE, w);
            agree(off, w, "P(PASS)", r.pass(), w.sizingPass());
            agree(off, w, "P(FAIL)", r.fail(), w.sizingFail());
        }
        assertTrue(off.isEmpty(), "Java and size.py disagree beyond Monte Carlo error: " + off);
    }

    private static void agree(List<String> off, World w, String what, double java, double sizing) {
        double p = (java * STUDIES + sizing * SIZING_STUDIES) / (STUDIES + SIZING_STUDIES);
        double sd = Math.sqrt(p * (1 - p) * (1.0 / STUDIES + 1.0 / SIZING_STUDIES));
        if (Math.abs(java - sizing) > Z_AGREE * sd + 0.00005) {      // the sizing prints 4 decimals
            off.add(String.format(Locale.ROOT, "%s %s %s: Java %.4f, size.py %.4f (sd of the difference %.4f)",
                    w.claim(), w.label(), what, java, sizing, sd));
        }
    }

    /** The powers a verdict reports ({@link SupportPower}) are the sizing's, for every claim, plain and with dips. */
    @Test
    void thePowerVerdictsReportIsTheSizings() {
        for (SupportClaim c : SupportClaim.all()) {
            SupportPower p = SupportPower.of(c);
            for (World w : SIZING) {
                if (w.claim().equals(c.name()) && w.truth() == Truth.OBSERVED) {
                    assertEquals(w.sizingPass(), w.dips() ? p.dips() : p.plain(), 0, c.name() + " " + w.label());
                }
            }
        }
        assertEquals(SupportClaim.all().size(), SupportPower.PLANNED.size());
    }

    /** The plan's table: power 0.84 (dense vs SGD-50) to 1.00; every claim at least 0.8 on the plain worlds. */
    @Test
    void atTheSecondStudysValuesEveryClaimHasThePlansPower() throws IOException {
        for (World w : SIZING) {
            if (w.truth() != Truth.OBSERVED) {
                continue;
            }
            VerdictRates r = rates(SupportClaim.RULE, w);
            assertEquals(0, r.fail(), 0.001, w.claim() + " " + w.label() + ": a FAIL at the second study's values");
            if (!w.dips()) {
                assertTrue(r.pass() >= 0.8 - Z_LEVEL * VerdictRates.sd(0.8, STUDIES), w.claim() + ": power " + r);
            }
        }
    }

    /**
     * The named wrong variant fails this test: Student's t on the untrimmed mean, in worlds centred on their mean,
     * passes Fisher vs Cov at -Delta about 0.031 of the time (sizing/plain-t.txt), almost four times the share.
     */
    @Test
    void plainTOnTheMeanBreaksTheShareAndTheLevelCheckSaysSo() throws IOException {
        LookRule plainT = new LookRule(SupportClaim.SPENDING, Location.MEAN);
        List<String> breaches = breaches(plainT, PLAIN_T_SIZING);
        assertTrue(breaches.stream().anyMatch(b -> b.startsWith("class.fisher-vs-cov at -margin: P(PASS)")), breaches.toString());
        assertTrue(breaches.stream().anyMatch(b -> b.startsWith("class.fisher-vs-cov at +margin: P(FAIL)")), breaches.toString());
        List<String> off = new ArrayList<>();
        for (World w : PLAIN_T_SIZING) {
            VerdictRates r = rates(plainT, w);
            agree(off, w, "P(PASS)", r.pass(), w.sizingPass());
            agree(off, w, "P(FAIL)", r.fail(), w.sizingFail());
        }
        assertTrue(off.isEmpty(), "plain t: Java and size.py --plain-t disagree: " + off);
        assertTrue(rates(plainT, PLAIN_T_SIZING.get(0)).pass() > 3 * SHARE, "the plain t's wrong PASS rate");
        assertEquals(Verdict.PASS, SupportClaim.RULE.decide(new BandClaim.Equivalence(SupportClaim.DELTA), new double[50]).verdict(),
                "the rule passes 50 seeds that agree exactly");
    }
}
