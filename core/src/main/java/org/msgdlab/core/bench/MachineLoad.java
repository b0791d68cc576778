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
 * <p>
 * The rule ({@link #busy()}, in words {@link #rule()}): a timing is busy, its speeds those of a shared machine
 * and not a verdict, when any of
 * <ul>
 *   <li>other processes used at least {@link #BUSY_SHARE} of the machine's CPU time;</li>
 *   <li>the hypervisor stole at least {@link #BUSY_STEAL} of it;</li>
 *   <li>the 1-minute load average at the end was at least the machine's CPUs + 1 (the timing's own threads count
 *       in it, at most one per CPU: one runnable thread more than CPUs on average means someone waited);</li>
 *   <li>this process's timed threads got less than {@link #BUSY_OWN} of the CPU time they could have used (its
 *       CPU ticks over the wall time times its threads; only where the timing says how many threads it ran).</li>
 * </ul>
 *
 * @param othersShare share of the machine's CPU time used by other processes, in [0, 1] (NaN when not measured)
 * @param stealShare  share stolen by the hypervisor, in [0, 1] (NaN when not measured)
 * @param loadAverage the 1-minute load average at the end (NaN when not measured)
 * @param cpus        CPUs of the machine
 * @param ownShare    CPU time this process (and its reaped children) got over wall time x the threads it ran, in
 *                    [0, 1] (NaN when not measured)
 */
public record MachineLoad(double othersShare, double stealShare, double loadAverage, int cpus, double ownShare) {

    /** Other processes' share of the machine at or above which a timing is called busy: a tenth of the CPUs. */
    public static final double BUSY_SHARE = 0.10;
    /** Hypervisor steal at or above which a timing is called busy. */
    public static final double BUSY_STEAL = 0.05;
    /** The share of its CPU time below which this process's timing is called busy: it was kept waiting. */
    public static final double BUSY_OWN = 0.90;
    /**
     * The evidence parameter in which a timing claim states its load rule; it marks the claim as one that
     * measures time (msgd diff leaves such claims out unless asked).
     */
    public static final String RULE_PARAMETER = "load.rule";

    /**
     * A load whose own share was not measured.
     *
     * @param othersShare share of the machine's CPU time used by other processes
     * @param stealShare  share stolen by the hypervisor
     * @param loadAverage the 1-minute load average at the end
     * @param cpus        CPUs of the machine
     */
    public MachineLoad(double othersShare, double stealShare, double loadAverage, int cpus) {
        this(othersShare, stealShare, loadAverage, cpus, Double.NaN);
    }

    /** @return a load that could not be measured (no {@code /proc}: not Linux) */
    public static MachineLoad unknown() {
        return new MachineLoad(Double.NaN, Double.NaN, Double.NaN, Runtime.getRuntime().availableProcessors());
    }

    /**
     * This load with another own share: a round's load over all its processes, with the share its timed threads got.
     *
     * @param share the own share ({@link Ticks#since(Ticks, int)}), NaN when not measured
     * @return the load
     */
    public MachineLoad withOwnShare(double share) {
        return new MachineLoad(othersShare, stealShare, loadAverage, cpus, share);
    }

    /** @return whether the load was measured */
    public boolean measured() {
        return !Double.isNaN(othersShare);
    }

    /**
     * The rule of the class comment: others took at least {@link #BUSY_SHARE}, the hypervisor {@link #BUSY_STEAL}, the
     * load average reached the CPUs + 1, or this process got less than {@link #BUSY_OWN} of its CPU time. What was not
     * measured (NaN) does not make a timing busy.
     *
     * @return whether the timing is that of a busy machine
     */
    public boolean busy() {
        return othersShare >= BUSY_SHARE || stealShare >= BUSY_STEAL || loadAverage >= cpus + 1 || ownShare < BUSY_OWN;
    }

    /** @return why {@link #busy()} says so, in words ("" when it does not) */
    public String busyBecause() {
        List<String> why = new java.util.ArrayList<>();
        if (othersShare >= BUSY_SHARE) {
            why.add(String.format(Locale.ROOT, "other processes used %.0f%% >= %.0f%% of the CPUs", 100 * othersShare,
                    100 * BUSY_SHARE));
        }
        if (stealShare >= BUSY_STEAL) {
            why.add(String.format(Locale.ROOT, "steal %.0f%% >= %.0f%%", 100 * stealShare, 100 * BUSY_STEAL));
        }
        if (loadAverage >= cpus + 1) {
            why.add(String.format(Locale.ROOT, "load average %.2f >= %d CPUs + 1", loadAverage, cpus));
        }
        if (ownShare < BUSY_OWN) {
            why.add(String.format(Locale.ROOT, "this process got %.0f%% < %.0f%% of its threads' CPU time", 100 * ownShare,
                    100 * BUSY_OWN));
        }
        return String.join("; ", why);
    }

    /** @return the rule of {@link #busy()} in words, for evidence and bench lines */
    public static String rule() {
        return String.format(Locale.ROOT, "busy (a timing that is no evidence of speed) when other processes used >= %.0f%%"
                + " of the machine's CPU time, or the hypervisor stole >= %.0f%%, or the 1-minute load average reached the"
                + " CPUs + 1, or this process's timed threads got < %.0f%% of their CPU time (/proc/stat, /proc/self/stat,"
                + " /proc/loadavg)", 100 * BUSY_SHARE, 100 * BUSY_STEAL, 100 * BUSY_OWN);
    }

    /** @return e.g. "other processes used 43% of the 2 CPUs, steal 0%, load average 2.10", or why it is unknown */
    public String describe() {
        if (!measured()) {
            return "the machine's load was not measured (no /proc/stat)";
        }
        return String.format(Locale.ROOT, "other processes used %.0f%% of the %d CPUs, steal %.0f%%, load average %.2f",
                100 * othersShare, cpus, 100 * stealShare, loadAverage)
                + (Double.isNaN(ownShare) ? "" : String.format(Locale.ROOT, ", this process got %.0f%% of its threads'"
                + " CPU time", 100 * ownShare));
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
        double[] own = rounds.stream().mapToDouble(MachineLoad::ownShare).toArray();
        return new MachineLoad(MedianRate.median(rounds.stream().mapToDouble(MachineLoad::othersShare).toArray()),
                MedianRate.median(rounds.stream().mapToDouble(MachineLoad::stealShare).toArray()),
                rounds.get(rounds.size() - 1).loadAverage(), rounds.get(0).cpus(),
                Arrays.stream(own).anyMatch(Double::isNaN) ? Double.NaN : MedianRate.median(own));
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

        /**
         * The load between {@code earlier} and these ticks, with the share of CPU time this process's {@code threads}
         * got: its ticks over the wall time (the machine's ticks over its CPUs) times {@code threads}.
         *
         * @param earlier ticks taken before
         * @param threads threads this process ran busy in between, >= 1
         * @return the load, with its own share clamped to [0, 1]
         * @throws IllegalArgumentException when {@code threads} is below 1
         */
        public MachineLoad since(Ticks earlier, int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("timed threads=" + threads + " must be >= 1");
            }
            MachineLoad l = since(earlier);
            double wall = (double) (total - earlier.total) / cpus;
            double own = wall <= 0 ? Double.NaN : Math.min(1, Math.max(0, (this.own - earlier.own) / (wall * threads)));
            return new MachineLoad(l.othersShare(), l.stealShare(), l.loadAverage(), l.cpus(), own);
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

        /**
         * The load since the meter started, with this process's own share ({@link Ticks#since(Ticks, int)}).
         *
         * @param threads threads this process ran busy since the start, >= 1
         * @return the load ({@link #unknown()} without {@code /proc})
         */
        public MachineLoad stop(int threads) {
            Optional<Ticks> end = Ticks.now();
            if (start.isEmpty() || end.isEmpty()) {
                return unknown();
            }
            return end.get().since(start.get(), threads);
        }
    }
}
