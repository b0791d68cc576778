package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.study.StudyClaim;
import org.msgdlab.deep.train.Cancellation;
import org.msgdlab.deep.train.ShutdownCancellation;
import org.msgdlab.deep.train.TrainingContext;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code msgd verify} gives the claims that train (the deep study's, at the full budget) their training context through
 * {@link CheckContext} ({@link StudyClaim#TRAINING}): verify's own Ctrl-C/TERM cancellation, which also cancels the
 * claims, and this process's environment, read in the command layer.
 */
class VerifyTrainingContextTest {

    /** A claim that keeps the context it is checked in. */
    record Probe(List<CheckContext> seen) implements Claim {
        @Override
        public String id() {
            return "fake.probe";
        }

        @Override
        public String paperRef() {
            return "Section 5";
        }

        @Override
        public String statement() {
            return "reads its context";
        }

        @Override
        public Evidence check(CheckContext context) {
            seen.add(context);
            return new FakeModules.FixedClaim(id(), Verdict.PASS, null).check(context);
        }
    }

    @Test
    void theTrainingContextAndTheClaimsCancellationAreOneRequest() {
        AtomicBoolean requested = new AtomicBoolean();
        Cancellation stop = requested::get;
        CheckContext c = VerifyCommand.withTraining(CheckContext.of(Budget.FULL, 1), stop);
        TrainingContext training = c.option(StudyClaim.TRAINING);
        assertSame(stop, training.cancellation());
        assertEquals(new TrainingContext(Cancellation.NEVER, System.getenv()).environment(), training.environment(),
                "this process's environment, as a run records it");
        assertFalse(c.cancelled().getAsBoolean());
        requested.set(true);
        assertTrue(c.cancelled().getAsBoolean(), "the claims are cancelled by the request that stops the training");
        assertTrue(training.cancellation().requested());
    }

    @Test
    void aClaimOfAVerifyRunReceivesVerifysTrainingContext(@TempDir Path tmp) {
        List<CheckContext> seen = new CopyOnWriteArrayList<>();
        Study study = new Study("fake.study", "A fake study", "Section 5", List.of(new Probe(seen)));
        Modules modules = new Modules(List.of(Modules.Module.of("theory", context -> study)));
        CommandLine cl = Msgd.commandLine(modules);
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(ExitCode.OK.code(), cl.execute("verify", "--out", tmp.toString()), err.toString());

        assertEquals(1, seen.size());
        CheckContext c = seen.get(0);
        TrainingContext training = c.option(StudyClaim.TRAINING);
        assertTrue(training.cancellation() instanceof ShutdownCancellation, "verify's Ctrl-C and TERM: " + training);
        assertFalse(training.cancellation().requested());
        assertFalse(c.cancelled().getAsBoolean());
        assertEquals(new TrainingContext(Cancellation.NEVER, System.getenv()).environment(), training.environment());
        assertFalse(training.equals(TrainingContext.uncancelled(Map.of())), "not the fallback of a context without one");
    }
}
