package org.msgdlab.deep.plan;

import org.msgdlab.core.stats.AlphaSpending;
import org.msgdlab.core.stats.LookRule;
import org.msgdlab.core.stats.SequentialDesign;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.theory.plugin.NoisePlugin;

import java.nio.file.Path;
import java.util.List;

/**
 * A study declared as data: what a pre-registration fixes, read from a plan file ({@link PlanFileReader}; the format
 * is {@code docs/study-plan.md}) that the tool enforces. The runs live beside the file, in
 * {@code <its folder>/<protocol>/<method id>/seed-<s>/}, each recording the file's digest ({@link PlanDigests}); a look
 * refuses a plan changed after its first run started unless the change is a recorded {@link Amendment}.
 * <p>
 * Immutable and thread-safe.
 *
 * @param file       where the plan was read from
 * @param sha256     the SHA-256 of the file's bytes, lower-case hex
 * @param name       the plan's name, [a-z0-9-]; its claims' ids are {@code deep.<name>.<claim>}
 * @param title      the question in a few words
 * @param question   the question in a paragraph
 * @param protocol   the training protocol of every run
 * @param iterations updates per run; the statistic is the window accuracy over the last 20% of them
 * @param evalEvery  test evaluation every this many iterations
 * @param methods    the methods, each trained at every paired seed (built-in names and {@code plugin:NAME})
 * @param plugins    the plug-in jars the {@code plugin:NAME} methods come from, each with its digest
 * @param masterSeed the study's seed: paired seed s trains every method from {@code Streams.derive(masterSeed, s)}
 * @param looks      the paired seeds at each look, increasing; the last is the cap
 * @param replaceLeftOut whether a complete seed left out (its runs computed differently) is replaced by the next one
 *                   (the third study's rule) or the cap counts seed numbers (the second's)
 * @param alpha      the family-wise level and how it is split
 * @param lostRun    what counts as a lost run and what it does
 * @param claims     the claims, one family
 * @param amendments the changes made after the first run, each with its date and reason
 * @param sizing     the normal worlds the plan is sized on ({@link PlanSizing}), as the file states them; null when it
 *                   states none
 */
public record PlanFile(Path file, String sha256, String name, String title, String question, Protocol protocol,
                       int iterations, int evalEvery, List<String> methods, List<PluginJar> plugins, long masterSeed,
                       List<Integer> looks, boolean replaceLeftOut, Alpha alpha, LostRun lostRun,
                       List<PlannedClaim> claims, List<Amendment> amendments, SizingModel sizing) {

    /** The format this build reads, the value of the file's {@code format} key. */
    public static final String FORMAT = "msgd-study-plan/1";

    /** Copies the lists. */
    public PlanFile {
        methods = List.copyOf(methods);
        plugins = List.copyOf(plugins);
        looks = List.copyOf(looks);
        claims = List.copyOf(claims);
        amendments = List.copyOf(amendments);
    }

    /**
     * A plug-in jar the plan's {@code plugin:NAME} methods come from.
     *
     * @param jar    the jar, resolved against the plan file's folder
     * @param sha256 its SHA-256, lower-case hex: the plug-in the plan fixed
     */
    public record PluginJar(Path jar, String sha256) {
    }

    /**
     * The family-wise level and how it is split: Bonferroni over the claims, each rule at {@code reserve} of its
     * share, spent at the looks in the shares {@code spend} ({@link AlphaSpending}).
     *
     * @param family  the family-wise probability of any wrong verdict
     * @param reserve the share of a claim's alpha its rule runs at, the rest kept for the data's shape
     * @param spend   the share spent at each look, summing to 1
     * @param equal   whether the file said {@code "equal"} (the second study's: alpha / J at each of J looks)
     */
    public record Alpha(double family, double reserve, List<Double> spend, boolean equal) {

        /** Copies {@code spend}. */
        public Alpha {
            spend = List.copyOf(spend);
        }
    }

    /**
     * What counts as a lost run: none, or a collapse by the second study's definition
     * ({@link org.msgdlab.deep.study.Collapse}); a collapse leaves the paired seed out of a recovery claim's
     * statistic and is the event of an event-rate claim.
     *
     * @param rule {@code none} or {@code collapse}
     */
    public record LostRun(String rule) {

        /** @return whether a collapse is a lost run */
        public boolean collapse() {
            return rule.equals("collapse");
        }
    }

    /**
     * A change made to the plan after its first run started.
     *
     * @param date     the day, ISO 8601
     * @param reason   why, in words
     * @param replaces the digest of the file before the change ({@code sha256:<hex>}), or {@code none}: the runs that
     *                 recorded no digest (trained before the plan file existed) count
     */
    public record Amendment(String date, String reason, String replaces) {

        /** The {@code replaces} of an amendment that admits runs recorded with no plan digest. */
        public static final String NONE = "none";
    }

    /** @return the study folder: the plan file's */
    public Path dir() {
        return file.toAbsolutePath().getParent();
    }

    /** @return the cap: the paired seeds of the last look */
    public int cap() {
        return looks.get(looks.size() - 1);
    }

    /** @return the claim id of {@code c}: {@code deep.<name>.<claim name>} */
    public String id(PlannedClaim c) {
        return "deep." + name + "." + c.name();
    }

    /** @return the looks and their levels of a difference claim ({@link AlphaSpending}) */
    public AlphaSpending spending() {
        return new AlphaSpending(alpha.family(), claims.size(), alpha.reserve(),
                alpha.spend().stream().mapToDouble(Double::doubleValue).toArray(),
                looks.stream().mapToInt(Integer::intValue).toArray());
    }

    /** @return a claim's rule at its share: familyAlpha / claims x reserve */
    public double claimAlpha() {
        return alpha.family() / claims.size() * alpha.reserve();
    }

    /**
     * The looks of a recovery claim: equally spaced looks, each at the claim's alpha over J (the reader checks that
     * the plan's looks and spend are such).
     *
     * @return the design
     */
    public SequentialDesign recoveryDesign() {
        int first = looks.get(0);
        int block = looks.size() > 1 ? looks.get(1) - first : 1;
        return new SequentialDesign(first, block, cap(), claimAlpha());
    }

    /**
     * The rule of a difference claim.
     *
     * @param c the claim
     * @return its location at {@link #spending()}'s looks
     */
    public LookRule rule(PlannedClaim.Difference c) {
        return new LookRule(spending(), c.location());
    }

    /**
     * The study's runs as the trainer sees them.
     *
     * @param dataDir where Fashion-MNIST is
     * @param loaded  the plug-ins loaded from {@link #plugins()} (empty when the plan names none)
     * @return the plan of the runs, in {@link #dir()}
     */
    public StudyPlan studyPlan(Path dataDir, List<NoisePlugin> loaded) {
        return new StudyPlan(protocol, methods, masterSeed, iterations, evalEvery, dir(), dataDir, loaded);
    }
}
