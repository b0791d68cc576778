package org.msgdlab.core.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What {@code /proc/cpuinfo} says of the first CPU: vendor, family and model, name, clock and flags. Enough to
 * estimate a peak ({@link Fp32Peak}) and to name the machine type.
 * <p>
 * Immutable and thread-safe.
 *
 * @param vendor    {@code vendor_id} (GenuineIntel, AuthenticAMD), "unknown" when absent
 * @param family    {@code cpu family}, 0 when absent
 * @param model     {@code model}, 0 when absent
 * @param modelName {@code model name}, "unknown CPU" when absent
 * @param mhz       {@code cpu MHz} (the clock when the file was read), NaN when absent
 * @param flags     {@code flags}
 */
public record CpuInfo(String vendor, int family, int model, String modelName, double mhz, Set<String> flags) {

    /** Copies the flags. */
    public CpuInfo {
        flags = Set.copyOf(flags);
    }

    /**
     * Reads the first processor's fields of a {@code /proc/cpuinfo} text.
     *
     * @param text the file's content
     * @return what it says; absent fields as documented on the record
     */
    public static CpuInfo parse(String text) {
        Map<String, String> first = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                first.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
            }
        }
        String flags = first.getOrDefault("flags", "");
        return new CpuInfo(first.getOrDefault("vendor_id", "unknown"), whole(first.get("cpu family")),
                whole(first.get("model")), first.getOrDefault("model name", "unknown CPU"), number(first.get("cpu MHz")),
                flags.isBlank() ? Set.of() : Set.of(flags.trim().split("\\s+")));
    }

    /** @return this machine's, from {@code /proc/cpuinfo}; every field absent when it cannot be read (not Linux) */
    public static CpuInfo read() {
        try {
            return parse(Files.readString(Path.of("/proc/cpuinfo")));
        } catch (IOException | RuntimeException e) {
            return parse("");
        }
    }

    /** @return whether the vendor is AMD */
    public boolean amd() {
        return vendor.equals("AuthenticAMD");
    }

    /** @return whether the vendor is Intel */
    public boolean intel() {
        return vendor.equals("GenuineIntel");
    }

    /** @return the widest instruction set of the flags ({@link Isa#widest}) */
    public Isa widestIsa() {
        return Isa.widest(flags);
    }

    /** @return e.g. "AMD EPYC (AuthenticAMD family 25, model 17), 2450 MHz" */
    public String describe() {
        return modelName + " (" + vendor + " family " + family + ", model " + model + "), "
                + (Double.isNaN(mhz) ? "clock unknown" : Math.round(mhz) + " MHz");
    }

    private static int whole(String s) {
        try {
            return s == null ? 0 : Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static double number(String s) {
        try {
            return s == null ? Double.NaN : Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
