package org.msgdlab.deep.plan;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.AlphaSpending;
import org.msgdlab.core.stats.LookRule;
import org.msgdlab.core.stats.PairedEventRates;
import org.msgdlab.core.stats.PairedHypothesis;
import org.msgdlab.core.stats.SeededChunks;
import org.msgdlab.core.stats.SequentialDesign;
import org.msgdlab.core.stats.SignedRankRatio;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The simulated studies of {@link PlanSizing}: one claim's rule, exactly as {@link PlanLook} applies it, on studies
 * drawn from a {@link SizingWorlds} world, the plan's looks scaled to a cap, with the verdicts tallied by the look that
 * gave them. Stateless and thread-safe.
 */
final class SizingSimulation {

    private SizingSimulation() {
    }

    /** One simulated study's verdict and the index of the look that decided it (the last look when none did). */
    record Outcome(Verdict verdict, int look) {
    }

    /** Studies in one world, bound to a chunk's generator. */
    @FunctionalInterface
    interface Simulator {
        Supplier<Outcome> bind(UniformRandomProvider rng);
    }

    /** Verdicts by the look that gave them. */
    record Tally(long[] pass, long[] fail, int studies) {

        double passBy(int j) {
            long k = 0;
            for (int i = 0; i <= j; i++) {
                k += pass[i];
            }
            return (double) k / studies;
        }

        double failBy(int j) {
            long k = 0;
            for (int i = 0; i <= j; i++) {
                k += fail[i];
            }
            return (double) k / studies;
        }
    }

    static Tally simulate(Simulator sim, int looks, int studies, long seed) {
        long[][] pass = new long[SeededChunks.count(studies)][looks];
        long[][] fail = new long[pass.length][looks];
        SeededChunks.run(studies, "studies", seed, (chunk, from, to, rng) -> {
            Supplier<Outcome> study = sim.bind(rng);
            for (long r = from; r < to; r++) {
                if ((r & 255) == 0) {
                    SeededChunks.stopIfInterrupted("sizing");
                }
                Outcome o = study.get();
                pass[chunk][o.look()] += o.verdict() == Verdict.PASS ? 1 : 0;
                fail[chunk][o.look()] += o.verdict() == Verdict.FAIL ? 1 : 0;
            }
        }, SeededChunks.defaultPool(), "sizing");
        long[] p = new long[looks];
        long[] f = new long[looks];
        for (int c = 0; c < pass.length; c++) {
            for (int j = 0; j < looks; j++) {
                p[j] += pass[c][j];
                f[j] += fail[c][j];
            }
        }
        return new Tally(p, f, studies);
    }

    /** A difference claim's studies at {@code theta} with the plan's looks scaled to {@code cap}; null when they cannot be. */
    static Simulator differences(PlanFile plan, PlannedClaim.Difference c, SizingWorlds worlds, double theta,
                                         int cap, long seed) {
        int[] looks = scaled(plan.spending().looks(), cap);
        if (looks == null) {
            return null;
        }
        AlphaSpending s = plan.spending();
        LookRule rule = new LookRule(new AlphaSpending(s.familyAlpha(), s.claims(), s.reserve(), s.spend(), looks),
                c.location());
        SizingWorlds.ValuesWorld world = worlds.difference(plan, c, theta, seed);
        return rng -> {
            var draw = world.bind(rng);
            double[] d = new double[cap];
            return () -> {
                draw.accept(d);
                LookRule.Decision decision = rule.decide(c.band(), d);
                return new Outcome(decision.verdict(), decision.last().index());
            };
        };
    }

    /** A recovery claim's studies at ratio {@code rho}, the plan's looks scaled to {@code cap}; null when they cannot be. */
    static Simulator recovery(PlanFile plan, PlannedClaim.Recovery c, SizingWorlds worlds, double rho, int cap) {
        SequentialDesign p = plan.recoveryDesign();
        int first = (int) Math.round((double) p.first() * cap / p.cap());
        int block = Math.max(1, (int) Math.round((double) p.block() * cap / p.cap()));
        if (first < 3 || cap < first) {
            return null;
        }
        SequentialDesign design = cap == p.cap() ? p : new SequentialDesign(first, block, cap, p.alpha());
        int[] looks = design.looks();
        int planLooks = p.looks().length;    // a scaled design may round to another count: only its total is read
        SizingWorlds.PairsWorld world = worlds.recovery(plan, c, rho);
        return rng -> {
            SizingWorlds.Pairs draw = world.bind(rng);
            double[] a = new double[cap];
            double[] b = new double[cap];
            boolean[] lost = new boolean[cap];
            return () -> {
                draw.draw(a, b, lost);
                SequentialDesign.Status st = SignedRankRatio.sequential(a, b, lost, design, c.lower(), c.upper());
                int j = java.util.Arrays.binarySearch(looks, st.seedsUsed());
                return new Outcome(verdict(st.outcome()), Math.min(Math.max(j, 0), planLooks - 1));
            };
        };
    }

    /** An event-rate claim's studies of {@code n} paired seeds with lone rates q10 (the noise's) and q01. */
    static Simulator events(PlanFile plan, PlannedClaim.EventRate c, double q10, double q01, int n) {
        if (n < 1) {
            return null;
        }
        double alpha = plan.claimAlpha();
        return rng -> {
            Map<Integer, Verdict> decided = new HashMap<>();
            return () -> {
                int n10 = 0;
                int n01 = 0;
                for (int s = 0; s < n; s++) {
                    double u = rng.nextDouble();
                    n10 += u < q10 ? 1 : 0;
                    n01 += u >= q10 && u < q10 + q01 ? 1 : 0;
                }
                int k10 = n10;
                int k01 = n01;
                return new Outcome(decided.computeIfAbsent(k10 * (n + 1) + k01,
                        k -> verdict(new PairedEventRates(n, k10, k01, c.margin()).decide(alpha))), 0);
            };
        };
    }

    private static Verdict verdict(PairedHypothesis.Outcome o) {
        return o == PairedHypothesis.Outcome.SUPPORTED ? Verdict.PASS
                : o == PairedHypothesis.Outcome.CONTRADICTED ? Verdict.FAIL : Verdict.INCONCLUSIVE;
    }

    /**
     * The looks scaled in proportion to a cap: look_j x cap / the plan's cap, rounded.
     *
     * @param looks the plan's looks
     * @param cap   the cap tried
     * @return the scaled looks, or null when they do not increase from at least 3
     */
    static int[] scaled(int[] looks, int cap) {
        int[] out = new int[looks.length];
        for (int j = 0; j < looks.length; j++) {
            out[j] = (int) Math.round((double) looks[j] * cap / looks[looks.length - 1]);
            if (out[j] < 3 || (j > 0 && out[j] <= out[j - 1])) {
                return null;
            }
        }
        return out;
    }
}
