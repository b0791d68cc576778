package org.msgdlab.reports.summary;

import org.msgdlab.core.claims.Verdict;
import org.msgdlab.reports.summary.NoiseClassEvidence.Recovery;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import static org.msgdlab.reports.summary.NoiseClassEvidence.two;

/**
 * The answer to the project's main question, "does the noise class matter?", in one sentence with its numbers,
 * made from the noise-class claims' evidence ({@link NoiseClassEvidence}) and from nothing else. It names the quantity
 * the claims estimate, R (a pseudo-median ratio of a noise's gain over GD to SGD-50's), says what a PASS means ("keeps
 * at least half of SGD-50's advantage", from the band's lower edge) and no more: no mean share, no points, no "as
 * SGD-50" (the band cannot say it).
 * <p>
 * Its lead follows from the verdicts of the recovery claims and the noises' families: "Not measurably" when noises
 * of two or more families PASS and none FAILs; "It may" when a family FAILs that no PASS noise belongs to; "Not
 * decided yet" before any recovery claim's first look; otherwise "By R's band".
 */
public final class NoiseClassSentence {

    /** The question the sentence answers. */
    public static final String QUESTION = "Does the noise class matter?";

    private NoiseClassSentence() {
    }

    /**
     * The sentence.
     *
     * @param ev the noise-class claims of a results file
     * @return one sentence, plain text
     */
    public static String of(NoiseClassEvidence ev) {
        List<Recovery> all = ev.recoveries();
        List<Recovery> pass = with(all, r -> r.verdict() == Verdict.PASS);
        List<Recovery> fail = with(all, r -> r.verdict() == Verdict.FAIL);
        List<Recovery> open = with(all, r -> r.verdict() == Verdict.INCONCLUSIVE);
        List<Recovery> notRun = with(all, r -> r.verdict() == Verdict.NOT_RUN);
        List<Recovery> other = with(all, r -> !pass.contains(r) && !fail.contains(r) && !open.contains(r) && !notRun.contains(r));
        String band = "[" + plain(ev.bandLower()) + ", " + plain(ev.bandUpper()) + "]";
        String share = ev.bandLower() == 0.5 ? "at least half" : "at least " + plain(ev.bandLower());
        String advantage = " " + share + " of SGD-50's advantage over GD";
        String r = "R (a pseudo-median ratio of a noise's gain over GD to SGD-50's: 0 = as GD, 1 = as SGD-50"
                + (ev.pairedSeeds() > 0 ? "; " + ev.pairedSeeds() + " paired seeds" : "") + ")";
        if (pass.isEmpty() && fail.isEmpty() && open.isEmpty()) {
            return "Not decided yet, by " + r + ": " + (notRun.isEmpty() ? "" : count(notRun.size(), "recovery claim")
                    + " before " + (notRun.size() == 1 ? "its" : "their") + " first look (R so far " + range(notRun)
                    + ", a description, not a verdict)") + (other.isEmpty() ? "" : (notRun.isEmpty() ? "" : "; ")
                    + names(other) + " not checked (" + verdicts(other) + ")") + ".";
        }
        Set<String> passFamilies = families(pass);
        Set<String> failFamilies = families(fail);
        failFamilies.removeAll(passFamilies);
        String lead = passFamilies.size() >= 2 && fail.isEmpty() ? "Not measurably"
                : !pass.isEmpty() && !failFamilies.isEmpty() ? "It may" : "By R's band";
        List<String> clauses = new ArrayList<>();
        if (!pass.isEmpty()) {
            clauses.add((passFamilies.size() >= 2 && fail.isEmpty() ? String.join(" and ", passFamilies) + " noises alike ("
                    + names(pass) + ")" : names(pass)) + keep(pass) + advantage + " (PASS: R " + range(pass) + ", "
                    + (pass.size() == 1 ? "its set" : "every set") + " inside " + band + ")");
        }
        if (!fail.isEmpty()) {
            clauses.add(names(fail) + (fail.size() == 1 ? " does" : " do") + " not (FAIL: R " + range(fail) + ", "
                    + (fail.size() == 1 ? "its set" : "every set") + " outside " + band + ")");
        }
        if (!open.isEmpty()) {
            clauses.add("whether " + adjective(open) + names(open) + keep(open) + " " + share
                    + " is open (INCONCLUSIVE: R " + list(open, x -> two(x.estimate())) + ", "
                    + (open.size() == 1 ? "set " : "sets ") + list(open, ev::printedSet) + " " + straddle(open, ev) + ")");
        }
        if (!notRun.isEmpty()) {
            clauses.add(names(notRun) + " not decided yet (R so far " + range(notRun) + ")");
        }
        if (!other.isEmpty()) {
            clauses.add(names(other) + " not checked (" + verdicts(other) + ")");
        }
        List<Recovery> finite = with(all, x -> Double.isFinite(x.estimate()));
        long below = finite.stream().filter(x -> x.estimate() < 1).count();
        String tail = finite.isEmpty() ? "" : (below == finite.size() && finite.size() > 1 ? "all " + finite.size() + " estimates"
                : below + " of " + finite.size() + " estimates") + " of R " + (below == 1 && finite.size() == 1 ? "is" : "are")
                + " below 1";
        List<NoiseClassEvidence.Collapse> col = ev.collapses();
        if (!col.isEmpty()) {
            long ok = col.stream().filter(c -> c.verdict() == Verdict.PASS).count();
            long more = col.stream().filter(c -> c.verdict() == Verdict.FAIL).count();
            long rest = col.size() - ok - more;
            String c = ok + " of " + col.size() + " noises collapse no more often than SGD-50 (PASS"
                    + (more > 0 ? "; " + more + " FAIL" : "") + (rest > 0 ? "; " + rest + " not decided" : "") + ")";
            tail = tail.isEmpty() ? c : tail + ", and " + c;
        }
        if (!tail.isEmpty()) {
            clauses.add(tail);
        }
        return lead + ", by " + r + ": " + String.join("; ", clauses) + ".";
    }

