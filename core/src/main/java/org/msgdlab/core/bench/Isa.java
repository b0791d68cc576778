package org.msgdlab.core.bench;

import java.util.Collection;
import java.util.Locale;

/**
 * A vector instruction set of x86 CPUs, from the narrowest to the widest, as far as the speed and the bits of
 * floating-point kernels go: the width of a vector register and whether it fuses multiply and add. Named as
 * {@code run.json} records them ({@link #id()}: sse, avx, avx2, avx512).
 */
public enum Isa {
    /** SSE4.1: 128-bit vectors (4 float32 lanes), separate multiply and add. */
    SSE("sse", 4, false),
    /** AVX: 256-bit vectors (8 float32 lanes), separate multiply and add. */
    AVX("avx", 8, false),
    /** AVX2 with FMA3: 256-bit vectors (8 float32 lanes), fused multiply-add. */
    AVX2("avx2", 8, true),
    /** AVX-512 (foundation, with the BW/VL/DQ extensions oneDNN's avx512_core asks): 512-bit vectors (16 float32 lanes), FMA. */
    AVX512("avx512", 16, true);

    private final String id;
    private final int lanes;
    private final boolean fma;

    Isa(String id, int lanes, boolean fma) {
        this.id = id;
        this.lanes = lanes;
        this.fma = fma;
    }

    /** @return the name run.json records: sse, avx, avx2 or avx512 */
    public String id() {
        return id;
    }

    /** @return float32 lanes of one vector register */
    public int float32Lanes() {
        return lanes;
    }

    /** @return whether multiply and add are one instruction (2 flops per lane) */
    public boolean fusedMultiplyAdd() {
        return fma;
    }

    /**
     * The widest instruction set among a CPU's flags.
     *
     * @param flags the CPU's flags ({@code /proc/cpuinfo} spelling)
     * @return AVX512 (with avx512f), AVX2 (with avx2), AVX (with avx) or SSE
     */
    public static Isa widest(Collection<String> flags) {
        if (flags.contains("avx512f")) {
            return AVX512;
        }
        if (flags.contains("avx2")) {
            return AVX2;
        }
        return flags.contains("avx") ? AVX : SSE;
    }

    /**
     * The instruction set oneDNN's kernels may use on a CPU whose widest is this one under the cap
     * {@code ONEDNN_MAX_CPU_ISA} (or its older name {@code DNNL_MAX_CPU_ISA}): the narrower of the two. oneDNN's
     * spelling, any case: {@code ALL} (or unset) is no cap; {@code AVX512_*} and {@code AVX10_*} are AVX-512;
     * {@code AVX2*} AVX2; {@code AVX} AVX; anything else (SSE41) SSE.
     *
     * @param cap the variable's value; null or blank: not set
     * @return the narrower of this and the cap
     */
    public Isa cappedBy(String cap) {
        if (cap == null || cap.isBlank() || cap.trim().equalsIgnoreCase("ALL")) {
            return this;
        }
        String c = cap.trim().toLowerCase(Locale.ROOT);
        Isa capped = c.startsWith("avx512") || c.startsWith("avx10") ? AVX512
                : c.startsWith("avx2") ? AVX2 : c.startsWith("avx") ? AVX : SSE;
        return compareTo(capped) <= 0 ? this : capped;
    }

    /**
     * The instruction set of an id.
     *
     * @param id sse, avx, avx2 or avx512 ({@link #id()})
     * @return the instruction set
     * @throws IllegalArgumentException when {@code id} names none
     */
    public static Isa of(String id) {
        for (Isa i : values()) {
            if (i.id.equals(id)) {
                return i;
            }
        }
        throw new IllegalArgumentException("instruction set id=" + id + " must be one of sse, avx, avx2, avx512");
    }
}
