package org.msgdlab.core.claims;


import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A claim checked by exact computation (no sampling): its statistics have standard error 0 and a
 * tolerance equal to a floating-point round-off bound, so the false-alarm probability is 0.
 * Thread-safe when {@code compute} is.
 *
 * @param ref       the claim's id, paper reference and statement
 * @param compute   the computation, given the context (it draws through {@link CheckContext#stream(String)})
 */
public record ExactClaim(ClaimRef ref, Function<CheckContext, Computation> compute)
        implements ClaimWithRef {

    /**
     * What one exact check computed.
     *
     * @param parameters  the check's parameters by name
     * @param statistics  the compared statistics (at least one)
     * @param power       the check against a wrong formula
     * @param discrepancy what is known of the gap between the paper's formula and the exact one
     */
    public record Computation(Map<String, Object> parameters, List<StatisticCheck> statistics, PowerCheck power,
                              Discrepancy discrepancy) {
    }

    /**
     * Runs the computation in the context and decides the verdict ({@link Evidence#decide})
     * at false-alarm probability 0, with 0 samples and the computation's time.
     *
     * @param context what the check may use; the computation reads its streams
     * @return the evidence, with its verdict
     */
    @Override
    public Evidence check(CheckContext context) {
        Computation c = compute.apply(context);
        return Decision.of(ref).parameters(c.parameters()).statistics(c.statistics()).power(List.of(c.power()))
                .discrepancy(c.discrepancy()).decide();
    }
}
