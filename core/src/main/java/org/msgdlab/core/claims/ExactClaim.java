package org.msgdlab.core.claims;


import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * A claim checked by exact computation (no sampling): its statistics have standard error 0 and a
 * tolerance equal to a floating-point round-off bound, so the false-alarm probability is 0.
 */
public record ExactClaim(String id, String paperRef, String statement, LongFunction<Computation> compute)
        implements Claim {

    /** What one exact check computed. */
    public record Computation(Map<String, Object> parameters, List<StatisticCheck> statistics, PowerCheck power,
                              Discrepancy discrepancy) {
    }

    @Override
    public Evidence check(CheckContext context) {
        long seed = context.seed();
        long start = System.nanoTime();
        Computation c = compute.apply(seed);
        return Evidence.decide(id, paperRef, statement, c.parameters(), 0.0, c.statistics(), List.of(c.power()),
                c.discrepancy(), 0, (System.nanoTime() - start) / 1e9, List.of());
    }
}
