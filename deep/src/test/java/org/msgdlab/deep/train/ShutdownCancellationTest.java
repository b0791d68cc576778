package org.msgdlab.deep.train;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C and TERM as a cancellation: the shutdown requests the stop, then waits for the runs holding it to
 * save (and no longer than its grace); nothing is shared between two cancellations.
 */
class ShutdownCancellationTest {

    @Test
    void theShutdownRequestsTheStopAndWaitsUntilTheRunsHoldingItHaveSaved() throws Exception {
        ShutdownCancellation stop = new ShutdownCancellation(Duration.ofMinutes(1));
        Cancellation.Hold run = stop.hold();
        Cancellation.Hold finished = stop.hold();
        finished.close();   // a run that ended before the shutdown holds nothing
        assertFalse(stop.requested());
        CompletableFuture<Void> shutdown = CompletableFuture.runAsync(stop::onShutdown);
        assertThrows(TimeoutException.class, () -> shutdown.get(300, TimeUnit.MILLISECONDS), "waits for the open run");
        assertTrue(stop.requested(), "the run is asked to stop after its current step");
        run.close();   // the run has saved its checkpoint and run.json
        assertDoesNotThrow(() -> shutdown.get(10, TimeUnit.SECONDS));
    }

    @Test
    void theShutdownWaitsNoLongerThanItsGrace() {
        ShutdownCancellation stop = new ShutdownCancellation(Duration.ofMillis(200));
        stop.hold();   // a run that never saves
        long t0 = System.nanoTime();
        stop.onShutdown();
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds >= 0.19 && seconds < 10, seconds + " s");
    }

    @Test
    void twoCancellationsShareNothing() {
        try (ShutdownCancellation a = ShutdownCancellation.install(); ShutdownCancellation b = ShutdownCancellation.install()) {
            a.onShutdown();
            assertTrue(a.requested());
            assertFalse(b.requested(), "no static request: a study's stop is not another's");
        }
    }

    @Test
    void aTestOfCoresCancellationIsACancellationThatHoldsNothing() {
        boolean[] asked = {false};
        Cancellation c = Cancellation.when(() -> asked[0]);
        assertFalse(c.requested());
        asked[0] = true;
        assertTrue(c.requested());
        assertDoesNotThrow(() -> c.hold().close());
        assertFalse(Cancellation.NEVER.requested());
    }
}
