package org.msgdlab.reports.figures;

import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.msgdlab.core.claims.Verdict;

import java.awt.BasicStroke;
import java.util.List;
import java.util.Locale;

/**
 * What a line or point in a figure stands for, and how that shows: the {@link Role} a curve's name
 * gives it (the paper's value, an exact or a wrong formula, an estimate, a guide such as a bound or a
 * slope), the line each role is drawn with, and the marker shape of each verdict in an overview.
 */
final class Marks {

    private Marks() {
    }

    /** What a curve is, from its name: drawn accordingly (the legend keeps the name as given). */
    enum Role { ESTIMATE, PAPER, EXACT, WRONG, GUIDE, OTHER }

    static Role role(String name, boolean band) {
        String n = name == null ? "" : name.toLowerCase(Locale.ROOT);
        if (n.startsWith("paper")) {
            return Role.PAPER;
        }
        if (n.startsWith("wrong")) {
            return Role.WRONG;
        }
        if (n.startsWith("exact") || n.contains("(derived)")) {
            return Role.EXACT;
        }
        if (band || n.startsWith("estimate")) {
            return Role.ESTIMATE;
        }
        for (String guide : List.of("bound", "slope", "fit", "reference", "theory", "predicted", "limit", "asymptot")) {
            if (n.contains(guide)) {
                return Role.GUIDE;
            }
        }
        return Role.OTHER;
    }

    static BasicStroke lineFor(Role role) {
        return switch (role) {
            case PAPER -> new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {7f, 4f}, 0f);
            case EXACT -> new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {9f, 3f, 2f, 3f}, 0f);
            case WRONG -> new BasicStroke(1.8f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10f, new float[] {1.5f, 4f}, 0f);
            case GUIDE -> new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {5f, 3f}, 0f);
            default -> solid(1.6f);
        };
    }

    static BasicStroke solid(float w) {
        return new BasicStroke(w, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }

    /** Marker shape per verdict: colour is never the only cue. */
    static Marker marker(Verdict v) {
        return switch (v) {
            case PASS -> SeriesMarkers.CIRCLE;
            case APPROXIMATE -> SeriesMarkers.DIAMOND;
            case FAIL -> SeriesMarkers.SQUARE;
            default -> SeriesMarkers.TRIANGLE_UP;
        };
    }
}
