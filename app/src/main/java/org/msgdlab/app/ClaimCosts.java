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
 * previous run of the same budget in the same folder (its results.json), else the seconds measured
 * for it on the reference machine (2 cores; the table {@code claim-seconds.csv} shipped with the
 * toolkit), else the mean of the claims finished so far in this run. A mean over claims is what the
 * ETA used before, and it is badly wrong when one slow claim (a deep study) follows many fast ones.
 */
final class ClaimCosts {

    static final String TABLE = "claim-seconds.csv";

    private final Map<String, Double> previous;
    private final Map<String, Double> reference;

    ClaimCosts(Map<String, Double> previous, Map<String, Double> reference) {
        this.previous = Map.copyOf(previous);
        this.reference = Map.copyOf(reference);
    }

    /** The costs for a run of {@code budget} writing into {@code out}. */
    static ClaimCosts load(Path out, Budget budget) {
        return new ClaimCosts(previousRun(out.resolve(ResultsFile.NAME), budget), shipped(budget));
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

    /** The shipped table's seconds for {@code budget} (columns budget, claim_id, seconds). */
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
                if (f.length == 3 && f[0].equalsIgnoreCase(budget.name())) {
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
     * {@code doneSeconds} in this run: each known cost scaled by how this machine compares with the
     * known costs of the claims already done (this run's speed), the unknown ones at the mean.
     */
    double remainingSeconds(List<String> doneIds, double doneSeconds, List<String> remaining) {
        double knownDone = 0;
        for (String id : doneIds) {
            Double c = cost(id);
            if (c != null) {
                knownDone += c;
            }
        }
        double speed = knownDone > 0.5 && doneSeconds > 0 ? doneSeconds / knownDone : 1.0;
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
