package org.msgdlab.deep.study;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.deep.train.TrainingContext;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A pre-registered claim of the paired Fashion-MNIST study as a claim of {@code msgd verify}: its
 * verdict comes from the completed runs in the study directory (committed under
 * {@code deep/results/fashion-mnist-study}). At the quick budget nothing is trained; at the full
 * budget the runs the claims' next looks want are trained first (reusing every completed run, two
 * at a time), once per protocol and JVM, in the {@link TrainingContext} of the check's context ({@link #TRAINING}).
 * <p>
 * Thread-safe: the claims of one protocol share one reader of the runs, which reads (and trains) under
 * a lock, once per budget.
 */
public final class StudyClaim implements Claim {

    /**
     * The training context of the runs trained at the full budget: when to stop them (the command line's Ctrl-C and
     * TERM, the same request that cancels its claims) and the environment recorded in their run.json. Unset (tests,
     * an embedding program): never cancelled, no environment recorded; this process's own is never read here.
     */
    public static final CheckContext.Option<TrainingContext> TRAINING = new CheckContext.Option<>("deep.training",
            TrainingContext.class, TrainingContext.uncancelled(Map.of()));

    private final PairedClaim claim;
    private final StudyPlan plan;
    private final Runs runs;
    private final Function<PairedClaim, String> note;

    private StudyClaim(PairedClaim claim, Runs runs, Function<PairedClaim, String> note) {
        this.claim = claim;
        this.plan = runs.plan;
        this.runs = runs;
        this.note = note;
    }

    /**
     * Every study claim under both protocols, on the runs in {@code dir}; the claims of a protocol read them once.
     *
     * @param dir     the study directory
     * @param dataDir where Fashion-MNIST is (for the runs trained at the full budget)
     * @param log     where training progress goes
     * @return the claims, {@link PairedClaim#all()} per protocol of {@link Protocol#named()}
     */
    public static List<Claim> all(Path dir, Path dataDir, PrintStream log) {
        return Protocol.named().stream().flatMap(p -> {
            Runs shared = new Runs(StudyPlan.of(p, dir, dataDir), true, log);
            return PairedClaim.all().stream().map(c -> (Claim) new StudyClaim(c, shared, x -> ""));
        }).toList();
    }

    /**
     * Every study claim of {@code plan}, decided from the completed runs on disk at any budget, never
     * training (a sweep's runs, {@code msgd verify --from}); {@code note} gives a phrase to add to a
     * claim's verdict reason (e.g. which of its runs the sweep has not finished), empty for none.
     *
     * @param plan the study whose runs are read
     * @param note the phrase per claim, empty for none
     * @param log  unused while nothing is trained; kept for the shared reader
     * @return the claims, one per {@link PairedClaim#all()}
     */
    public static List<Claim> readOnly(StudyPlan plan, Function<PairedClaim, String> note, PrintStream log) {
        Runs shared = new Runs(plan, false, log);
        return PairedClaim.all().stream().map(c -> (Claim) new StudyClaim(c, shared, note)).toList();
    }

    @Override
    public String id() {
        return claim.id(plan.protocol().name());
    }

    @Override
    public String paperRef() {
        return claim.paperRef();
    }

    @Override
    public String statement() {
        return "on small Fashion-MNIST (" + plan.protocol().name() + " protocol): " + claim.statement();
    }

    /**
     * {@inheritDoc} A failure to read (or train) the runs is an error verdict, not an exception.
     */
    @Override
    public Evidence check(CheckContext context) {
        Budget budget = context.budget();
        long t0 = System.nanoTime();
        try {
            StudyRuns r = runs.get(budget, context.option(TRAINING));
            Evidence e = StudyVerdicts.evaluate(claim, r).evidence();
            if (!r.mismatches().isEmpty()) {
                e = e.withDetail("not used (other settings): " + r.mismatches());
            }
            String n = note.apply(claim);
            return n.isEmpty() ? e : e.withDetail(n);
        } catch (Exception ex) {
            return Evidence.error(ClaimRef.of(this), ex.getClass().getSimpleName() + ": " + ex.getMessage(),
                    (System.nanoTime() - t0) / 1e9);
        }
    }

    /**
     * The runs of one protocol, read once per budget (at the full budget after training what the claims want, in the
     * training context of the first check that asks).
     */
    private static final class Runs {
        private final StudyPlan plan;
        private final boolean trainAtFullBudget;
        private final PrintStream log;
        private final Map<Budget, StudyRuns> read = new HashMap<>();

        Runs(StudyPlan plan, boolean trainAtFullBudget, PrintStream log) {
            this.plan = plan;
            this.trainAtFullBudget = trainAtFullBudget;
            this.log = log;
        }

        synchronized StudyRuns get(Budget budget, TrainingContext training) throws Exception {
            StudyRuns r = read.get(budget);
            if (r != null) {
                return r;
            }
            if (budget == Budget.FULL && trainAtFullBudget) {
                List<StudyRunner.Task> tasks = StudyRunner.wanted(StudyRuns.read(plan, StudyVerdicts.CAP), List.of());
                if (!tasks.isEmpty()) {
                    new StudyRunner(plan, 2, null, log, training).runAll(tasks);
                }
            }
            r = StudyRuns.read(plan, StudyVerdicts.CAP);
            read.put(budget, r);
            return r;
        }
    }
}
