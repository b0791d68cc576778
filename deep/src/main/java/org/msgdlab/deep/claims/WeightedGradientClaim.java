package org.msgdlab.deep.claims;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.GradientCheck;
import org.msgdlab.deep.graph.Precision;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.train.Method;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Algorithm 1's identity: the gradient of L(θ)·W is Σ wᵢ ∇ℓᵢ(θ), checked on ConvSmall in float64
 * against the explicit weighted sum (to round-off) and against central differences; the check must
 * reject the gradient of the plain mean loss (W ignored).
 */
public final class WeightedGradientClaim implements Claim {

    /** The claim's id. */
    public static final String ID = "deep.algorithm1.weighted-gradient";

    private final Path dataDir;

    /** @param dataDir the Fashion-MNIST folder (generated images when it is absent) */
    public WeightedGradientClaim(Path dataDir) {
        this.dataDir = dataDir;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String paperRef() {
        return "Algorithm 1 (Section 5)";
    }

    @Override
    public String statement() {
        return "the gradient of the randomized loss L(theta)W equals sum_i w_i grad l_i(theta) (the gradient commutes"
                + " with the multiplication by W), and grad l_i matches finite differences";
    }

    @Override
    public Evidence check(CheckContext context) {
        String id = id();
        String ref = paperRef();
        String st = statement();
        // the master seed as is (see CheckContext): this check's graph and feed were seeded with it before streams were named
        long seed = context.seed();
        int n = 16;
        ClaimImages data = ClaimImages.of(dataDir, n, "the first " + n + " images of the paper's Fashion-MNIST training split");
        ImageSet images = data.images();
        String source = data.source();
        Method.Feed feed = Method.parse("msgd-fisher", 4, Double.NaN).plan(n, seed).draw(0);
        double fdTol = 1e-5;
        double sumTol = 1e-10;
        try (TrainingGraph g = TrainingGraph.build(ConvSmall.paper(), images, null,
                GraphOptions.defaults(seed).withPrecision(Precision.FLOAT64).withThreads(2, 1))) {
            // move away from the initialization so that ReLUs and pools are in a generic state
            double[] uniform = new double[n];
            Arrays.fill(uniform, 1.0 / n);
            for (int k = 0; k < 5; k++) {
                g.step(feed.indices(), uniform, 0.05);
            }
            GradientCheck.Error sum = GradientCheck.weightedSum(g, feed.indices(), feed.weights());
            GradientCheck.Error fd = GradientCheck.finiteDifference(g, 3, 6, 1e-6, seed);
            double[][] weighted = g.gradients(feed.indices(), feed.weights());
            double[][] mean = g.gradients(feed.indices(), uniform);
            double wrong = GradientCheck.compare(mean, weighted).maxRelative();
            StatisticCheck s1 = StatisticCheck.of("max relative error |grad(L.W) - sum_i w_i grad l_i|", sum.maxRelative(),
                    0, 0, 0, sumTol);
            StatisticCheck s2 = StatisticCheck.of("max relative error |central difference - grad l_i|", fd.maxRelative(),
                    0, 0, 0, fdTol);
            PowerCheck p = new PowerCheck("W ignored: the gradient of the plain mean loss L 1/n", s1.name(), wrong,
                    s1.rejects(wrong), 1.0);
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("model", "ConvSmall (11,330 parameters), float64 graph");
            params.put("data", source);
            params.put("weights", "one MSGD-Fisher draw W = 1/n + V_F, n=" + n + ", b=4");
            params.put("finiteDifferenceStep", 1e-6);
            params.put("finiteDifferenceCoordinates", fd.compared());
            params.put("weightedSumEntries", sum.compared());
            params.put("float64RoundOffTolerance", sumTol);
            params.put("finiteDifferenceTolerance", fdTol + " (O(h^2) truncation + round-off/h)");
            return Decision.of(ClaimRef.of(this)).parameters(params).statistics(List.of(s1, s2))
                    .power(List.of(p)).decide();
        }
    }

}
