package org.msgdlab.theory.plugin;

import org.msgdlab.core.claims.CheckFailure;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * The one guard of every call into a plug-in's code ({@link CheckedPlugin} makes all of them through it): a throw, a
 * null where a value is needed, a call that does not return within the per-call time limit, or a stop requested while
 * it runs becomes a {@link PluginFailure} whose one-line message names the plug-in, its jar, the call and what happened.
 *
 * <p>How a call is limited: it runs on a thread of a pool of daemon threads while the caller waits for it, in slices of
 * {@value #SLICE_MILLIS} ms between which it asks {@link Limits#stopped()}; past {@link Limits#perCall()} the caller
 * gives up with {@link PluginFailure.Kind#TIMED_OUT}, interrupts the call's thread and makes no further call into this
 * plug-in ({@link PluginFailure.Kind#NOT_CALLED}, also through the guards {@link #within} makes). Java cannot stop a
 * thread, so a call that ignores the interrupt runs on, on its daemon thread, until the process exits. The hop costs
 * about 10 µs a call on an idle machine, 20 to 130 µs on a busy one (two a training step of about 70 ms; one a draw of
 * verify's Monte Carlo claims: app/README.md); a limit of zero calls the code on the caller's thread, without a limit
 * and without the hop. Calls from several threads run at once, each on its own thread of the pool; one caller's calls
 * are made one after the other, so a sampler that is not thread-safe sees the same sequence of calls, and draws the
 * same values, as when called directly.
 *
 * <p>Immutable and thread-safe; the guards of one plug-in share whether a call of it timed out.
 */
public final class PluginGuard {

    /** {@link #DEFAULT_LIMIT} in seconds, for option help (an annotation needs a constant). */
    public static final long DEFAULT_LIMIT_SECONDS = 60;

    /** The default time limit of one call into a plug-in: 60 s (a draw takes microseconds, a {@code create} milliseconds). */
    public static final Duration DEFAULT_LIMIT = Duration.ofSeconds(DEFAULT_LIMIT_SECONDS);

    /** How often a caller waiting for a call asks whether the run was stopped. */
    static final long SLICE_MILLIS = 50;

    private static final AtomicInteger THREADS = new AtomicInteger();

    /** The threads plug-in calls run on: daemon, so that one that never returns does not keep the process alive. */
    private static final ExecutorService CALLS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "msgd-plugin-call-" + THREADS.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    /**
     * How long one call may take, and when to stop waiting for it.
     *
     * @param perCall the most one call may take; {@link Duration#ZERO}: no limit (the call runs on the caller's thread)
     * @param stopped true once the run was stopped (Ctrl-C, TERM): a call still running is then given up
     */
    public record Limits(Duration perCall, BooleanSupplier stopped) {

        /** {@link #DEFAULT_LIMIT}, never stopped. */
        public static final Limits DEFAULT = new Limits(DEFAULT_LIMIT, () -> false);

        /**
         * @throws IllegalArgumentException when {@code perCall} is negative
         * @throws NullPointerException     when an argument is null
         */
        public Limits {
            Objects.requireNonNull(perCall, "perCall");
            Objects.requireNonNull(stopped, "stopped");
            if (perCall.isNegative()) {
                throw new IllegalArgumentException("the time limit of a plug-in call " + perCall + " must be >= 0 (0: no limit)");
            }
        }

        /**
         * A limit never stopped.
         *
         * @param perCall the most one call may take; zero: no limit
         * @return the limits
         */
        public static Limits of(Duration perCall) {
            return new Limits(perCall, () -> false);
        }

        /**
         * These limits, given up when {@code test} says so.
         *
         * @param test true once the run was stopped
         * @return the limits
         */
        public Limits stoppedWhen(BooleanSupplier test) {
            return new Limits(perCall, test);
        }

        /**
         * A number of seconds as a limit, the rule of {@code --plugin-timeout}.
         *
         * @param option the option's name, for the message
         * @param text   the seconds: a finite number >= 0 (0: no limit)
         * @return the limit
         * @throws IllegalArgumentException naming the option, the value and the rule
         */
        public static Duration parseSeconds(String option, String text) {
            String rule = option + "=" + text + " must be a number of seconds >= 0 (0: no limit), at most 1e9";
            double s;
            try {
                s = Double.parseDouble(text.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(rule);
            }
            if (!(s >= 0 && s <= 1e9)) {
                throw new IllegalArgumentException(rule);
            }
            return Duration.ofNanos(Math.round(s * 1e9));
        }

        /** @return the limit as messages show it: "60 s", "0.5 s", or "none" */
        public String describe() {
            return perCall.isZero() ? "none" : seconds(perCall.toNanos()) + " s";
        }
    }

    private final String who;
    private final Limits limits;
    private final AtomicReference<String> hung;

    /**
     * A guard of the calls into one plug-in.
     *
     * @param who    the plug-in as messages name it, e.g. {@code plug-in 'heavy' (jar heavy.jar)}
     * @param limits the time limit and stop test of its calls
     */
    public PluginGuard(String who, Limits limits) {
        this(who, limits, new AtomicReference<>());
    }

    private PluginGuard(String who, Limits limits, AtomicReference<String> hung) {
        this.who = Objects.requireNonNull(who, "who");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.hung = hung;
    }

    /**
     * The guard of the same plug-in under other limits; a call that timed out under either stops the calls of both.
     *
     * @param other the limits
     * @return the guard
     */
    public PluginGuard within(Limits other) {
        return new PluginGuard(who, other, hung);
    }

    /** @return the plug-in as messages name it */
    public String who() {
        return who;
    }

    /** @return the limits of its calls */
    public Limits limits() {
        return limits;
    }

    /**
     * The value of one call, which may be null.
     *
     * @param call the call as messages name it, e.g. {@code create(n=1000, b=50)}
     * @param body the call
     * @param <T>  the value's type
     * @return what it returned
     * @throws PluginFailure when it throws, does not return within the limit, the run is stopped meanwhile, or an
     *                       earlier call timed out
     */
    public <T> T call(String call, Callable<T> body) {
        String earlier = hung.get();
        if (earlier != null) {
            throw new PluginFailure(PluginFailure.Kind.NOT_CALLED, who + ": " + call + " not called: " + earlier, null);
        }
        if (limits.perCall().isZero()) {
            try {
                return body.call();
            } catch (CheckFailure f) {
                throw f;
            } catch (VirtualMachineError e) {
                if (!(e instanceof StackOverflowError)) {
                    throw e;
                }
                throw threw(call, e);
            } catch (Throwable t) {
                throw threw(call, t);
            }
        }
        return limited(call, body);
    }

    /**
     * The value of one call, which must not be null.
     *
     * @param call the call as messages name it
     * @param body the call
     * @param rule what it must return, for the message, e.g. {@code "it must return a SamplingNoise of dimension n=20"}
     * @param <T>  the value's type
     * @return what it returned
     * @throws PluginFailure as {@link #call}, and when it returns null
     */
    public <T> T value(String call, Callable<T> body, String rule) {
        T value = call(call, body);
        if (value == null) {
            throw new PluginFailure(PluginFailure.Kind.RETURNED_NULL, who + ": " + call + " returned null; " + rule, null);
        }
        return value;
    }

    /**
     * One call without a value.
     *
     * @param call the call as messages name it
     * @param body the call
     * @throws PluginFailure as {@link #call}
     */
    public void run(String call, Runnable body) {
        call(call, () -> {
            body.run();
            return null;
        });
    }

    /**
     * A value returned by a call that breaks the contract, as a failure.
     *
     * @param call the call as messages name it
     * @param what what is wrong, e.g. {@code "returned a noise of dimension 21; it must be n=20"}
     * @return the failure, to throw
     */
    public PluginFailure broke(String call, String what) {
        return new PluginFailure(PluginFailure.Kind.BROKE_CONTRACT, who + ": " + call + " " + what, null);
    }

    private PluginFailure threw(String call, Throwable t) {
        return new PluginFailure(PluginFailure.Kind.THREW, who + ": " + call + " threw " + CheckFailure.describe(t), t);
    }

    /** The call on a thread of the pool, waited for in slices: done, thrown, stopped or past the limit. */
    private <T> T limited(String call, Callable<T> body) {
        long start = System.nanoTime();
        long limit = limits.perCall().toNanos();
        Future<T> f = CALLS.submit(body);
        try {
            while (true) {
                long left = limit - (System.nanoTime() - start);
                try {
                    return f.get(Math.max(0, Math.min(left, TimeUnit.MILLISECONDS.toNanos(SLICE_MILLIS))), TimeUnit.NANOSECONDS);
                } catch (ExecutionException e) {
                    Throwable t = e.getCause() == null ? e : e.getCause();
                    throw t instanceof CheckFailure c ? c : threw(call, t);
                } catch (TimeoutException slice) {
                    long took = System.nanoTime() - start;
                    if (limits.stopped().getAsBoolean()) {
                        throw new PluginFailure(PluginFailure.Kind.STOPPED, who + ": " + call + " had not returned after "
                                + seconds(took) + " s when the run was stopped", null);
                    }
                    if (took >= limit) {
                        String what = call + " did not return within " + limits.describe();
                        hung.compareAndSet(null, "its call " + what);
                        throw new PluginFailure(PluginFailure.Kind.TIMED_OUT, who + ": " + what + " (the time limit of a"
                                + " call into a plug-in, --plugin-timeout); it is called no more", null);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PluginFailure(PluginFailure.Kind.STOPPED, who + ": " + call + " had not returned when the thread"
                    + " waiting for it was interrupted", e);
        } finally {
            if (!f.isDone()) {
                f.cancel(true);   // interrupts the call's thread: a plug-in that heeds it stops
            }
        }
    }

    /** Seconds in at most 3 significant digits, without trailing zeros: 60, 0.2, 3.14. */
    static String seconds(long nanos) {
        BigDecimal s = BigDecimal.valueOf(nanos, 9).round(new java.math.MathContext(3)).stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0).toPlainString() : s.toPlainString();
    }
}
