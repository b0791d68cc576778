package org.msgdlab.sde;

import org.msgdlab.sde.claims.DeterministicLimitClaim;
import org.msgdlab.sde.claims.GronwallClaim;
import org.msgdlab.sde.claims.StrongOrderClaim;
import org.msgdlab.sde.claims.WeakClaims;
import org.msgdlab.sde.path.Diffusion;
import org.msgdlab.sde.path.StrongSetup;
import org.msgdlab.sde.path.TestFunction;
import org.msgdlab.sde.path.WeakSetup;
import org.msgdlab.sde.problem.LogisticRegression;
import org.msgdlab.sde.problem.Problem;
import org.msgdlab.sde.problem.TanhNetwork;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.NotApplicableClaim;
import org.msgdlab.core.claims.Study;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.HypothesizedNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.plugin.CheckedPlugin;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.PluginStudy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The claims of Appendix B ("Strong convergence of Gaussian MSGD and its SDE") and around it, as a
 * {@code theory} {@link Study} with id {@value #ID}:
 * <ol>
 *   <li>{@code sde.strong.logistic}, {@code sde.strong.tanh-network}: the theorem, mean-square
 *       error O(η^2), on logistic regression and on a two-layer tanh network;</li>
 *   <li>{@code sde.strong.gronwall}: the growth of its constant with T against the Gronwall factor;</li>
 *   <li>{@code sde.strong.contrast}: a control, Euler–Maruyama for an η-independent diffusion,
 *       strong order 1/2, so that the harness is seen to tell the orders apart;</li>
 *   <li>{@code sde.weak.*}: the weak error of SGD, MSGD-Fisher, MSGD-Bernoulli and Gaussian MSGD
 *       against their SDEs, first order;</li>
 *   <li>{@code sde.deterministic-limit}: gradient descent vs the gradient flow (Dormand–Prince 8(5,3)),
 *       first order.</li>
 * </ol>
 * Stateless.
 */
public final class SdeStudy {

    /** The study's id. */
    public static final String ID = "sde.appendix-b";

    /**
     * Seed of the generated training sets: the toolkit's default seed, fixed (part of the problems' definition,
     * not of a run, so {@code --seed} does not move it; the claims record it as {@code dataSeed}).
     */
    public static final long DATA_SEED = org.msgdlab.core.claims.CheckContext.DEFAULT_SEED;

    private SdeStudy() {
    }

    /** @return logistic regression, D = 10, N = 200, features N(0, 4 I), |θ*| = 3, |θ_0| = 3 */
    public static LogisticRegression logistic() {
        return new LogisticRegression.Spec(10, 200, 2.0, 3.0, 3.0, DATA_SEED).generate();
    }

    /** @return tanh network with 6 inputs and 3 hidden units (D = 25), N = 200 */
    public static TanhNetwork tanhNetwork() {
        return new TanhNetwork.Spec(6, 3, 200, 1.0, 2.0, 0.5, DATA_SEED).generate();
    }

    /**
     * The study: the strong, Gronwall, contrast, weak and deterministic-limit claims.
     *
     * @return the study
     */
    public static Study create() {
        LogisticRegression logistic = logistic();
        TanhNetwork tanh = tanhNetwork();
        int n = logistic.samples();
        List<Claim> claims = new ArrayList<>();

        Diffusion theoremLogistic = Diffusion.theorem(n, 32);
        claims.add(strong("sde.strong.logistic", logistic, theoremLogistic, 32,
                new StrongSetup(logistic, theoremLogistic, 1.0, 4, 6, 7, 32),
                new StrongSetup(logistic, theoremLogistic, 1.0, 4, 6, 9, 256)));
        Diffusion theoremTanh = Diffusion.theorem(tanh.samples(), 16);
        claims.add(strong("sde.strong.tanh-network", tanh, theoremTanh, 16,
                new StrongSetup(tanh, theoremTanh, 1.0, 4, 6, 6, 16),
                new StrongSetup(tanh, theoremTanh, 1.0, 4, 6, 8, 128)));
        claims.add(new GronwallClaim("sde.strong.gronwall",
                new StrongSetup(logistic, theoremLogistic, 4.0, 64, 2, 7, 16),
                new StrongSetup(logistic, theoremLogistic, 4.0, 64, 2, 9, 128),
                new double[] {0.25, 0.5, 1, 2, 4}));
        Diffusion fixed = Diffusion.etaIndependent(n, 1, 0.3);
        ClaimRef contrast = new ClaimRef("sde.strong.contrast",
                "control (not in the paper): Euler-Maruyama strong order 1/2, Kloeden & Platen (1992) Thm 10.2.2",
                "Euler-Maruyama theta_{k+1} = theta_k - eta grad L(theta_k) + sigma_0 C(theta_k) (W_{(k+1)eta} - W_{k eta}) for"
                        + " dTheta = -grad L dt + sigma_0 C(Theta) dW, C = grad L/sqrt(N), sigma_0 = 1 independent of eta:"
                        + " E|Theta_{k eta} - theta_k|^2 = O(eta) (strong order 1/2); the harness must fit 1 and reject 2");
        claims.add(StrongOrderClaim.builder(contrast,
                        new StrongSetup(logistic, fixed, 1.0, 4, 6, 5, 32),
                        new StrongSetup(logistic, fixed, 1.0, 4, 6, 7, 256))
                .expected(1.0, "Euler-Maruyama for a multiplicative eta-independent noise")
                .wrong(2.0, "mean-square order 2, the theorem's order (the harness would not tell the orders apart)")
                .iterationName("Euler-Maruyama at step eta")
                .note("the diffusion does not shrink with eta, so the noise part of the error, O(h) in mean square, dominates")
                .build());

        claims.addAll(WeakClaims.create(n, WEAK_BATCH, weakSetup(logistic, Budget.QUICK), weakSetup(logistic, Budget.FULL)));

        claims.add(new DeterministicLimitClaim("sde.deterministic-limit", logistic, 1.0, 4, 8, 1e-13));
        return new Study(ID, "Appendix B: strong convergence of Gaussian MSGD to its SDE; weak error of SGD and MSGD",
                "Appendix B, Theorem (Strong convergence between Gaussian MSGD and SDE)", claims);
    }

    /** The SGD batch size b of the weak-error claims (N = 200 samples). */
    public static final int WEAK_BATCH = 32;

    /**
     * The weak-error set-up at a budget: T = 1, steps 1/4 ... on logistic regression, phi = L and |theta|^2.
     *
     * @param logistic the logistic problem
     * @param budget   the budget
     * @return the set-up
     */
    public static WeakSetup weakSetup(LogisticRegression logistic, Budget budget) {
        List<TestFunction> phis = List.of(TestFunction.LOSS, TestFunction.SQUARED_NORM);
        return budget.pick(new WeakSetup(logistic, 1.0, 4, 6, 2, 1000, 400, phis),
                new WeakSetup(logistic, 1.0, 4, 6, 3, 8000, 2400, phis));
    }

    /**
     * The weak-order claim of each plug-in noise, {@code plugin.NAME.sde.weak-order}: its noisy
     * iteration against the SDE with its declared covariance, on the logistic problem at b = 32
     * ({@link #WEAK_BATCH}); NOT_APPLICABLE, with the reason, when the covariance is undefined or unknown; ERROR, with
     * the reason, when the plug-in's code fails. The diffusion is built from the declared covariance, which the fitted
     * order cannot check (a declaration off by a constant factor fits the same order): the plug-in study makes the claim
     * rest on {@code plugin.NAME.covariance.as-declared}.
     *
     * @param plugin the plug-in
     * @return the one claim
     */
    public static List<Claim> pluginClaims(NoisePlugin plugin) {
        String id = "plugin." + plugin.name() + ".sde.weak-order";
        String ref = "Appendix B, Eq. (sde), with plug-in " + plugin.name();
        String statement = "the noisy iteration with plug-in " + plugin.name() + "'s noise is a first-order weak approximation of its SDE"
                + " dTheta = -grad L dt + sqrt(eta) grad L Var[V]^(1/2) dW, Var[V] as the plug-in declares it (the fitted order"
                + " cannot see the diffusion's scale, so it rests on plugin." + plugin.name() + ".covariance.as-declared)";
        ClaimRef claim = new ClaimRef(id, ref, statement);
        NoisePlugin checked = CheckedPlugin.of(plugin);
        return List.of(PluginStudy.guarded(claim, () -> pluginClaim(checked, claim)));
    }

    private static Claim pluginClaim(NoisePlugin plugin, ClaimRef claim) {
        LogisticRegression logistic = logistic();
        int n = logistic.samples();
        SamplingNoise noise = plugin.create(n, WEAK_BATCH);
        Optional<ExchangeableCovariance> cov = noise.declaredCovariance().resolve(n);
        if (cov.isEmpty()) {
            Map<String, Object> params = new LinkedHashMap<>();
            params.put("n", n);
            params.put("b", WEAK_BATCH);
            params.put("declared covariance", noise.declaredCovariance().describe());
            return new NotApplicableClaim(claim, params, "does not apply: the SDE's diffusion is built from Var[V], and the"
                    + " plug-in's covariance is " + noise.declaredCovariance().describe());
        }
        return WeakClaims.single(claim.id(), new HypothesizedNoise(noise, cov.get()), weakSetup(logistic, Budget.QUICK),
                weakSetup(logistic, Budget.FULL));
    }

    private static StrongOrderClaim strong(String id, Problem p, Diffusion d, int b, StrongSetup quick, StrongSetup full) {
        ClaimRef ref = new ClaimRef(id, "Appendix B, Theorem (Strong convergence between Gaussian MSGD and SDE)",
                "Gaussian MSGD theta_{k+1} = theta_k - eta grad L(theta_k) + eta C(theta_k) W_{k+1}, C = grad L/sqrt(bN),"
                        + " W_k ~ N(0, I) i.i.d. (Eq. M-SGD-gaussian), is an order-1 strong approximation of"
                        + " dTheta = -grad L dt + sqrt(eta) C(Theta) dW (Eq. sde): E|Theta_{k eta} - theta_k|^2 <= C eta^2"
                        + " for 0 <= k <= T/eta (" + p.name() + ", b=" + b + ")");
        return StrongOrderClaim.builder(ref, quick, full)
                .expected(2.0, "the theorem: E|Theta_{k eta} - theta_k|^2 <= C eta^2")
                .wrong(1.0, "strong order 1/2: E|Theta - theta|^2 = O(eta) (Euler-Maruyama for an eta-independent diffusion, see"
                        + " sde.strong.contrast)")
                .iterationName("Gaussian MSGD (b=" + b + ")")
                .note("C = grad L/sqrt(bN) gives the gradient noise covariance F/b (F = grad L grad L^T/N): the covariance of"
                        + " MSGD-Fisher, not the SGD covariance (F - g g^T)/b of Section 2.3's Gaussian MSGD (MSGD-Cov); the"
                        + " theorem holds for any bounded, Lipschitz C, and the weak claims cover both. The coupling is"
                        + " eta W_{k+1} = +sqrt(eta)(W_{(k+1)eta} - W_{k eta}); the minus sign printed in"
                        + " Eq. (HatThetaInterpolationSameGLD) is a typo (the integral form Eq. (HatTheta) has a plus)."
                        + " The mean part |E e|^2 is the drift discretization (gradient descent vs gradient flow), O(eta^2);"
                        + " the noise part is O(eta^3) because the SDE's diffusion is sqrt(eta)-small")
                .build();
    }
}
