package org.msgdlab.theory.plugin;

import org.msgdlab.theory.testing.PluginFixtures;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.random.Streams;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every call into a plug-in goes through one guard: a throw, a null, a call past its time limit or one running when
 * the run is stopped is a {@link PluginFailure} of one line naming the plug-in, the call and the cause.
 */
class PluginGuardTest {

    private static final PluginGuard.Limits SHORT = PluginGuard.Limits.of(Duration.ofMillis(300));

    /** A call that does not return until the test ends, whatever interrupts it gets (a plug-in that ignores them). */
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void releaseHungCalls() {
        release.countDown();
    }

    private Object hang() {
        while (true) {
            try {
                release.await();
                return "released";
            } catch (InterruptedException ignored) {
                // a plug-in that does not heed interrupts
            }
        }
    }

    @Test
    void aThrowIsOneLineNamingThePluginTheCallAndTheCause() {
        PluginGuard g = new PluginGuard("plug-in 'p' (jar p.jar)", SHORT);
        IllegalStateException boom = new IllegalStateException("boom\nsecond line");
        PluginFailure f = assertThrows(PluginFailure.class, () -> g.run("sample(v)", () -> {
            throw boom;
        }));
        assertEquals("plug-in 'p' (jar p.jar): sample(v) threw IllegalStateException: boom", f.getMessage());
        assertEquals(PluginFailure.Kind.THREW, f.kind());
        assertSame(boom, f.getCause());
        PluginFailure e = assertThrows(PluginFailure.class, () -> g.call("create(n=3, b=1)", () -> {
            throw new StackOverflowError();
        }));
        assertEquals("plug-in 'p' (jar p.jar): create(n=3, b=1) threw StackOverflowError", e.getMessage());
    }

    @Test
    void aNullWhereAValueIsNeededIsNamedWithTheRule() {
        PluginGuard g = new PluginGuard("plug-in 'p'", SHORT);
        PluginFailure f = assertThrows(PluginFailure.class, () -> g.value("create(n=3, b=1)", () -> null, "it must return a noise"));
        assertEquals("plug-in 'p': create(n=3, b=1) returned null; it must return a noise", f.getMessage());
        assertEquals(PluginFailure.Kind.RETURNED_NULL, f.kind());
        assertNull(g.call("mean()", () -> null), "call() lets a null through");
    }

    @Test
    void aCallPastItsLimitTimesOutAndThePluginIsCalledNoMore() {
        PluginGuard g = new PluginGuard("plug-in 'slow'", SHORT);
        PluginGuard bound = g.within(PluginGuard.Limits.DEFAULT);
        long t0 = System.nanoTime();
        PluginFailure f = assertThrows(PluginFailure.class, () -> g.call("sample(v)", this::hang));
        double took = (System.nanoTime() - t0) / 1e9;
        assertEquals(PluginFailure.Kind.TIMED_OUT, f.kind());
        assertEquals("plug-in 'slow': sample(v) did not return within 0.3 s (the time limit of a call into a plug-in,"
                + " --plugin-timeout); it is called no more", f.getMessage());
        assertTrue(took >= 0.3 && took < 5, "gave up after " + took + " s");
        AtomicBoolean called = new AtomicBoolean();
        for (PluginGuard any : List.of(g, bound)) {
            PluginFailure again = assertThrows(PluginFailure.class, () -> any.call("mean()", () -> called.getAndSet(true)));
            assertEquals(PluginFailure.Kind.NOT_CALLED, again.kind());
            assertEquals("plug-in 'slow': mean() not called: its call sample(v) did not return within 0.3 s", again.getMessage());
        }
        assertTrue(!called.get(), "no call reached the plug-in after the time-out");
    }

