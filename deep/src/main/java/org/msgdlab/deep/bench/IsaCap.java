package org.msgdlab.deep.bench;

import org.msgdlab.core.bench.CpuInfo;
import org.msgdlab.core.bench.Isa;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A cap on the instruction set of oneDNN's kernels: the value of {@code ONEDNN_MAX_CPU_ISA}, which oneDNN reads
 * once, when it loads (so a cap other than this process's is timed in a child process). TensorFlow's and
 * PyTorch's oneDNN both read it: the {@code msgd} launcher sets {@code ALL} unless it is set (before issue 43:
 * {@code AVX2}, for run-to-run identity across machine types), and the PyTorch reference runs without it, at its own
 * defaults ({@link PytorchReference}).
 */
public enum IsaCap {
    /** SSE4.1. */
    SSE41,
    /** AVX (no FMA). */
    AVX,
    /** AVX2 with FMA: the launcher's pin before issue 43, and mvn -B verify's. */
    AVX2,
    /** AVX-512 (F, BW, VL, DQ). */
    AVX512_CORE,
    /** No cap: the CPU's widest. */
    ALL;

    /** The variable oneDNN reads. */
    public static final String VARIABLE = "ONEDNN_MAX_CPU_ISA";
    /** The variable and its older name (oneDNN reads either): a process "at its own defaults" has neither. */
    public static final List<String> VARIABLES = List.of(VARIABLE, "DNNL_MAX_CPU_ISA");

    /**
     * The instruction set oneDNN may use under this cap on {@code cpu}: the narrower of the two.
     *
     * @param cpu the CPU
     * @return the instruction set
     */
    public Isa limit(CpuInfo cpu) {
        return cpu.widestIsa().cappedBy(name());
    }

    /**
     * Parses a cap as {@code --isa} takes it.
     *
     * @param value one of SSE41, AVX, AVX2, AVX512_CORE, ALL (any case)
     * @return the cap
     * @throws IllegalArgumentException naming the value and the allowed ones
     */
    public static IsaCap parse(String value) {
        String v = value == null ? "" : value.trim().toUpperCase(Locale.ROOT);
        for (IsaCap c : values()) {
            if (c.name().equals(v)) {
                return c;
            }
        }
        throw new IllegalArgumentException("--isa " + value + ": must be one of " + Arrays.toString(values())
                + " (oneDNN's ONEDNN_MAX_CPU_ISA spelling)");
    }

    /**
     * The instruction set a oneDNN process runs, and why.
     * <p>
     * Immutable and thread-safe.
     *
     * @param isa the instruction set oneDNN's kernels may use: the narrower of the CPU's widest and the cap
     * @param how where it comes from, e.g. "ONEDNN_MAX_CPU_ISA=AVX2" or "ONEDNN_MAX_CPU_ISA unset: the CPU's widest"
     */
    public record InUse(Isa isa, String how) {
        /** Checks both are there. */
        public InUse {
            Objects.requireNonNull(isa, "isa");
            Objects.requireNonNull(how, "how");
        }

        /**
         * The instruction set of a process with {@code environment} on {@code cpu}.
         *
         * @param cpu         the CPU
         * @param environment the process's environment ({@link #VARIABLES} are read; the first set one counts)
         * @return the instruction set and which variable set it
         */
        public static InUse of(CpuInfo cpu, Map<String, String> environment) {
            for (String v : VARIABLES) {
                String cap = environment.get(v);
                if (cap != null && !cap.isBlank()) {
                    return new InUse(cpu.widestIsa().cappedBy(cap), v + "=" + cap);
                }
            }
            return new InUse(cpu.widestIsa(), VARIABLE + " unset: the CPU's widest");
        }

        /**
         * The instruction set of a child process run with {@code cap}.
         *
         * @param cpu the CPU
         * @param cap the cap set in the child's environment
         * @return the instruction set
         */
        public static InUse of(CpuInfo cpu, IsaCap cap) {
            return new InUse(cap.limit(cpu), VARIABLE + "=" + cap.name() + " in a child process");
        }

        @Override
        public String toString() {
            return isa.id() + " (" + how + ")";
        }
    }
}
