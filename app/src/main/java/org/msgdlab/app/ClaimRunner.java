package org.msgdlab.app;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs the claims of a {@code msgd verify} run one at a time in the run's context: records each
 * claim's evidence in the {@link VerificationRun} and prints the progress on stderr (the expected
 * time from {@link ClaimCosts}, then {@code [i/N] id ... VERDICT (s), ETA} a claim). A check that
 * throws or returns no evidence becomes ERROR evidence and the run goes on; after Ctrl-C it stops quietly.
 */
final class ClaimRunner {

    private final CheckContext base;

    /** @param base the run's context (budget, seed, data folder, the modules' options), built once by the command */
    ClaimRunner(CheckContext base) {
        this.base = base;
    }

    /** Checks every claim of {@code run}'s studies in order, until they are done or the run is interrupted. */
    void runClaims(VerificationRun run, PrintWriter err) {
        List<Study> studies = run.studies();
        int total = studies.stream().mapToInt(s -> s.claims().size()).sum();
        if (total == 0) {
            err.println("no claims to run");
        }
        List<String> remaining = new ArrayList<>();
        studies.forEach(st -> st.claims().forEach(c -> remaining.add(c.id())));
        List<String> finished = new ArrayList<>();
        ClaimCosts costs = ClaimCosts.load(run.out(), base.budget());
        double expected = costs.remainingSeconds(List.of(), 0, remaining);
        if (total > 1 && expected > 0) {
            err.println("expected time: about " + duration(expected) + " (" + costs.basis() + ")");
        }
        int done = 0;
        long start = System.nanoTime();
        for (int s = 0; s < studies.size(); s++) {
            List<Claim> claims = studies.get(s).claims();
            for (int c = 0; c < claims.size(); c++) {
                Claim claim = claims.get(c);
                err.printf(Locale.ROOT, "[%d/%d] %s ... ", done + 1, total, claim.id());
                err.flush();
                long t0 = System.nanoTime();
                Evidence e = check(claim, context(run, err));
                double seconds = (System.nanoTime() - t0) * 1e-9;
                e = e.withSeconds(seconds);
                if (!run.record(s, c, e)) {
                    // interrupted meanwhile: the results were written as they stood, say nothing more
                    return;
                }
                done++;
                finished.add(claim.id());
                remaining.remove(claim.id());
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s (%.1f s)", e.verdict(), seconds));
                if (e.verdict() == Verdict.ERROR) {
                    line.append(": ").append(e.verdictReason());
                }
                if (done < total) {
                    double elapsed = (System.nanoTime() - start) * 1e-9;
                    line.append(", ETA ").append(duration(costs.remainingSeconds(finished, elapsed, remaining)));
                }
                err.println(line);
                err.flush();
            }
        }
        if (total > 1 && expected > 0) {
            err.println("claims took " + duration((System.nanoTime() - start) * 1e-9) + " (expected at the start: "
                    + duration(expected) + ")");
        }
    }

    /**
     * What a claim gets: the run's context with the run's --out folder as work folder, progress lines
     * on stderr, and cancellation when the run's is requested (Ctrl-C, TERM) or this thread is interrupted.
     */
    private CheckContext context(VerificationRun run, PrintWriter err) {
        java.util.function.BooleanSupplier stopped = base.cancelled();
        return base.withWorkDir(run.out())
                .withLog(line -> {
                    err.println(line);
                    err.flush();
                })
                .withCancellation(() -> stopped.getAsBoolean() || Thread.currentThread().isInterrupted());
    }

    /**
     * Runs one check; a throw (or a null) becomes ERROR evidence with the message, and the run goes
     * on; a {@link org.msgdlab.core.claims.CheckFailure}'s message is the reason as it is. The caller times it: the evidence's seconds are the runner's, whatever the claim measured.
     */
    private static Evidence check(Claim claim, CheckContext context) {
        try {
            Evidence e = claim.check(context);
            if (e == null) {
                throw new IllegalStateException("check returned no evidence");
            }
            return e;
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError ex) {
            return Evidence.error(ClaimRef.of(claim), describe(ex), 0);
        }
    }

    private static String describe(Throwable t) {
        if (t instanceof org.msgdlab.core.claims.CheckFailure) {
            return t.getMessage(); // the whole reason, in one line
        }
        String where = t.getStackTrace().length == 0 ? "" : " (at " + t.getStackTrace()[0] + ")";
        return t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage()) + where;
    }

    private static String duration(double seconds) {
        return seconds < 100 ? String.format(Locale.ROOT, "%.0f s", seconds)
                : String.format(Locale.ROOT, "%.1f min", seconds / 60);
    }
}
