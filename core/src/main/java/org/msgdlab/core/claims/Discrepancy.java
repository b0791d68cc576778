package org.msgdlab.core.claims;

/**
 * What is known, analytically, about the deterministic gap between the paper's formula and the
 * exact one: whether it vanishes in the paper's regime and how. Immutable and thread-safe.
 *
 * @param vanishes  true when the relative gap tends to 0 in the stated limit
 * @param limit     the formula of the gap and its limit, e.g.
 *                  {@code "factor (n-b)/(n-1) -> 1 as n -> infinity with b fixed"}
 */
public record Discrepancy(boolean vanishes, String limit) {

    /**
     * The paper's formula is exact: there is no gap.
     *
     * @return {@code Discrepancy(true, "none: the paper's formula is exact")}
     */
    public static Discrepancy none() {
        return new Discrepancy(true, "none: the paper's formula is exact");
    }

    /**
     * A gap that vanishes in a stated limit.
     *
     * @param limit the formula of the gap and its limit
     * @return {@code Discrepancy(true, limit)}
     */
    public static Discrepancy vanishing(String limit) {
        return new Discrepancy(true, limit);
    }

    /**
     * A gap that does not vanish in the paper's regime.
     *
     * @param why the gap and why it persists
     * @return {@code Discrepancy(false, why)}
     */
    public static Discrepancy persistent(String why) {
        return new Discrepancy(false, why);
    }
}
