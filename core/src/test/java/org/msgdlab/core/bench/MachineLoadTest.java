package org.msgdlab.core.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A timing knows what the rest of the machine took while it ran, and calls a shared machine busy. */
class MachineLoadTest {

    private static String procStat(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal) {
        return String.join(" ", "cpu ", Long.toString(user), Long.toString(nice), Long.toString(system), Long.toString(idle),
                Long.toString(iowait), Long.toString(irq), Long.toString(softirq), Long.toString(steal), "0 0")
                + "\ncpu0 1 2 3 4 5 6 7 8 0 0\ncpu1 1 2 3 4 5 6 7 8 0 0\nintr 1 2 3\n";
    }

    private static String selfStat(long utime, long stime, long cutime, long cstime) {
        // a command name with a space and a closing parenthesis inside, as the kernel allows
        return "4242 (java (x) y) S 1 2 3 0 -1 4194304 99 0 0 0 " + utime + " " + stime + " " + cutime + " " + cstime
                + " 20 0 1 0 1329229 3133440 407\n";
    }

    @Test
    void othersAreTheMachinesBusyTicksLessThisProcessAndItsChildren() {
        MachineLoad.Ticks a = MachineLoad.Ticks.parse(procStat(1000, 0, 100, 5000, 0, 0, 0, 0), selfStat(50, 10, 0, 0), "0.5 0.4 0.3 1/100 1");
        // 200 ticks pass on 2 CPUs: the machine is busy 150 (user 120 + nice 20 + system 10), this process
        // used 60 itself and 30 in a reaped child, so others used 60 = 30%; 10 ticks were stolen
        MachineLoad.Ticks b = MachineLoad.Ticks.parse(procStat(1120, 20, 110, 5040, 0, 0, 0, 10),
                selfStat(100, 20, 20, 10), "1.75 0.4 0.3 1/100 1");
        MachineLoad load = b.since(a);
        assertEquals(2, b.cpus());
        assertEquals(60.0 / 200, load.othersShare(), 1e-12);
        assertEquals(10.0 / 200, load.stealShare(), 1e-12);
        assertEquals(1.75, load.loadAverage(), 0);
        assertTrue(load.busy(), load.describe());
        assertEquals("other processes used 30% of the 2 CPUs, steal 5%, load average 1.75", load.describe());
    }

    @Test
    void aQuietMachineIsNotBusyAndATenthOfItIs() {
        assertFalse(new MachineLoad(0.099, 0.049, 0.2, 2).busy());
        assertTrue(new MachineLoad(MachineLoad.BUSY_SHARE, 0, 0.2, 2).busy());
        assertTrue(new MachineLoad(0, MachineLoad.BUSY_STEAL, 0.2, 2).busy());
        assertFalse(MachineLoad.unknown().busy());
        assertFalse(MachineLoad.unknown().measured());
    }

    @Test
    void aLoadAverageOfTheCpusPlusOneIsBusy() {
        // 2 CPUs: the timing's own threads count in the load average, so 2.9 is not yet someone waiting, 3.0 is
        assertFalse(new MachineLoad(0.01, 0, 2.9, 2).busy());
        MachineLoad l = new MachineLoad(0.01, 0, 3.0, 2);
        assertTrue(l.busy());
        assertEquals("load average 3.00 >= 2 CPUs + 1", l.busyBecause());
    }

