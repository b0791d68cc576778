package org.msgdlab.deep.report;

import org.msgdlab.deep.study.NoiseClassClaim;
import org.msgdlab.deep.study.NoiseClassVerdicts;
import org.msgdlab.deep.train.Method;
import org.msgdlab.reports.figures.Charts;
import org.msgdlab.reports.figures.NoiseClassFigures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The noise-class study's forest plot of R as {@code msgd study --plan noise-class} draws it from the study's own
 * verdicts ({@code recovery.png} and {@code .svg}): the report's drawing ({@link NoiseClassFigures}), one row per
 * recovery claim, with the plan's band.
 * <p>
 * Stateless and thread-safe.
 */
public final class NoiseClassStudyFigures {

    private NoiseClassStudyFigures() {
    }

    /**
     * Writes {@code recovery.png} and {@code recovery.svg} into {@code dir}.
     *
     * @param results the twelve results ({@link NoiseClassVerdicts#evaluate})
     * @param seeds   the paired seeds used so far
     * @param dir     the figures directory
     * @throws IOException when a file cannot be written
     */
    public static void write(List<NoiseClassVerdicts.Result> results, int seeds, Path dir) throws IOException {
        Files.createDirectories(dir);
        Charts.write(NoiseClassFigures.forest(rows(results), seeds, NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_UPPER),
                dir, "recovery");
    }

    /** The recovery claims' rows of the study's own results, in their order. */
    static List<NoiseClassFigures.Row> rows(List<NoiseClassVerdicts.Result> results) {
        return results.stream().filter(r -> r.claim().kind() == NoiseClassClaim.Kind.RECOVERY).map(NoiseClassStudyFigures::row).toList();
    }

    static NoiseClassFigures.Row row(NoiseClassVerdicts.Result r) {
        return new NoiseClassFigures.Row(Method.shortName(r.claim().noise()), r.verdict(), r.estimate(), r.set(),
                NoiseClassVerdicts.sets(r.set()), r.used(), r.look());
    }
}
