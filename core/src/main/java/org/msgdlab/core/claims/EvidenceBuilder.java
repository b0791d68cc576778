package org.msgdlab.core.claims;

import java.util.List;
import java.util.Map;

/**
 * Evidence field by field, for the verdicts {@link Evidence#decide} does not make. Until set, the verdict
 * is ERROR ("no verdict set"), the numbers NaN (samples and seconds 0), the lists empty and the
 * discrepancy limit "". Not thread-safe.
 */
public final class EvidenceBuilder {
    private final String claimId;
    private final String paperRef;
    private final String statement;
    private Verdict verdict = Verdict.ERROR;
    private String reason = "no verdict set";
    private Map<String, Object> parameters = Map.of();
    private double estimate = Double.NaN;
    private double reference = Double.NaN;
    private double standardError = Double.NaN;
    private double tolerance = Double.NaN;
    private double discrepancy = Double.NaN;
    private double falseAlarmProbability = Double.NaN;
    private List<StatisticCheck> statistics = List.of();
    private List<PowerCheck> power = List.of();
    private String discrepancyLimit = "";
    private long samples;
    private double seconds;
    private List<Series> series = List.of();
    private IntervalAnswer interval;
    private TimingAnswer timing;

    EvidenceBuilder(String claimId, String paperRef, String statement) {
        this.claimId = claimId;
        this.paperRef = paperRef;
        this.statement = statement;
    }

    /**
     * Sets the verdict.
     *
     * @param v   the verdict
     * @param why its reason
     * @return this, with the verdict and its reason
     */
    public EvidenceBuilder verdict(Verdict v, String why) {
        this.verdict = v;
        this.reason = why;
        return this;
    }

    /**
     * Sets the parameters.
     *
     * @param p the check's parameters by name
     * @return this, with the parameters
     */
    public EvidenceBuilder parameters(Map<String, Object> p) {
        this.parameters = p;
        return this;
    }

    /**
     * Sets the headline statistic.
     *
     * @param estimate      its estimate
     * @param reference     its reference value
     * @param standardError its standard error
     * @param tolerance     its acceptance half-width
     * @param discrepancy   its measured discrepancy
     * @return this, with the headline statistic's estimate, reference, SE, tolerance and discrepancy
     */
    public EvidenceBuilder headline(double estimate, double reference, double standardError, double tolerance, double discrepancy) {
        this.estimate = estimate;
        this.reference = reference;
        this.standardError = standardError;
        this.tolerance = tolerance;
        this.discrepancy = discrepancy;
        return this;
    }

    /**
     * Sets the headline numbers from the headline statistic: its estimate, the paper's value as the
     * reference, its standard error, tolerance and measured discrepancy.
     *
     * @param head the statistic the evidence leads with
     * @return this, with them
     */
    public EvidenceBuilder headline(StatisticCheck head) {
        return headline(head.estimate(), head.paperValue(), head.standardError(), head.tolerance(),
                head.measuredDiscrepancy());
    }

    /**
     * Sets the false-alarm probability.
     *
     * @param alpha the false-alarm probability the tolerances were set for
     * @return this, with it
     */
    public EvidenceBuilder falseAlarmProbability(double alpha) {
        this.falseAlarmProbability = alpha;
        return this;
    }

    /**
     * Sets the compared statistics.
     *
     * @param s the statistics
     * @return this, with them
     */
    public EvidenceBuilder statistics(List<StatisticCheck> s) {
        this.statistics = s;
        return this;
    }

    /**
     * Sets the power checks.
     *
     * @param p the power checks
     * @return this, with them
     */
    public EvidenceBuilder power(List<PowerCheck> p) {
        this.power = p;
        return this;
    }

    /**
     * Sets the discrepancy limit.
     *
     * @param limit what limits the discrepancy (or why there is none)
     * @return this, with it
     */
    public EvidenceBuilder discrepancyLimit(String limit) {
        this.discrepancyLimit = limit;
        return this;
    }

    /**
     * Sets the sample count.
     *
     * @param n the number of samples drawn
     * @return this, with it
     */
    public EvidenceBuilder samples(long n) {
        this.samples = n;
        return this;
    }

    /**
     * Sets the time.
     *
     * @param s the seconds the check took
     * @return this, with it
     */
    public EvidenceBuilder seconds(double s) {
        this.seconds = s;
        return this;
    }

    /**
     * Sets the series.
     *
     * @param s the series for figures
     * @return this, with them
     */
    public EvidenceBuilder series(List<Series> s) {
        this.series = s;
        return this;
    }

    /**
     * Makes the evidence an interval claim's: its estimate the answer's point estimate, no reference,
     * tolerance, discrepancy or discrepancy limit (an interval claim has no paper formula). The standard
     * error stays as set ({@link #standardError}).
     *
     * @param answer the claim's answer, or null for none (then nothing changes)
     * @return this, with it
     */
    public EvidenceBuilder interval(IntervalAnswer answer) {
        if (answer != null) {
            this.interval = answer;
            noFormula(answer.estimate());
        }
        return this;
    }

    /**
     * Makes the evidence a timing claim's: its estimate the measured ratio, no reference, tolerance,
     * discrepancy or discrepancy limit (a bound is not a paper formula; the timing carries it).
     *
     * @param measured the claim's measurement, or null for none (then nothing changes)
     * @return this, with it
     */
    public EvidenceBuilder timing(TimingAnswer measured) {
        if (measured != null) {
            this.timing = measured;
            noFormula(measured.ratio());
        }
        return this;
    }

    /**
     * Sets the standard error of the estimate alone.
     *
     * @param se its standard error
     * @return this, with it
     */
    public EvidenceBuilder standardError(double se) {
        this.standardError = se;
        return this;
    }

    private void noFormula(double pointEstimate) {
        this.estimate = pointEstimate;
        this.reference = Double.NaN;
        this.tolerance = Double.NaN;
        this.discrepancy = Double.NaN;
        this.discrepancyLimit = null;
    }

    /** @return the evidence */
    public Evidence build() {
        return new Evidence(claimId, paperRef, statement, verdict, reason, parameters, estimate, reference,
                standardError, tolerance, discrepancy, falseAlarmProbability, statistics, power, discrepancyLimit,
                samples, seconds, series, interval, timing);
    }
}
