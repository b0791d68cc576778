package org.msgdlab.core.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the rest of the machine took of its CPUs while a timing ran: the share of all CPU time spent by
 * other processes (every busy tick of {@code /proc/stat} minus this process's own and its reaped
 * children's, {@code /proc/self/stat}) and the share stolen by the hypervisor. A speed measured while
 * others run is the speed of a shared machine, and a ratio of two programs' speeds moves with how each
 * suffers from sharing: such a timing is not evidence ({@link #busy()}).
 *
 * @param othersShare share of the machine's CPU time used by other processes, in [0, 1] (NaN when not measured)
 * @param stealShare  share stolen by the hypervisor, in [0, 1] (NaN when not measured)
 * @param loadAverage the 1-minute load average at the end (NaN when not measured)
 * @param cpus        CPUs of the machine
 */
public record MachineLoad(double othersShare, double stealShare, double loadAverage, int cpus) {

    /** Other processes' share of the machine at or above which a timing is called busy: a tenth of the CPUs. */
    public static final double BUSY_SHARE = 0.10;
    /** Hypervisor steal at or above which a timing is called busy. */
    public static final double BUSY_STEAL = 0.05;
    /**
     * The evidence parameter in which a timing claim states its load rule; it marks the claim as one that
     * measures time (msgd diff leaves such claims out unless asked).
     */
    public static final String RULE_PARAMETER = "load.rule";

    /** @return a load that could not be measured (no {@code /proc}: not Linux) */
    public static MachineLoad unknown() {
        return new MachineLoad(Double.NaN, Double.NaN, Double.NaN, Runtime.getRuntime().availableProcessors());
    }

    /** @return whether the load was measured */
    public boolean measured() {
        return !Double.isNaN(othersShare);
    }

    /** @return whether others or the hypervisor took at least {@link #BUSY_SHARE} or {@link #BUSY_STEAL} of the machine */
    public boolean busy() {
        return othersShare >= BUSY_SHARE || stealShare >= BUSY_STEAL;
    }

    /** @return e.g. "other processes used 43% of the 2 CPUs, steal 0%, load average 2.10", or why it is unknown */
    public String describe() {
        if (!measured()) {
            return "the machine's load was not measured (no /proc/stat)";
        }
        return String.format(Locale.ROOT, "other processes used %.0f%% of the %d CPUs, steal %.0f%%, load average %.2f",
                100 * othersShare, cpus, 100 * stealShare, loadAverage);
    }

    /**
     * The load of a timing made of rounds: the medians over the rounds (the timing compares medians over
     * rounds, so a load that hits fewer than half of them does not move it).
     *
     * @param rounds the load of each round, at least one
     * @return their medians (not measured when any round was not)
     * @throws IllegalArgumentException when {@code rounds} is empty
     */
    public static MachineLoad median(List<MachineLoad> rounds) {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("the load of a timing needs at least one round");
        }
        if (!rounds.stream().allMatch(MachineLoad::measured)) {
            return unknown();
        }
        return new MachineLoad(MedianRate.median(rounds.stream().mapToDouble(MachineLoad::othersShare).toArray()),
                MedianRate.median(rounds.stream().mapToDouble(MachineLoad::stealShare).toArray()),
                rounds.get(rounds.size() - 1).loadAverage(), rounds.get(0).cpus());
    }

    /**
     * CPU clock ticks at one instant: the machine's (all CPUs together) and this process's.
     *
     * @param busy  the machine's busy ticks (user, nice, system, irq, softirq)
     * @param steal ticks stolen by the hypervisor
     * @param total every tick (busy, idle, iowait, steal)
     * @param own   this process's ticks, with its reaped children's
     * @param loadAverage the 1-minute load average
     * @param cpus  the machine's CPUs ({@code cpuN} lines of {@code /proc/stat})
     */
    public record Ticks(long busy, long steal, long total, long own, double loadAverage, int cpus) {

        /** @return the ticks now, empty where {@code /proc} cannot be read */
        public static Optional<Ticks> now() {
            try {
                return Optional.of(parse(Files.readString(Path.of("/proc/stat")), Files.readString(Path.of("/proc/self/stat")),
                        Files.readString(Path.of("/proc/loadavg"))));
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }

        /**
         * Reads the three files' contents.
         *
         * @param procStat    {@code /proc/stat}: its first line, {@code cpu user nice system idle iowait irq softirq steal ...}
         * @param selfStat    {@code /proc/self/stat}: utime, stime, cutime and cstime are fields 14 to 17
         * @param loadAverage {@code /proc/loadavg}
         * @return the ticks
         * @throws IllegalArgumentException when a file does not have that form
         */
        public static Ticks parse(String procStat, String selfStat, String loadAverage) {
            String first = procStat.lines().findFirst().orElse("");
            String[] f = first.trim().split("\\s+");
            if (f.length < 9 || !f[0].equals("cpu")) {
                throw new IllegalArgumentException("/proc/stat's first line '" + first + "' is not 'cpu' and 8 counters");
            }
            long[] c = Arrays.stream(f, 1, 9).mapToLong(Long::parseLong).toArray();
            long busy = c[0] + c[1] + c[2] + c[5] + c[6];
            long total = Arrays.stream(c).sum();
            // the command name in parentheses may hold spaces: fields are counted after its closing one (field 2)
            String[] p = selfStat.substring(selfStat.lastIndexOf(')') + 2).trim().split("\\s+");
            if (p.length < 15) {
                throw new IllegalArgumentException("/proc/self/stat has " + (p.length + 2) + " fields, not at least 17");
            }
            long own = Long.parseLong(p[11]) + Long.parseLong(p[12]) + Long.parseLong(p[13]) + Long.parseLong(p[14]);
            int cpus = (int) procStat.lines().filter(l -> l.matches("cpu\\d+\\s.*")).count();
            return new Ticks(busy, c[7], total, own, Double.parseDouble(loadAverage.trim().split("\\s+")[0]),
                    Math.max(1, cpus));
        }

        /**
         * The load between {@code earlier} and these ticks.
         *
         * @param earlier ticks taken before
         * @return the shares of the machine's time used by others and stolen, clamped to [0, 1]
         */
        public MachineLoad since(Ticks earlier) {
            long dt = total - earlier.total;
            if (dt <= 0) {
                return new MachineLoad(0, 0, loadAverage, cpus);
            }
            double others = (double) ((busy - earlier.busy) - (own - earlier.own)) / dt;
            double stolen = (double) (steal - earlier.steal) / dt;
            return new MachineLoad(Math.min(1, Math.max(0, others)), Math.min(1, Math.max(0, stolen)), loadAverage, cpus);
        }
    }

    /**
     * A meter started before a timing: {@link #stop()} gives the load since.
     */
    public static final class Meter {
        private final Optional<Ticks> start;

        private Meter(Optional<Ticks> start) {
            this.start = start;
        }

        /** @return a meter started now */
        public static Meter start() {
            return new Meter(Ticks.now());
        }

        /** @return the load since the meter started ({@link #unknown()} without {@code /proc}) */
        public MachineLoad stop() {
            Optional<Ticks> end = Ticks.now();
            if (start.isEmpty() || end.isEmpty()) {
                return unknown();
            }
            return end.get().since(start.get());
        }
    }
}
