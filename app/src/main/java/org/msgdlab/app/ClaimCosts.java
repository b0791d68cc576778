package org.msgdlab.app;

import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What each claim is expected to cost, for the ETA of {@code verify}: the seconds it took in the
 * previous run of the same budget in the same folder (its results.json: this machine), else the seconds
 * measured for it on the reference machine (the table {@code claim-seconds.csv} shipped with the
 * toolkit, whose first line names the machine and the day), else the mean of the claims finished so far
 * in this run. Known costs are corrected as claims finish, by how this run's finished claims compare
 * with their known costs ({@link #remainingSeconds}). A mean over claims is what the ETA used before,
 * and it is badly wrong when one slow claim (a deep study) follows many fast ones.
 */
final class ClaimCosts {

    static final String TABLE = "claim-seconds.csv";

    /**
     * Seconds of known cost that the speed correction starts from, as if that much had run at the known
     * speed: the first claims (a few tenths of a second each, and slowed by class loading and the JIT)
     * would otherwise set the speed of the whole run.
     */
    static final double PRIOR_SECONDS = 5.0;

    private final Map<String, Double> previous;
    private final Map<String, Double> reference;
    private final String basis;

    ClaimCosts(Map<String, Double> previous, Map<String, Double> reference) {
        this(previous, reference, previous.isEmpty() ? "the reference machine's costs" : "this folder's previous run");
    }

    private ClaimCosts(Map<String, Double> previous, Map<String, Double> reference, String basis) {
        this.previous = Map.copyOf(previous);
        this.reference = Map.copyOf(reference);
        this.basis = basis;
    }

    /** The costs for a run of {@code budget} writing into {@code out}. */
    static ClaimCosts load(Path out, Budget budget) {
        Map<String, Double> previous = previousRun(out.resolve(ResultsFile.NAME), budget);
        Map<String, Double> reference = shipped(budget);
        String basis = !previous.isEmpty() ? "this folder's previous " + budget.name().toLowerCase(java.util.Locale.ROOT) + " run"
                : !reference.isEmpty() ? "measured on " + shippedSource()
                : "no measured costs for the " + budget.name().toLowerCase(java.util.Locale.ROOT)
                        + " budget: the mean of the claims done so far";
        return new ClaimCosts(previous, reference, basis);
    }

    /** Where the expected costs come from, for the "expected time" line. */
    String basis() {
        return basis;
    }

    /** Seconds per claim of a finished earlier run of the same budget in {@code results}; empty if none. */
    static Map<String, Double> previousRun(Path results, Budget budget) {
        Map<String, Double> m = new HashMap<>();
        if (!Files.isRegularFile(results)) {
            return m;
        }
        try {
            Results r = ResultsFile.read(results);
            if (!budget.name().equalsIgnoreCase(String.valueOf(r.provenance().budget()))) {
                return m;
            }
            for (StudyResult s : r.studies()) {
                for (Evidence e : s.claims()) {
                    if (e.verdict() != Verdict.NOT_RUN && Double.isFinite(e.seconds()) && e.seconds() >= 0) {
                        m.put(e.claimId(), e.seconds());
                    }
                }
            }
        } catch (IllegalArgumentException unreadable) {
            // an unreadable earlier file is no reason not to run: fall back to the shipped table
        }
        return m;
    }

    /** The machine and day of the shipped table (its first line, {@code # measured on ...}), or "the reference machine". */
    static String shippedSource() {
        try (InputStream in = ClaimCosts.class.getResourceAsStream(TABLE)) {
            if (in != null) {
                String first = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).readLine();
                if (first != null && first.startsWith("# measured on ")) {
                    return first.substring("# measured on ".length()).strip();
                }
            }
        } catch (IOException e) {
            // fall through
        }
        return "the reference machine";
    }

    /** The shipped table's seconds for {@code budget} (columns budget, claim_id, seconds; lines starting with # are comments). */
    static Map<String, Double> shipped(Budget budget) {
        Map<String, Double> m = new HashMap<>();
        try (InputStream in = ClaimCosts.class.getResourceAsStream(TABLE)) {
            if (in == null) {
                return m;
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                String[] f = line.split(",");
                if (!line.startsWith("#") && f.length == 3 && f[0].equalsIgnoreCase(budget.name())) {
                    try {
                        m.put(f[1], Double.parseDouble(f[2]));
                    } catch (NumberFormatException header) {
                        // the header row
                    }
                }
            }
        } catch (IOException e) {
            // no table: the ETA falls back to the running mean
        }
        return m;
    }

    /**
     * Expected seconds of {@code remaining} claims, given that the {@code doneIds} claims took
     * {@code doneSeconds} in this run: each known cost scaled by how this run compares with the
     * known costs of the claims already done (this run's speed, started from {@link #PRIOR_SECONDS} at
     * the known speed so that the first fast claims do not set it alone), the unknown ones at the mean.
     */
    double remainingSeconds(List<String> doneIds, double doneSeconds, List<String> remaining) {
        double knownDone = 0;
        for (String id : doneIds) {
            Double c = cost(id);
            if (c != null) {
                knownDone += c;
            }
        }
        double speed = knownDone > 0 && doneSeconds > 0 ? (doneSeconds + PRIOR_SECONDS) / (knownDone + PRIOR_SECONDS) : 1.0;
        double mean = doneIds.isEmpty() ? 0 : doneSeconds / doneIds.size();
        double eta = 0;
        for (String id : remaining) {
            Double c = cost(id);
            eta += c == null ? mean : c * speed;
        }
        return eta;
    }

    private Double cost(String id) {
        Double p = previous.get(id);
        return p != null ? p : reference.get(id);
    }
}
