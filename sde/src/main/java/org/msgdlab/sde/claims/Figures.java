package org.msgdlab.sde.claims;

import org.msgdlab.sde.fit.OrderFit;
import org.msgdlab.sde.path.SamplePath;
import org.msgdlab.core.claims.Series;

import java.util.ArrayList;
import java.util.List;

/** Series for the figures of the sde claims: error vs η on log–log axes, sample paths. */
final class Figures {

    private Figures() {
    }

    /** Points with their 95% bands ({@link Series#band}); the lower end is kept above 0 for log axes. */
    static Series.Curve measured(String name, double[] x, double[] y, double[] se) {
        List<double[]> p = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            p.add(Series.band(x[i], y[i], se[i]));
        }
        return new Series.Curve(name, p);
    }

    /** The fitted {@code exp(a) h^p exp(ρ h)} over the steps the fit used. */
    static Series.Curve fitted(String name, OrderFit f) {
        List<double[]> p = new ArrayList<>();
        for (double h : f.usedSteps()) {
            double y = f.model(h);
            p.add(Series.point(h, y));
        }
        return new Series.Curve(name + String.format(java.util.Locale.ROOT, " (order %.3f ± %.3f)", f.order(),
                Series.BAND_Z * f.standardError()), p);
    }

    /** A reference slope h^p through (x[last], y[last]). */
    static Series.Curve slope(double p, double[] x, double[] y) {
        int l = x.length - 1;
        List<double[]> pts = new ArrayList<>();
        for (double h : new double[] {x[0], x[l]}) {
            double v = y[l] * Math.pow(h / x[l], p);
            pts.add(Series.point(h, v));
        }
        return new Series.Curve("reference slope " + fmtSlope(p), pts);
    }

    private static String fmtSlope(double p) {
        return p == Math.rint(p) ? "eta^" + (int) p : "eta^" + p;
    }

    static Series logLog(String id, String title, String yLabel, List<Series.Curve> curves) {
        return new Series(id, title, "step size eta", yLabel, true, true, curves);
    }

    static Series samplePath(String id, SamplePath p, String iterationName, String referenceName) {
        List<double[]> a = new ArrayList<>();
        for (double[] q : p.iteration()) {
            a.add(new double[] {q[0], q[1], q[1], q[1]});
        }
        List<double[]> b = new ArrayList<>();
        int stride = Math.max(1, p.reference().size() / 2048);
        for (int i = 0; i < p.reference().size(); i += stride) {
            double[] q = p.reference().get(i);
            b.add(new double[] {q[0], q[1], q[1], q[1]});
        }
        return new Series(id, String.format(java.util.Locale.ROOT, "one Brownian path: theta[0] at eta=%.4g", p.eta()),
                "time t", "theta[0]", false, false,
                List.of(new Series.Curve(iterationName, a), new Series.Curve(referenceName, b)));
    }
}