    @Test
    void aStopWhileACallRunsGivesItUpWithinASlice() throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        PluginGuard g = new PluginGuard("plug-in 'slow'", PluginGuard.Limits.DEFAULT.stoppedWhen(stop::get));
        AtomicReference<PluginFailure> failure = new AtomicReference<>();
        Thread caller = new Thread(() -> failure.set(assertThrows(PluginFailure.class, () -> g.call("sample(v)", this::hang))));
        caller.start();
        Thread.sleep(200);
        long t0 = System.nanoTime();
        stop.set(true);
        caller.join(5000);
        double took = (System.nanoTime() - t0) / 1e9;
        assertTrue(took < 2, "gave up " + took + " s after the stop");
        assertEquals(PluginFailure.Kind.STOPPED, failure.get().kind());
        assertTrue(failure.get().getMessage().matches("plug-in 'slow': sample\\(v\\) had not returned after [0-9.]+ s when the run"
                + " was stopped"), failure.get().getMessage());
    }

    @Test
    void aLimitOfZeroCallsOnTheCallersThreadAndALimitOnAnother() {
        Thread me = Thread.currentThread();
        assertSame(me, new PluginGuard("plug-in 'p'", PluginGuard.Limits.of(Duration.ZERO)).call("name()", Thread::currentThread));
        assertNotSame(me, new PluginGuard("plug-in 'p'", SHORT).call("name()", Thread::currentThread));
        PluginFailure f = assertThrows(PluginFailure.class, () -> new PluginGuard("plug-in 'p'", PluginGuard.Limits.of(Duration.ZERO))
                .run("sample(v)", () -> {
                    throw new ArithmeticException("/ by zero");
                }));
        assertEquals("plug-in 'p': sample(v) threw ArithmeticException: / by zero", f.getMessage());
    }

    @Test
    void aGuardedSamplerDrawsWhatTheNoiseDrawsDirectly() {
        SamplingNoise sgd = new SgdWithReplacement(30, 4);
        NoiseSampler direct = sgd.sampler(Streams.create(7));
        NoiseSampler guarded = CheckedPlugin.of(NoisePlugin.of("sgd", "SGD", (n, b) -> new SgdWithReplacement(n, b)))
                .create(30, 4).sampler(Streams.create(7));
        double[] a = new double[30];
        double[] b = new double[30];
        for (int i = 0; i < 200; i++) {
            direct.sample(a);
            guarded.sample(b);
            assertArrayEquals(a, b, "draw " + i);
        }
    }

    @Test
    void secondsAreParsedByTheOptionsRule() {
        assertEquals(Duration.ofSeconds(60), PluginGuard.Limits.parseSeconds("--plugin-timeout", "60"));
        assertEquals(Duration.ofMillis(500), PluginGuard.Limits.parseSeconds("--plugin-timeout", " 0.5"));
        assertEquals(Duration.ZERO, PluginGuard.Limits.parseSeconds("--plugin-timeout", "0"));
        for (String bad : List.of("-1", "NaN", "Infinity", "1e10", "ten", "")) {
            IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                    () -> PluginGuard.Limits.parseSeconds("--plugin-timeout", bad));
            assertEquals("--plugin-timeout=" + bad + " must be a number of seconds >= 0 (0: no limit), at most 1e9", x.getMessage());
        }
        assertEquals("60 s", PluginGuard.Limits.DEFAULT.describe());
        assertEquals("none", PluginGuard.Limits.of(Duration.ZERO).describe());
        assertEquals("0.25 s", PluginGuard.Limits.of(Duration.ofMillis(250)).describe());
        assertEquals("1230 s", PluginGuard.Limits.of(Duration.ofMillis(1_234_567)).describe());
    }


    @Test
    void aPluginWhoseNameFailsIsKeptBrokenAndItsClaimsAreErrorsWithTheLine() {
        CheckedPlugin broken = CheckedPlugin.of(new PluginFixtures.NameThrows());
        String line = "plug-in " + PluginFixtures.NameThrows.class.getName() + ": name() threw IllegalStateException: no name today";
        assertEquals("org.msgdlab.theory.testing.pluginfixtures-namethrows", broken.name());
        assertEquals(line, broken.failure().orElseThrow().getMessage());
        assertEquals(line, assertThrows(PluginFailure.class, () -> broken.create(20, 5)).getMessage());
        List<Evidence> e = PluginStudy.create(List.of(broken), 20, 5).claims().stream().map(c -> c.check(Budget.QUICK, 1)).toList();
        assertEquals(3, e.size());
        for (Evidence ev : e) {
            assertEquals(Verdict.ERROR, ev.verdict(), ev.claimId());
            assertEquals(line, ev.verdictReason(), ev.claimId());
            assertTrue(ev.claimId().startsWith("plugin.org.msgdlab.theory.testing.pluginfixtures-namethrows."), ev.claimId());
        }
    }

    @Test
    void aNullDescriptionOrPaperNameIsAFailure() {
        CheckedPlugin p = CheckedPlugin.of(NoisePlugin.of("quiet", null, (n, b) -> new SgdWithReplacement(n, b)));
        assertEquals("plug-in 'quiet': description() returned null; it must return one sentence",
                assertThrows(PluginFailure.class, p::description).getMessage());
    }
}
