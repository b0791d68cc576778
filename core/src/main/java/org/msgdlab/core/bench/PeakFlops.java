package org.msgdlab.core.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The machine's theoretical double-precision peak, estimated from /proc/cpuinfo: clock (MHz)
 * times flops per cycle per core (16 with AVX2 and FMA: two 256-bit FMA units; 32 with AVX-512;
 * 8 with AVX only; 4 otherwise). An estimate, stated as such next to every percentage.
 */
public final class PeakFlops {

    private PeakFlops() {
    }

    /**
     * The double-precision peak per core: the first {@code cpu MHz} of /proc/cpuinfo / 1000 times
     * the flops per cycle that its first {@code flags} line allows.
     *
     * @return estimated FP64 GFLOP/s of one core; NaN when /proc/cpuinfo gives no clock (not Linux)
     */
    public static double perCoreGflops() {
        List<String> info = cpuinfo();
        double mhz = Double.NaN;
        String flags = "";
        for (String line : info) {
            if (line.startsWith("cpu MHz") && Double.isNaN(mhz)) {
                mhz = Double.parseDouble(line.substring(line.indexOf(':') + 1).trim());
            } else if (line.startsWith("flags") && flags.isEmpty()) {
                flags = " " + line.substring(line.indexOf(':') + 1).trim() + " ";
            }
        }
        return mhz / 1000.0 * flopsPerCycle(flags, isAmd(info), family(info));
    }

    /**
     * The single-precision peak per core: twice the double-precision one (a SIMD register holds
     * twice as many floats).
     *
     * @return estimated FP32 GFLOP/s of one core
     */
    public static double perCoreGflopsFloat32() {
        return 2 * perCoreGflops();
    }

    static int flopsPerCycle(String flags) {
        return flopsPerCycle(flags, false, 0);
    }

    /**
     * Double-precision flops per cycle per core. AMD before Zen 5 (family 26) executes AVX-512 on
     * two 256-bit FMA pipes, so it counts as 16, not 32.
     */
    static int flopsPerCycle(String flags, boolean amd, int family) {
        if (flags.contains(" avx512f ") && (!amd || family >= 26)) {
            return 32;
        }
        if (flags.contains(" avx2 ") && flags.contains(" fma ")) {
            return 16;
        }
        if (flags.contains(" avx ")) {
            return 8;
        }
        return 4;
    }

    /**
     * How the peak was estimated, stated next to every percentage of it.
     *
     * @return e.g. {@code "estimated: 3000.000 MHz x 16 double flops/cycle"}; the clock is "?" when
     *         /proc/cpuinfo gives none
     */
    public static String assumption() {
        List<String> info = cpuinfo();
        String flags = info.stream().filter(l -> l.startsWith("flags")).findFirst().map(l -> " " + l.substring(l.indexOf(':') + 1).trim() + " ").orElse("");
        String mhz = info.stream().filter(l -> l.startsWith("cpu MHz")).findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("?");
        return String.format(Locale.ROOT, "estimated: %s MHz x %d double flops/cycle", mhz,
                flopsPerCycle(flags, isAmd(info), family(info)));
    }

    /**
     * The CPU, in words.
     *
     * @return its {@code model name} from /proc/cpuinfo ("unknown CPU" when absent) and the processors
     *         available to this JVM, as {@code "MODEL, N cores"}
     */
    public static String describe() {
        String model = cpuinfo().stream().filter(l -> l.startsWith("model name")).findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("unknown CPU");
        return model + ", " + Runtime.getRuntime().availableProcessors() + " cores";
    }

    private static boolean isAmd(List<String> info) {
        return info.stream().anyMatch(l -> l.startsWith("vendor_id") && l.contains("AuthenticAMD"));
    }

    private static int family(List<String> info) {
        return info.stream().filter(l -> l.startsWith("cpu family")).findFirst()
                .map(l -> Integer.parseInt(l.substring(l.indexOf(':') + 1).trim())).orElse(0);
    }

    private static List<String> cpuinfo() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo"));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
