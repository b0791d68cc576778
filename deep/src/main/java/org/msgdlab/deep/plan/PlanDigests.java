package org.msgdlab.deep.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.msgdlab.core.io.AtomicFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The pre-registration's guard: each run of a plan file records the file's digest in its folder
 * ({@value #RUN_FILE}, written before the run starts), and a look or a further run refuses a plan whose runs
 * recorded a digest that is neither the file's nor one an {@link PlanFile.Amendment} replaces. A run with no
 * recorded digest (trained before the plan file existed) counts only when an amendment replaces {@code none}.
 * <p>
 * Stateless and thread-safe.
 */
public final class PlanDigests {

    /** The file in a run's folder that records the plan's digest. */
    public static final String RUN_FILE = "plan-digest.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private PlanDigests() {
    }

    /**
     * Records the plan's digest in a run's folder (created when missing), before the run starts.
     *
     * @param plan   the plan
     * @param runDir the run's folder
     * @throws IOException when it cannot be written
     */
    public static void record(PlanFile plan, Path runDir) throws IOException {
        Files.createDirectories(runDir);
        AtomicFiles.writeString(runDir.resolve(RUN_FILE), "{\n  \"plan\": \"" + plan.name() + "\",\n  \"sha256\": \""
                + plan.sha256() + "\"\n}\n");
    }

    /**
     * The digest a run recorded.
     *
     * @param runDir the run's folder
     * @return {@code sha256:<hex>}, or {@link PlanFile.Amendment#NONE} when it recorded none
     * @throws IOException when the record cannot be read or is damaged (named)
     */
    public static String recorded(Path runDir) throws IOException {
        Path f = runDir.resolve(RUN_FILE);
        if (!Files.exists(f)) {
            return PlanFile.Amendment.NONE;
        }
        JsonNode n;
        try {
            n = JSON.readTree(f.toFile());
        } catch (IOException e) {
            throw new IOException(f + ": not the JSON a run's plan digest is written as: " + e.getMessage(), e);
        }
        JsonNode sha = n == null ? null : n.get("sha256");
        if (sha == null || !sha.isTextual() || !sha.asText().matches("[0-9a-f]{64}")) {
            throw new IOException(f + ": sha256 = " + (sha == null ? "(missing)" : sha) + ": must be 64 lower-case hex digits");
        }
        return "sha256:" + sha.asText();
    }

    /**
     * The digests under which a run counts: the file's, and every one an amendment replaces.
     *
     * @param plan the plan
     * @return {@code sha256:<hex>} of the file first, then the amendments' {@code replaces}
     */
    public static Set<String> accepted(PlanFile plan) {
        Set<String> ok = new LinkedHashSet<>();
        ok.add("sha256:" + plan.sha256());
        plan.amendments().forEach(a -> ok.add(a.replaces()));
        return ok;
    }

    /**
     * The runs in the plan's folder whose recorded digest the plan does not accept, each as
     * {@code <protocol>/<method id>/seed-<s> recorded <digest>}: a plan edited after they started, without an amendment.
     *
     * @param plan the plan
     * @param runs the run folders to check (those that exist)
     * @return the offending runs, empty when every run counts
     * @throws IOException when a record cannot be read
     */
    public static List<String> changedSince(PlanFile plan, List<Path> runs) throws IOException {
        Set<String> ok = accepted(plan);
        List<String> out = new ArrayList<>();
        for (Path r : runs) {
            if (!Files.isDirectory(r)) {
                continue;
            }
            String d = recorded(r);
            if (!ok.contains(d)) {
                out.add(plan.dir().relativize(r.toAbsolutePath()) + " recorded " + d);
            }
        }
        return out;
    }

    /**
     * The one line a look or a run prints when the plan changed after runs started, naming the first such run and
     * how to go on.
     *
     * @param plan    the plan
     * @param changed {@link #changedSince}'s list, not empty
     * @return the line
     */
    public static String refusal(PlanFile plan, List<String> changed) {
        String first = changed.get(0);
        String digest = first.substring(first.lastIndexOf(' ') + 1);
        return "plan " + plan.file() + " (sha256:" + plan.sha256().substring(0, 12) + "...) changed after its first run: "
                + changed.size() + " run" + (changed.size() == 1 ? "" : "s") + " (first " + first.substring(0,
                first.indexOf(" recorded")) + ") recorded " + digest + "; restore that file, or record the change in"
                + " \"amendments\" with its date, reason and \"replaces\": \"" + digest + "\"";
    }
}