    @Test
    void aTimingWhoseThreadsGotLessThanNinetyPercentOfTheirCpuTimeIsBusy() {
        MachineLoad.Ticks a = MachineLoad.Ticks.parse(procStat(1000, 0, 0, 5000, 0, 0, 0, 0), selfStat(0, 0, 0, 0), "0.5");
        // 200 machine ticks on 2 CPUs: 100 ticks of wall time; this process used 180 ticks (all of the machine's busy ones)
        MachineLoad.Ticks b = MachineLoad.Ticks.parse(procStat(1180, 0, 0, 5020, 0, 0, 0, 0), selfStat(170, 10, 0, 0), "0.5");
        MachineLoad one = b.since(a, 2);
        assertEquals(0.9, one.ownShare(), 1e-12);
        assertFalse(one.busy(), one.busyBecause());
        // the same ticks, had the timing asked for 4 threads' worth: it got 45% of them
        MachineLoad kept = b.since(a, 4);
        assertEquals(0.45, kept.ownShare(), 1e-12);
        assertTrue(kept.busy());
        assertTrue(kept.busyBecause().contains("this process got 45% < 90%"), kept.busyBecause());
        assertTrue(kept.describe().endsWith(", this process got 45% of its threads' CPU time"), kept.describe());
        assertFalse(new MachineLoad(0, 0, 0.1, 2, Double.NaN).busy());
        assertThrows(IllegalArgumentException.class, () -> b.since(a, 0));
        // the rounds' median own share; unknown as soon as one round's is
        assertEquals(0.5, MachineLoad.median(List.of(new MachineLoad(0, 0, 0, 2, 0.4), new MachineLoad(0, 0, 0, 2, 0.5),
                new MachineLoad(0, 0, 0, 2, 0.95))).ownShare(), 1e-12);
        assertTrue(Double.isNaN(MachineLoad.median(List.of(new MachineLoad(0, 0, 0, 2, 0.4), new MachineLoad(0, 0, 0, 2)))
                .ownShare()));
    }

    @Test
    void theLoadOfRoundsIsTheirMedianSoThatALoadInFewerThanHalfOfThemIsNotBusy() {
        MachineLoad quiet = new MachineLoad(0.01, 0, 0.1, 2);
        MachineLoad loud = new MachineLoad(0.9, 0, 2.0, 2);
        assertFalse(MachineLoad.median(List.of(quiet, loud, quiet, loud, quiet)).busy());
        assertTrue(MachineLoad.median(List.of(loud, quiet, loud, loud, quiet)).busy());
        assertFalse(MachineLoad.median(List.of(quiet, MachineLoad.unknown())).measured());
        assertThrows(IllegalArgumentException.class, () -> MachineLoad.median(List.of()));
    }

    @Test
    void aMalformedProcStatIsRefusedNamingTheFile() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MachineLoad.Ticks.parse("intr 1 2\n", selfStat(1, 1, 1, 1), "0.1"));
        assertTrue(e.getMessage().contains("/proc/stat"), e.getMessage());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aBusyLoopInAnotherProcessIsSeenAsOthersAndOurOwnWorkIsNot() throws Exception {
        // the spinner must be another process, not this one's child: a child's ticks are counted as this
        // process's own once it is reaped (cutime), so the shell starts it in the background, prints its
        // pid and exits, and the orphaned loop belongs to init (or a subreaper), as a neighbour's job would
        Process launcher = new ProcessBuilder("sh", "-c", "sh -c 'while :; do :; done' </dev/null >/dev/null 2>&1 & echo $!")
                .redirectErrorStream(true).start();
        long spinnerPid = Long.parseLong(new String(launcher.getInputStream().readAllBytes()).trim());
        assertTrue(launcher.waitFor(5, TimeUnit.SECONDS));
        ProcessHandle spinner = ProcessHandle.of(spinnerPid).orElseThrow();
        MachineLoad withSpinner;
        try {
            // metered while the loop spins, not while it starts or is killed
            MachineLoad.Meter meter = MachineLoad.Meter.start();
            Thread.sleep(1500);
            withSpinner = meter.stop();
        } finally {
            spinner.destroyForcibly();
            spinner.onExit().get(5, TimeUnit.SECONDS);
        }
        // one spinning shell is a whole CPU of others (half of a 2-CPU machine); a meter that counted
        // nothing, or counted only this process, would report about 0 here
        assertTrue(withSpinner.measured());
        assertTrue(withSpinner.othersShare() >= 0.8 / withSpinner.cpus() - 0.05, withSpinner.describe());

        MachineLoad.Ticks a = MachineLoad.Ticks.now().orElseThrow();
        // half a second of this thread's CPU time, not of the wall clock: on a busy machine a wall-clock half
        // second may hold far less of our own work
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + 500_000_000L;
        double sink = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < 10_000; i++) {
                sink += Math.sqrt(sink + 1);
            }
        }
        MachineLoad.Ticks b = MachineLoad.Ticks.now().orElseThrow();
        assertTrue(sink > 0);
        // half a second of CPU spent here is counted as this process's own (clock ticks of 10 ms: about 50)
        assertTrue(b.own() - a.own() >= 30, "own ticks " + (b.own() - a.own()));
    }
}