    /** "straddle 0.5", "reach above 1.5" or "straddle 0.5 and 1.5": which edges of the band the open sets cross. */
    private static String straddle(List<Recovery> open, NoiseClassEvidence ev) {
        boolean low = open.stream().anyMatch(x -> x.lower() < ev.bandLower() && x.upper() > ev.bandLower());
        boolean high = open.stream().anyMatch(x -> x.lower() < ev.bandUpper() && x.upper() > ev.bandUpper());
        String verb = open.size() == 1 ? "straddles " : "straddle ";
        return low && high ? verb + plain(ev.bandLower()) + " or " + plain(ev.bandUpper())
                : low ? verb + plain(ev.bandLower()) : high ? verb + plain(ev.bandUpper()) : "are neither inside nor outside the band";
    }

    /** "the sparse " when every noise listed is of one family other than the two named classes' "other". */
    private static String adjective(List<Recovery> rs) {
        Set<String> f = families(rs);
        return f.size() == 1 && !f.contains("other") ? "the " + f.iterator().next() + " " : "";
    }

    /** " keep", or " keeps" after one noise. */
    private static String keep(List<Recovery> rs) {
        return rs.size() == 1 ? " keeps" : " keep";
    }

    private static Set<String> families(List<Recovery> rs) {
        Set<String> f = new LinkedHashSet<>();
        rs.forEach(x -> f.add(x.family()));
        return f;
    }

    private static List<Recovery> with(List<Recovery> rs, Predicate<Recovery> p) {
        return rs.stream().filter(p).toList();
    }

    /** "A", "A and B", "A, B and C". */
    private static String names(List<Recovery> rs) {
        return list(rs, Recovery::noise);
    }

    private static String list(List<Recovery> rs, java.util.function.Function<Recovery, String> f) {
        List<String> s = rs.stream().map(f).toList();
        return s.size() <= 1 ? String.join("", s) : String.join(", ", s.subList(0, s.size() - 1)) + " and " + s.get(s.size() - 1);
    }

    /** "0.82–0.91", or one value. */
    private static String range(List<Recovery> rs) {
        double lo = rs.stream().mapToDouble(Recovery::estimate).filter(Double::isFinite).min().orElse(Double.NaN);
        double hi = rs.stream().mapToDouble(Recovery::estimate).filter(Double::isFinite).max().orElse(Double.NaN);
        return two(lo).equals(two(hi)) ? "= " + two(lo) : two(lo) + "–" + two(hi);
    }

    private static String verdicts(List<Recovery> rs) {
        return String.join(", ", rs.stream().map(x -> String.valueOf(x.verdict())).distinct().toList());
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    /** A band edge as written: 0.5, 1.5, 1. */
    private static String plain(double x) {
        return x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x);
    }
}
