package org.msgdlab.deep.bench;

import org.msgdlab.core.bench.Fp32Peak;
import org.msgdlab.deep.model.ConvSmall;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Where the time of one ConvSmall pass (a full-batch training step, or an evaluation) goes, part by part
 * ({@link StepPart}), and what fraction of the FP32 peak of the instruction set it ran each part reaches: the roofline
 * of issue 43. The ops' times come from TensorFlow's trace ({@link TraceAttribution}), a run's time outside its ops
 * ({@link StepPart#SESSION}) is its wall time less the time during which an op ran, and the Java draw of W is timed
 * around it; all are means over the traced passes, so that the parts add up to the traced pass (exactly where no two
 * ops ran at once; {@link #overlapSeconds()} where they did). The untraced pass is timed beside it: the trace costs
 * time of its own ({@link #traceSeconds()}).
 * <p>
 * The bound ({@link #ceiling()}): with the parts that do no counted arithmetic at their measured times (the trace's cost
 * taken out of the session's time outside the ops, {@link #flopFreeUntracedSeconds()}) and every convolution and matrix product at 100% of the peak, a pass would take
 * {@code flopFree + flops / peak}, so it reaches at most {@code flops / (flopFree + flops / peak) / peak} of the peak.
 * A target fraction f of the peak needs the pass at {@code flops / (f peak)} seconds, so the arithmetic parts at
 * {@code flops / ((flops / (f peak) - flopFree) peak)} of the peak on average ({@link #neededEfficiency}); none reaches
 * it when {@code flopFree} alone is longer.
 * <p>
 * Immutable and thread-safe.
 *
 * @param pass            what was traced, in words
 * @param images          images per pass
 * @param passes          passes traced (the times are means over them)
 * @param training        whether a pass is a training step (otherwise an evaluation: forward only)
 * @param seconds         seconds per pass of every part (each of {@link StepPart}, 0 where a pass has none)
 * @param tracedSeconds   wall seconds of a traced pass (its runs, with the draw of W)
 * @param untracedSeconds wall seconds of an untraced pass, timed beside it
 * @param busySeconds     seconds per pass during which at least one op ran
 * @param macs            the network's multiply-adds per image
 * @param peak            the FP32 peak of the instruction set and cores the pass ran on; null when not known (Eigen's
 *                        kernels: their instruction set is fixed by TensorFlow's build)
 */
public record RooflineParts(String pass, int images, int passes, boolean training, Map<StepPart, Double> seconds,
                            double tracedSeconds, double untracedSeconds, double busySeconds,
                            ConvSmall.MultiplyAdds macs, Fp32Peak peak) {

    /** The fraction of the FP32 peak that issue 43 asks of the full-batch step. */
    public static final double PEAK_TARGET = 0.35;

    /**
     * Checks the counts and times; copies the parts (a part not given is 0).
     *
     * @throws IllegalArgumentException when a count is below 1 or a time negative or not a number
     */
    public RooflineParts {
        Objects.requireNonNull(pass, "pass");
        Objects.requireNonNull(macs, "macs");
        if (images < 1 || passes < 1) {
            throw new IllegalArgumentException("roofline images=" + images + " and passes=" + passes + " must be >= 1");
        }
        EnumMap<StepPart, Double> copy = new EnumMap<>(StepPart.class);
        for (StepPart p : StepPart.values()) {
            copy.put(p, seconds.getOrDefault(p, 0.0));
        }
        copy.forEach((p, s) -> requireTime(p.label(), s));
        requireTime("tracedSeconds", tracedSeconds);
        requireTime("untracedSeconds", untracedSeconds);
        requireTime("busySeconds", busySeconds);
        seconds = Collections.unmodifiableMap(copy);
    }

    private static void requireTime(String what, double s) {
        if (!(s >= 0) || Double.isInfinite(s)) {
            throw new IllegalArgumentException("roofline time " + what + "=" + s + " must be finite and >= 0 seconds");
        }
    }

    /**
     * The parts of {@code passes} traced passes.
     *
     * @param pass            what was traced
     * @param images          images per pass
     * @param training        a training step (or an evaluation)
     * @param trace           the ops of every traced run of the passes
     * @param runSeconds      wall seconds of those runs, summed over the passes
     * @param drawSeconds     seconds of the Java draws of W, summed over the passes (0 for an evaluation)
     * @param passes          the passes traced
     * @param untracedSeconds wall seconds of one untraced pass
     * @param model           the network
     * @param peak            the peak, or null
     * @return the parts, per pass
     */
    public static RooflineParts of(String pass, int images, boolean training, TraceAttribution trace, double runSeconds,
                                   double drawSeconds, int passes, double untracedSeconds, ConvSmall model, Fp32Peak peak) {
        EnumMap<StepPart, Double> s = new EnumMap<>(StepPart.class);
        trace.seconds().forEach((p, v) -> s.put(p, v / passes));
        s.put(StepPart.SESSION, Math.max(0, runSeconds - trace.busySeconds()) / passes);
        s.put(StepPart.NOISE_DRAW, drawSeconds / passes);
        return new RooflineParts(pass, images, passes, training, s, (runSeconds + drawSeconds) / passes, untracedSeconds,
                trace.busySeconds() / passes, model.multiplyAdds(), peak);
    }

    /** @return seconds per pass of part {@code p} */
    public double seconds(StepPart p) {
        return seconds.get(p);
    }

    /** @return counted FLOPs per pass of part {@code p} ({@link StepPart#flopsPerImage}; forward parts only in an evaluation) */
    public double flops(StepPart p) {
        return training || p.inEvaluation() ? (double) images * p.flopsPerImage(macs) : 0;
    }

    /** @return counted FLOPs of a pass */
    public double flops() {
        return sum(true, this::flops);
    }

    /** @return the share of the traced pass that part {@code p} takes */
    public double share(StepPart p) {
        return seconds(p) / tracedSeconds;
    }

    /** @return GFLOP/s of part {@code p} (0 for a part without counted arithmetic) */
    public double gflops(StepPart p) {
        return flops(p) == 0 ? 0 : flops(p) / seconds(p) / 1e9;
    }

    /** @return the fraction of the peak part {@code p} reaches (NaN without a peak) */
    public double ofPeak(StepPart p) {
        return peak == null ? Double.NaN : peak.fraction(gflops(p));
    }

    /** @return the fraction of the peak the untraced pass reaches (NaN without a peak) */
    public double untracedOfPeak() {
        return peak == null ? Double.NaN : peak.fraction(flops() / untracedSeconds / 1e9);
    }

    /** @return seconds per pass of the convolutions and matrix products */
    public double arithmeticSeconds() {
        return sum(true, this::seconds);
    }

    /** @return seconds per pass of every other part (the traced ones) */
    public double flopFreeSeconds() {
        return sum(false, this::seconds);
    }

    /** @return what the trace cost a pass: the traced pass less the untraced one (0 when it was not slower) */
    public double traceSeconds() {
        return Math.max(0, tracedSeconds - untracedSeconds);
    }

    /** @return the parts' seconds summed less the traced pass: the time two ops ran at once (0 when none did) */
    public double overlapSeconds() {
        return Math.max(0, sum(true, this::seconds) + sum(false, this::seconds) - tracedSeconds);
    }

    /** @return the arithmetic parts' mean fraction of the peak: their FLOPs over their seconds (NaN without a peak) */
    public double arithmeticOfPeak() {
        return peak == null ? Double.NaN : peak.fraction(flops() / arithmeticSeconds() / 1e9);
    }

    /**
     * The FLOP-free parts' seconds without the trace's cost: the trace records each op's times and outputs between the
     * ops, so its cost is taken out of the session's time outside the ops, and of no more than that (a difference of
     * traced and untraced passes that a load moved cannot take more).
     *
     * @return {@link #flopFreeSeconds()} less the smaller of {@link #traceSeconds()} and the session's time
     */
    public double flopFreeUntracedSeconds() {
        return flopFreeSeconds() - Math.min(traceSeconds(), seconds(StepPart.SESSION));
    }

    /** @return the most a pass can reach of the peak with the arithmetic at 100% of it (class comment; NaN without a peak) */
    public double ceiling() {
        if (peak == null) {
            return Double.NaN;
        }
        double atPeak = flops() / (peak.gflops() * 1e9);
        return atPeak / (flopFreeUntracedSeconds() + atPeak);
    }

    /**
     * The mean fraction of the peak the arithmetic parts need for the pass to reach {@code target} of it.
     *
     * @param target a fraction of the peak, in (0, 1]
     * @return the fraction (above 1, or infinite, when the FLOP-free parts alone forbid it; NaN without a peak)
     */
    public double neededEfficiency(double target) {
        if (peak == null) {
            return Double.NaN;
        }
        double p = peak.gflops() * 1e9;
        double left = flops() / (target * p) - flopFreeUntracedSeconds();
        return left <= 0 ? Double.POSITIVE_INFINITY : flops() / (left * p);
    }

    private double sum(boolean arithmetic, java.util.function.ToDoubleFunction<StepPart> f) {
        double s = 0;
        for (StepPart p : StepPart.values()) {
            if (p.arithmetic() == arithmetic) {
                s += f.applyAsDouble(p);
            }
        }
        return s;
    }

    /** @return the parts a pass has, in {@link StepPart} order: every part of a step, the forward ones of an evaluation */
    public List<StepPart> parts() {
        return java.util.Arrays.stream(StepPart.values()).filter(p -> training ? p != StepPart.NOISE_DRAW || seconds(p) > 0
                : p.inEvaluation()).toList();
    }

    /** @return the name of part {@code p} in this pass (an evaluation's loss part holds the accuracy) */
    public String name(StepPart p) {
        return p == StepPart.LOSS && !training ? "loss and accuracy" : p.label();
    }

    /**
     * The table: part, ms per pass, share of the traced pass, GFLOP, GFLOP/s, % of the peak; then the pass traced and
     * untraced (its share: the untraced pass over the traced one).
     *
     * @return the lines, the header first
     */
    public List<String> table() {
        String peakName = peak == null ? "peak" : peak.isa().id() + " peak";
        int width = 16;
        for (StepPart p : parts()) {
            width = Math.max(width, name(p).length());
        }
        String format = "%-" + width + "s %9s %7s %8s %8s %11s";
        List<String> l = new ArrayList<>();
        l.add(String.format(Locale.ROOT, format, "part", "ms/pass", "share", "GFLOP", "GFLOP/s", "% " + peakName));
        for (StepPart p : parts()) {
            l.add(row(format, name(p), seconds(p), share(p), flops(p), ofPeak(p), p.arithmetic()));
        }
        l.add(row(format, "pass, traced", tracedSeconds, 1.0, flops(), peak == null ? Double.NaN
                : peak.fraction(flops() / tracedSeconds / 1e9), true));
        l.add(row(format, "pass, untraced", untracedSeconds, untracedSeconds / tracedSeconds, flops(), untracedOfPeak(),
                true));
        return l;
    }

    private static String row(String format, String name, double s, double share, double flops, double ofPeak,
                              boolean arithmetic) {
        return String.format(Locale.ROOT, format, name, String.format(Locale.ROOT, "%.2f", 1e3 * s),
                String.format(Locale.ROOT, "%.1f%%", 100 * share),
                arithmetic ? String.format(Locale.ROOT, "%.4f", flops / 1e9) : "-",
                arithmetic ? String.format(Locale.ROOT, "%.1f", flops / s / 1e9) : "-",
                arithmetic && !Double.isNaN(ofPeak) ? String.format(Locale.ROOT, "%.1f%%", 100 * ofPeak) : "-");
    }

    /** @return how the parts add up: their sum against the traced pass, the ops' overlap and the trace's cost */
    public String sums() {
        return String.format(Locale.ROOT, "the parts add up to %.2f ms of the %.2f ms traced pass (ops ran at once for %.2f"
                        + " ms; ops busy %.2f ms); the trace cost %.2f ms (traced %.2f ms, untraced %.2f ms per pass)",
                1e3 * (arithmeticSeconds() + flopFreeSeconds()), 1e3 * tracedSeconds, 1e3 * overlapSeconds(),
                1e3 * busySeconds, 1e3 * traceSeconds(), 1e3 * tracedSeconds, 1e3 * untracedSeconds);
    }

    /**
     * The bound, in one line: the pass's fraction of the peak, the arithmetic parts' (best and worst), the FLOP-free
     * parts' time (the largest named), the ceiling with the arithmetic at the peak, and what {@link #PEAK_TARGET} needs.
     *
     * @return the line
     */
    public String bound() {
        if (peak == null) {
            return "bound: no peak (Eigen's kernels: their instruction set is fixed by TensorFlow's build, not known here)";
        }
        List<StepPart> arithmetic = parts().stream().filter(p -> p.arithmetic() && seconds(p) > 0).toList();
        StepPart best = arithmetic.stream().max(Comparator.comparingDouble(this::ofPeak)).orElseThrow();
        StepPart worst = arithmetic.stream().min(Comparator.comparingDouble(this::ofPeak)).orElseThrow();
        StepPart slowest = arithmetic.stream().max(Comparator.comparingDouble(this::seconds)).orElseThrow();
        List<StepPart> free = parts().stream().filter(p -> !p.arithmetic())
                .sorted(Comparator.comparingDouble((StepPart p) -> seconds(p)).reversed()).limit(3).toList();
        StringBuilder largest = new StringBuilder();
        for (StepPart p : free) {
            largest.append(largest.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s %.2f", name(p),
                    1e3 * seconds(p)));
        }
        String what = training ? "step" : "evaluation";
        double needed = neededEfficiency(PEAK_TARGET);
        String target = needed > 1 ? String.format(Locale.ROOT, "%.0f%% of the peak is out of reach unless they shrink:"
                        + " the bound is theirs", 100 * PEAK_TARGET)
                : String.format(Locale.ROOT, "%.0f%% of the peak needs the convolutions and matrix products at %.0f%% of it"
                        + " on average (today %.1f%%): the bound is the kernels' efficiency", 100 * PEAK_TARGET, 100 * needed,
                        100 * arithmeticOfPeak());
        return String.format(Locale.ROOT, "bound (%s peak %.1f GFLOP/s): the %s reaches %.1f%% of the peak untraced; its"
                        + " convolutions and matrix products %.1f%% on average (%s %.1f%% at best, %s %.1f%% at worst; the"
                        + " slowest, %s, %.2f ms at %.1f%%); the parts without counted arithmetic take %.2f ms traced"
                        + " (largest: %s), %.2f ms with the trace's cost (%.2f ms, at most the session's) taken out: with"
                        + " every convolution and"
                        + " matrix product at the peak and these as they are, the %s would reach at most %.1f%% of the peak;"
                        + " %s",
                peak.isa().id(), peak.gflops(), what, 100 * untracedOfPeak(), 100 * arithmeticOfPeak(), name(best),
                100 * ofPeak(best), name(worst), 100 * ofPeak(worst), name(slowest), 1e3 * seconds(slowest),
                100 * ofPeak(slowest), 1e3 * flopFreeSeconds(), largest, 1e3 * flopFreeUntracedSeconds(),
                1e3 * traceSeconds(), what, 100 * ceiling(), target);
    }
}
