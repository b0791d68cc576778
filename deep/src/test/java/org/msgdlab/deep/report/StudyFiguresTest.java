package org.msgdlab.deep.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.study.PairedClaim;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.study.StudyVerdicts;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.reports.figures.Figures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The study's curves figure of SGD-50, SGD-500 and [MSGD-Fisher]-500 is named and titled for what it is:
 * Figure 2's design (mini-batch MSGD) on Fashion-MNIST, not a figure of the paper (issue 30).
 */
class StudyFiguresTest {

    @Test
    void theMiniBatchCurvesAreFigure2sDesignOnFashionMnist(@TempDir Path dir) throws Exception {
        StudyPlan plan = StudyPlan.of(Protocol.PAPER_TEXT, Path.of("unused"), Path.of("unused"));
        Map<String, Map<Integer, StudyRuns.Run>> by = new LinkedHashMap<>();
        for (String m : List.of("sgd-50", "sgd-500", "[msgd-fisher]-500")) {
            by.put(m, runs(m.length() * 0.001));
        }
        StudyRuns runs = new StudyRuns(plan, by, List.of());
        StudyFigures.write(runs, StudyVerdicts.evaluate(runs), dir);

        try (Stream<Path> files = Files.list(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".png")).sorted()
                    .toList();
            assertEquals(List.of("curves-figure-1a.png", "curves-figure-2-design.png", "curves-figure-3a.png",
                    "forest.png"), names, "SGD-50 also draws Figures 1(a) and 3(a); nothing is called figure-4");
        }
        StudyFigures.CurvesFigure f = StudyFigures.CURVES.stream().filter(c -> c.file().equals("figure-2-design"))
                .findFirst().orElseThrow();
        assertEquals(PairedClaim.Family.FIGURE_2_DESIGN, f.family());
        String title = StudyFigures.curves(runs, f.label(), f.methods()).chart().getTitle();
        assertEquals("Small Fashion-MNIST, paper-text (Figure 2's design, not in the paper): test accuracy", title,
                "the whole title, not cut to fit");
    }

    /** Three paired seeds, two evaluations each, at 0.78 plus {@code offset} (and a little per seed). */
    private static Map<Integer, StudyRuns.Run> runs(double offset) {
        Map<Integer, StudyRuns.Run> m = new TreeMap<>();
        for (int s = 0; s < 3; s++) {
            double a = 0.78 + offset + 0.001 * s;
            List<Trainer.Row> rows = List.of(new Trainer.Row(StudyPlan.ITERATIONS / 2, 0.2, 0.9, 0.8, a - 0.01, 1.0),
                    new Trainer.Row(StudyPlan.ITERATIONS, 0.1, 0.95, 0.7, a, 2.0));
            m.put(s, new StudyRuns.Run(s, rows, a, a, 2.0, StudyPlan.ITERATIONS, a));
        }
        return m;
    }
}
