package org.msgdlab.deep.report;

import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.deep.plan.PlanEvidence;
import org.msgdlab.deep.plan.PlanLook;
import org.msgdlab.reports.figures.Figures;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code msgd study look PLAN} writes beside {@code plan-look.md}: the look's forest plots
 * ({@code figures/plan-forest-<kind>.png} and {@code .svg}, {@link PlanFigures}) and its page
 * ({@value PlanLookPage#FILE}, {@link PlanLookPage}), the claims' cards built from the look
 * ({@link PlanEvidence}). Each file is replaced whole or not at all.
 * <p>
 * Stateless and thread-safe.
 */
public final class PlanLookReport {

    /** The figures' folder, relative to the page. */
    public static final String FIGURES = "figures";

    private PlanLookReport() {
    }

    /**
     * What was written.
     *
     * @param page     the page
     * @param figures  the forest figures, drawn or not (one that was not says why: {@link Figures.Figure#problem})
     * @param pngs     the PNG files written, one per figure drawn
     */
    public record Written(Path page, List<Figures.Figure> figures, List<Path> pngs) {
        /** Copies the lists. */
        public Written {
            figures = List.copyOf(figures);
            pngs = List.copyOf(pngs);
        }
    }

    /**
     * Writes the figures into {@code dir/figures} and the page into {@code dir}.
     *
     * @param look the look
     * @param dir  the study's protocol folder, where {@code plan-look.md} is
     * @return what was written
     * @throws IOException when the page or a figure's file could not be written (a figure that could not be drawn
     *                     is on the page with its reason, and in {@link Written#figures})
     */
    public static Written write(PlanLook.Look look, Path dir) throws IOException {
        Path figures = dir.resolve(FIGURES);
        List<Figures.Figure> drawn = PlanFigures.write(look, figures);
        for (Figures.Figure f : drawn) {
            if (!f.rendered() && f.problem().startsWith(Figures.WRITE_FAILURE)) {
                throw new IOException(f.problem());
            }
        }
        Path page = AtomicFiles.writeString(dir.resolve(PlanLookPage.FILE),
                PlanLookPage.render(look, PlanEvidence.of(look), drawn, FIGURES));
        return new Written(page, drawn, drawn.stream().filter(Figures.Figure::rendered).map(f -> figures.resolve(f.png())).toList());
    }
}
