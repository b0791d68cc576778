package org.msgdlab.theory.plugin;

import org.msgdlab.theory.claims.NoiseClaims;
import org.msgdlab.core.claims.CheckFailure;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.theory.TheoryStudy;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.ErrorClaim;
import org.msgdlab.core.claims.MemoizedClaim;
import org.msgdlab.core.claims.PremisedClaim;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.NotApplicableClaim;
import org.msgdlab.core.claims.Study;
import org.msgdlab.theory.noise.CovarianceDeclaration;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.HypothesizedNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The claims the toolkit generates for users' noises ({@link NoisePlugin}), checked by the same
 * estimators as the paper's noises ({@link NoiseClaims}), three per plug-in:
 * <ul>
 *   <li>{@code plugin.NAME.mean}: E[W] = 1/n (an unbiased stochastic gradient);</li>
 *   <li>{@code plugin.NAME.covariance.as-declared}: Var[V] is what the plug-in declares; a plug-in
 *       that lies about its covariance gets FAIL, with the discrepancy; power against the nearest of
 *       the with- and without-replacement SGD covariances (or Fisher's I/(bn) when the declaration is one of those);</li>
 *   <li>{@code plugin.NAME.covariance.same-as-sgd}: Var[V] = Var[V_sgd(b)], the premise under
 *       which the paper's thesis says MSGD with this noise generalizes as SGD-b; a declared
 *       covariance that is not SGD's gets FAIL; power against the nearest of the other SGD sampling's
 *       covariance, SGD's trace spread evenly ((n-1)/(bn^2) I) and Fisher's I/(bn).</li>
 * </ul>
 * The claims other modules add ({@code more}: Theorem 1's risk, the SDE weak order) are computed from the declared
 * covariance, so each rests on {@code covariance.as-declared} ({@link PremisedClaim}): INCONCLUSIVE, with that claim's
 * verdict and reason, unless the declaration holds. The plug-in is called through {@link CheckedPlugin}: a plug-in whose
 * code throws, returns the wrong dimension or draws non-finite values gets ERROR verdicts for its own claims, with a
 * one-line reason naming the plug-in, the call and the cause, and the other plug-ins and modules run on.
 * A noise whose covariance is undefined (infinite variance) gets NOT_APPLICABLE for all three, with
 * the reason: a Monte Carlo standard error needs a finite variance. One whose covariance is
 * unknown gets NOT_APPLICABLE for the declared-covariance claim only.
 * Stateless.
 */
public final class PluginStudy {

    /** The study's id, {@code "plugins"}. */
    public static final String ID = "plugins";

    /** The plug-ins of a run ({@code msgd verify --plugin JAR}): none unless the context sets them. */
    public static final CheckContext.Option<List<NoisePlugin>> PLUGINS = CheckContext.Option.listOf("plugins", NoisePlugin.class);

    /** Monte Carlo draws of the sampling vector per claim at the quick and full budgets (as for the paper's Gaussian noises). */
    static final NoiseClaims.Samples SAMPLES = new NoiseClaims.Samples(50_000, 1_000_000);

    private PluginStudy() {
    }

    /**
     * The study of these plug-ins at n training samples and SGD batch b (the paper's Fashion-MNIST set-up: 1000, 50).
     *
     * @param plugins the plug-ins
     * @param n       the number of training samples
     * @param b       the SGD batch size
     * @return the study, three claims per plug-in
     * @throws IllegalArgumentException as {@link #claims(NoisePlugin, int, int)}
     */
    public static Study create(List<NoisePlugin> plugins, int n, int b) {
        return create(plugins, n, b, p -> List.of());
    }

    /**
     * The study of the context's plug-ins ({@link #PLUGINS}) at its theory set-up's n and b ({@link TheoryStudy#SETUP}),
     * with the claims other modules generate for each ({@code more}).
     *
     * @param context the run's context
     * @param more    the further claims of a plug-in
     * @return the study; without plug-ins, one without claims
     * @throws IllegalArgumentException as {@link #claims(NoisePlugin, int, int)}
     */
    public static Study create(CheckContext context, Function<NoisePlugin, List<Claim>> more) {
        TheoryStudy.Setup setup = context.option(TheoryStudy.SETUP);
        return create(context.option(PLUGINS), setup.n(), setup.b(), more);
    }

    /**
     * The same with the claims other modules generate for a plug-in ({@code more}, e.g. the SDE
     * weak order), each plug-in's claims together.
     *
     * @param plugins the plug-ins
     * @param n       the number of training samples
     * @param b       the SGD batch size
     * @param more    the further claims of a plug-in
     * @return the study
     * @throws IllegalArgumentException as {@link #claims(NoisePlugin, int, int)}
     */
    public static Study create(List<NoisePlugin> plugins, int n, int b, Function<NoisePlugin, List<Claim>> more) {
        List<Claim> claims = new ArrayList<>();
        for (NoisePlugin plugin : plugins) {
            CheckedPlugin p = CheckedPlugin.of(plugin);
            List<Claim> own;
            try {
                own = claims(p, n, b);
            } catch (CheckFailure f) {
                own = List.of(new ErrorClaim(new ClaimRef(prefix(p) + "mean", ref(p), "E[W] = 1/n"), f.getMessage()),
                        new ErrorClaim(new ClaimRef(prefix(p) + "covariance.as-declared", ref(p), "Var[V] is the declared covariance"),
                                f.getMessage()),
                        new ErrorClaim(new ClaimRef(prefix(p) + "covariance.same-as-sgd", ref(p), "Var[V] = Var[V_sgd]"), f.getMessage()));
            }
            claims.addAll(own);
            Claim asDeclared = own.get(1);
            List<Claim> others;
            try {
                others = more.apply(p);
            } catch (CheckFailure f) {
                others = List.of(new ErrorClaim(new ClaimRef(prefix(p) + "other-modules", ref(p),
                        "the other modules' claims of the plug-in"), f.getMessage()));
            }
            for (Claim c : others) {
                claims.add(restsOnDeclaration(c) ? new PremisedClaim(c, asDeclared) : c);
            }
        }
        return new Study(ID, "Plug-in noises", "the plug-ins' own declarations, against Proposition 1 and Section 4", claims);
    }

    /**
     * A claim of another module, or ERROR evidence with the reason when building it fails in the plug-in's code
     * ({@link CheckFailure}): each module's plug-in claims are built through this, so that a plug-in that throws for
     * one module's n leaves the others' claims intact.
     *
     * @param ref   the claim's id, paper reference and statement
     * @param build builds the claim (calls into the plug-in)
     * @return the claim, or an {@link ErrorClaim} with the failure's one-line reason
     */
    public static Claim guarded(ClaimRef ref, java.util.function.Supplier<Claim> build) {
        try {
            return build.get();
        } catch (CheckFailure f) {
            return new ErrorClaim(ref, f.getMessage());
        }
    }

    /** Other modules' claims are computed from the declared covariance, except those that compute nothing. */
    private static boolean restsOnDeclaration(Claim c) {
        return !(c instanceof NotApplicableClaim || c instanceof ErrorClaim);
    }

    private static String prefix(NoisePlugin p) {
        return "plugin." + p.name() + ".";
    }

    private static String ref(NoisePlugin p) {
        return "plug-in " + p.name();
    }

    /**
     * The three claims of one plug-in.
     *
     * @param unchecked the plug-in (called through {@link CheckedPlugin})
     * @param n         the number of training samples
     * @param b         the SGD batch size
     * @return its mean, declared-covariance and same-as-SGD claims
     * @throws CheckFailure            if the plug-in's code fails ({@link PluginFailure}): create(n, b) throws, returns
     *                                  null or a noise of another dimension, or its declaration or description throws,
     *                                  or a call does not return within its time limit
     * @throws IllegalArgumentException unless {@code n >= 2} and {@code b >= 1} ({@code b <= n} too when
     *                                  the covariance is not undefined)
     */
    public static List<Claim> claims(NoisePlugin unchecked, int n, int b) {
        CheckedPlugin plugin = CheckedPlugin.of(unchecked);
        SamplingNoise noise = plugin.create(n, b);
        CovarianceDeclaration declared = noise.declaredCovariance();
        String prefix = prefix(plugin);
        String ref = ref(plugin);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("n", n);
        params.put("b", b);
        params.put("plug-in", plugin.name());
        params.put("description", plugin.description());
        params.put("declared covariance", declared.describe());
        boolean sgdWith = !(declared instanceof CovarianceDeclaration.SgdBatch s) || s.withReplacement();
        ExchangeableCovariance sgd = sgdWith ? new SgdWithReplacement(n, b).covariance() : new SgdWithoutReplacement(n, b).covariance();
        ExchangeableCovariance fisher = ExchangeableCovariance.isotropic(n, 1.0 / ((double) b * n));
        String sgdFormula = sgdWith ? "1/(bn) (I - 11^T/n)" : "(n-b)/(bn(n-1)) (I - 11^T/n)";
        String meanStatement = noise.paperName() + ": E[W] = 1/n, i.e. E[V] = 0 (the stochastic gradient is unbiased)";
        String declaredStatement = noise.paperName() + ": Var[V] is the declared covariance, " + declared.describe();
        String sgdStatement = noise.paperName() + ": Var[V] = Var[V_sgd] = " + sgdFormula + " for b=" + b
                + ", the premise under which the paper says MSGD with this noise generalizes as SGD-" + b;
        ClaimRef mean = new ClaimRef(prefix + "mean", ref, meanStatement);
        ClaimRef asDeclared = new ClaimRef(prefix + "covariance.as-declared", ref, declaredStatement);
        ClaimRef sameAsSgd = new ClaimRef(prefix + "covariance.same-as-sgd", ref, sgdStatement);
        List<Claim> claims = new ArrayList<>();
        if (declared instanceof CovarianceDeclaration.Undefined u) {
            String why = "does not apply: " + u.reason() + "; with infinite variance Var[V] does not exist, and a Monte Carlo "
                    + "mean has no finite standard error, so no false-alarm rate could be stated";
            claims.add(new NotApplicableClaim(mean, params, why));
            claims.add(new NotApplicableClaim(asDeclared, params, why));
            claims.add(new NotApplicableClaim(sameAsSgd, params, why));
            return claims;
        }
        claims.add(NoiseClaims.mean(mean, new NoiseClaims.Draws(noise, SAMPLES, params)));
        ExchangeableCovariance value = declared.resolve(n).orElse(null);
        if (value == null) {
            claims.add(new NotApplicableClaim(asDeclared, params,
                    "does not apply: the plug-in declares no covariance (" + declared.describe() + ")"));
        } else {
            ExchangeableCovariance wrong = nearestDifferent(value, List.of(new SgdWithReplacement(n, b).covariance(),
                    new SgdWithoutReplacement(n, b).covariance(), fisher, value.scaled(2)));
            claims.add(new MemoizedClaim(NoiseClaims.covariance(asDeclared, new NoiseClaims.Draws(noise, SAMPLES, params), value,
                    new NoiseClaims.Wrong<>("another covariance, " + wrong, wrong), Discrepancy.none())));
        }
        ExchangeableCovariance truth = value == null ? sgd : value;
        ExchangeableCovariance other = sgdWith ? new SgdWithoutReplacement(n, b).covariance() : new SgdWithReplacement(n, b).covariance();
        ExchangeableCovariance evenTrace = ExchangeableCovariance.isotropic(n, (n - 1.0) / ((double) b * n * n));
        ExchangeableCovariance wrong = nearestDifferent(truth, List.of(other, evenTrace, fisher, truth.scaled(2)));
        Discrepancy gap = sameEntries(truth, sgd) ? Discrepancy.none()
                : Discrepancy.persistent("the declared covariance (" + truth + ") is not SGD's (" + sgd + "), at every n");
        SamplingNoise checked = value == null ? new HypothesizedNoise(noise, sgd) : noise;
        claims.add(NoiseClaims.covariance(sameAsSgd, new NoiseClaims.Draws(checked, SAMPLES, params), sgd,
                new NoiseClaims.Wrong<>("another covariance, " + wrong, wrong), gap));
        return claims;
    }

    /**
     * Among {@code candidates}, the one closest to {@code declared} (relative Frobenius-type distance of the two
     * distinct entries) that still differs from it by more than 1%: the plausible wrong answer a check must reject.
     */
    static ExchangeableCovariance nearestDifferent(ExchangeableCovariance declared, List<ExchangeableCovariance> candidates) {
        ExchangeableCovariance best = null;
        double bestDistance = Double.POSITIVE_INFINITY;
        double scale = Math.abs(declared.diagonal()) + declared.n() * Math.abs(declared.offDiagonal());
        for (ExchangeableCovariance c : candidates) {
            double d = (Math.abs(c.diagonal() - declared.diagonal()) + declared.n() * Math.abs(c.offDiagonal() - declared.offDiagonal()))
                    / scale;
            if (d > 0.01 && d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        return best != null ? best : declared.scaled(2);
    }

    /** Equal entries up to round-off (1e-12 relative), as {@code MonteCarloClaim} snaps derived values to the paper's. */
    private static boolean sameEntries(ExchangeableCovariance a, ExchangeableCovariance b) {
        return Math.abs(a.diagonal() - b.diagonal()) <= 1e-12 * Math.max(Math.abs(a.diagonal()), Math.abs(b.diagonal()))
                && Math.abs(a.offDiagonal() - b.offDiagonal()) <= 1e-12 * Math.max(Math.abs(a.offDiagonal()), Math.abs(b.offDiagonal()));
    }
}
