package org.msgdlab.deep.train;

import org.msgdlab.core.bench.Isa;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.deep.graph.Kernels;
import org.tensorflow.TensorFlow;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything known to change the bits of a deep run besides its settings, recorded in its
 * {@code run.json} ("bits"): the msgd-lab build (commit, whether it was dirty and a hash of the
 * uncommitted diff), TensorFlow's version and kernels, the CPU and the instruction set oneDNN may
 * use, the thread counts, the environment variables TensorFlow and oneDNN read, and the JVM.
 * Two runs whose records are {@link #equals equal} were computed the same way: a paired study
 * pairs only such runs (a "mixed" pair otherwise). Deep issue 34 measured that the instruction set
 * alone (oneDNN's AVX2 against AVX-512 kernels on one Intel machine) moves a 300-iteration run's
 * test accuracy by a point, and that even with the instruction set pinned an AMD and an Intel machine
 * differ in the 8th digit of the first test loss: the CPU model is part of the record for that reason.
 * <p>
 * Immutable and thread-safe.
 *
 * @param commit       the msgd-lab commit of the build ({@link Provenance#currentCommit()}, "-dirty" included)
 * @param diffHash     SHA-256 of the uncommitted diff of a dirty build, "" for a clean one
 * @param tensorflow   TensorFlow's version
 * @param kernels      {@code onednn} or {@code eigen} ({@link Kernels})
 * @param cpu          the CPU's model name ({@code /proc/cpuinfo}), "unknown" when it cannot be read
 * @param cpuIsa       the widest vector instruction set the CPU offers: avx512, avx2, avx or sse
 * @param isa          the instruction set oneDNN's kernels may use: the narrower of {@code cpuIsa} and
 *                     the {@code ONEDNN_MAX_CPU_ISA} cap ("n/a" with Eigen kernels)
 * @param intraThreads TensorFlow intra-op threads (0: its default)
 * @param interThreads TensorFlow inter-op threads (0: its default)
 * @param environment  the values of {@link #VARIABLES} that are set, by name
 * @param jvm          the JVM's vendor, version and VM name
 */
public record BitProvenance(String commit, String diffHash, String tensorflow, String kernels, String cpu, String cpuIsa,
                            String isa, int intraThreads, int interThreads, Map<String, String> environment, String jvm) {

    /** The environment variables that TensorFlow or oneDNN read and that change which kernels run, or how. */
    public static final List<String> VARIABLES = List.of("TF_ENABLE_ONEDNN_OPTS", "ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA",
            "ONEDNN_DEFAULT_FPMATH_MODE", "TF_OVERRIDE_GLOBAL_THREADPOOL", "TF_DETERMINISTIC_OPS",
            "TF_NUM_INTRAOP_THREADS", "TF_NUM_INTEROP_THREADS", "OMP_NUM_THREADS");

    /** Instruction sets from the narrowest to the widest, as named here. */
    private static final List<String> ISAS = java.util.Arrays.stream(Isa.values()).map(Isa::id).toList();

    /**
     * Copies the environment, sorted by name.
     */
    public BitProvenance {
        Objects.requireNonNull(commit, "commit");
        environment = java.util.Collections.unmodifiableMap(new TreeMap<>(environment));
    }

    /**
     * The record of a run computed now in this JVM with these thread counts, in {@code environment}.
     *
     * @param intraThreads TensorFlow intra-op threads
     * @param interThreads TensorFlow inter-op threads
     * @param environment  the environment the run sees (the command line passes this process's);
     *                     only {@link #VARIABLES} are recorded
     * @return the record
     */
    public static BitProvenance current(int intraThreads, int interThreads, Map<String, String> environment) {
        Map<String, String> env = new TreeMap<>();
        for (String v : VARIABLES) {
            String value = environment.get(v);
            if (value != null) {
                env.put(v, value);
            }
        }
        String kernels = Kernels.current().id();
        String[] cpu = cpu(Path.of("/proc/cpuinfo"));
        String cap = env.getOrDefault("ONEDNN_MAX_CPU_ISA", env.get("DNNL_MAX_CPU_ISA"));
        String isa = kernels.equals("onednn") ? narrower(cpu[1], cap) : "n/a";
        String jvm = System.getProperty("java.vendor") + " " + System.getProperty("java.version") + " ("
                + System.getProperty("java.vm.name") + ")";
        return new BitProvenance(Provenance.currentCommit(), Provenance.uncommittedDiffHash(), TensorFlow.version(),
                kernels, cpu[0], cpu[1], isa, intraThreads, interThreads, env, jvm);
    }

    /**
     * The CPU's model name and widest instruction set from a {@code /proc/cpuinfo} file.
     *
     * @param cpuinfo the file
     * @return {model name, isa}; "unknown" for what the file does not say or when it cannot be read
     */
    static String[] cpu(Path cpuinfo) {
        Map<String, String> first = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(cpuinfo)) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    first.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return new String[]{"unknown", "unknown"};
        }
        String model = first.getOrDefault("model name", "unknown");
        if (first.containsKey("cpu family") && first.containsKey("model")) {
            // "AMD EPYC" names Zen 3 (AVX2) and Zen 5 (AVX-512) machines alike here: family and model tell them apart
            model += " (family " + first.get("cpu family") + ", model " + first.get("model") + ")";
        }
        String flags = first.get("flags");
        return new String[]{model, flags == null ? "unknown" : widest(List.of(flags.split("\\s+")))};
    }

    /**
     * The widest instruction set among CPU flags.
     *
     * @param flags the CPU's flags ({@code /proc/cpuinfo} spelling)
     * @return avx512 (with avx512f), avx2, avx or sse
     */
    static String widest(List<String> flags) {
        return Isa.widest(flags).id();
    }

    /**
     * The narrower of the CPU's instruction set and oneDNN's cap ({@link Isa#cappedBy}).
     *
     * @param cpuIsa the CPU's ({@link #widest})
     * @param cap    {@code ONEDNN_MAX_CPU_ISA}'s value (oneDNN's spelling, e.g. AVX2, AVX512_CORE), or null
     * @return the instruction set oneDNN may use ({@code cpuIsa} itself when it names none, e.g. "unknown")
     */
    static String narrower(String cpuIsa, String cap) {
        if (!ISAS.contains(cpuIsa)) {
            return cpuIsa;
        }
        return Isa.of(cpuIsa).cappedBy(cap).id();
    }

    /** @return the record as run.json holds it, in a fixed order */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("commit", commit);
        m.put("diffHash", diffHash);
        m.put("tensorflow", tensorflow);
        m.put("kernels", kernels);
        m.put("cpu", cpu);
        m.put("cpuIsa", cpuIsa);
        m.put("isa", isa);
        m.put("intraThreads", intraThreads);
        m.put("interThreads", interThreads);
        m.put("environment", environment);
        m.put("jvm", jvm);
        return m;
    }

    /**
     * The record {@link #toMap} wrote.
     *
     * @param m the map read from run.json
     * @return the record
     * @throws IllegalArgumentException when a field is missing or of the wrong type
     */
    public static BitProvenance fromMap(Map<?, ?> m) {
        Map<String, String> env = new TreeMap<>();
        if (m.get("environment") instanceof Map<?, ?> e) {
            e.forEach((k, v) -> env.put(String.valueOf(k), String.valueOf(v)));
        } else {
            throw new IllegalArgumentException("bits.environment is missing or not an object");
        }
        return new BitProvenance(text(m, "commit"), text(m, "diffHash"), text(m, "tensorflow"), text(m, "kernels"),
                text(m, "cpu"), text(m, "cpuIsa"), text(m, "isa"), whole(m, "intraThreads"), whole(m, "interThreads"),
                env, text(m, "jvm"));
    }

    /**
     * The record in the run.json of {@code runDir}, finished or not.
     *
     * @param runDir a run directory
     * @return the record; empty when there is no run.json or it records none (a run written before it was)
     * @throws IOException              when run.json cannot be read
     * @throws IllegalArgumentException when its record is damaged
     */
    public static java.util.Optional<BitProvenance> recordedIn(Path runDir) throws IOException {
        Path f = runDir.resolve("run.json");
        if (!Files.isRegularFile(f)) {
            return java.util.Optional.empty();
        }
        return of(RunJson.read(f));
    }

    /**
     * The record in a run.json already read.
     *
     * @param runJson the run.json's object
     * @return its {@code bits}; empty when it records none
     * @throws IllegalArgumentException when the record is damaged
     */
    static java.util.Optional<BitProvenance> of(com.fasterxml.jackson.databind.JsonNode runJson) {
        com.fasterxml.jackson.databind.JsonNode b = runJson.get("bits");
        if (b == null || b.isNull()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(fromMap(new com.fasterxml.jackson.databind.ObjectMapper().convertValue(b, Map.class)));
    }

    private static String text(Map<?, ?> m, String key) {
        if (!(m.get(key) instanceof String s)) {
            throw new IllegalArgumentException("bits." + key + " is missing or not a string");
        }
        return s;
    }

    private static int whole(Map<?, ?> m, String key) {
        if (!(m.get(key) instanceof Number n)) {
            throw new IllegalArgumentException("bits." + key + " is missing or not a number");
        }
        return n.intValue();
    }

    /**
     * What differs between this record and {@code other}, one "field: this vs other" each.
     *
     * @param other another run's record
     * @return the differences, empty when the two runs were computed the same way
     */
    public List<String> differences(BitProvenance other) {
        List<String> d = new ArrayList<>();
        Map<String, Object> a = toMap();
        Map<String, Object> b = other.toMap();
        for (String k : a.keySet()) {
            if (!Objects.equals(a.get(k), b.get(k))) {
                d.add(k + ": " + a.get(k) + " vs " + b.get(k));
            }
        }
        return d;
    }
}
