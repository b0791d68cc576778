package org.msgdlab.app;

import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Study;
import org.msgdlab.deep.DeepStudy;
import org.msgdlab.onlineregression.RegressionStudy;
import org.msgdlab.sde.SdeStudy;
import org.msgdlab.theory.TheoryStudy;
import org.msgdlab.theory.plugin.PluginStudy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The modules {@code msgd verify --only} can select, in the order they run, each with the
 * {@link Study} it builds from the run's {@link CheckContext} (the theory set-up, the plug-ins, the
 * deep study's folders and the data folder are options of that one context, set by the command line);
 * a module whose issue has not landed yet has no study. The module of users' noises ({@link #PLUGINS})
 * joins, after theory, when the context carries plug-ins.
 * Immutable; thread-safe as far as the studies' factories are.
 */
public final class Modules {

    /**
     * One selectable module.
     *
     * @param name  the name used by {@code --only}, e.g. {@code theory}
     * @param study builds the module's study from the run's context; empty while the module has no claims yet
     */
    public record Module(String name, Optional<Function<CheckContext, Study>> study) {
        /**
         * Validates the name.
         *
         * @throws IllegalArgumentException when {@code name} is null, blank or contains a comma
         */
        public Module {
            if (name == null || name.isBlank() || name.contains(",")) {
                throw new IllegalArgumentException("module name '" + name + "' must be non-blank and contain no comma");
            }
        }

        /**
         * A module with a study.
         *
         * @param name  the name used by {@code --only}
         * @param study builds the module's study from the run's context
         * @return the module
         * @throws IllegalArgumentException when {@code name} is null, blank or contains a comma
         */
        public static Module of(String name, Function<CheckContext, Study> study) {
            return new Module(name, Optional.of(study));
        }

        /**
         * A module without claims yet.
         *
         * @param name the name used by {@code --only}
         * @return the module, with no study
         * @throws IllegalArgumentException when {@code name} is null, blank or contains a comma
         */
        public static Module pending(String name) {
            return new Module(name, Optional.empty());
        }
    }

    /** The name of the module of users' noises ({@code --plugin}). */
    public static final String PLUGINS = PluginStudy.ID;

    /** The plug-ins' mean and covariance claims, with the claims the other modules generate for each. */
    private static final Module PLUGIN_MODULE = Module.of(PLUGINS,
            context -> PluginStudy.create(context, Modules::pluginClaimsOfOtherModules));

    private final Map<String, Module> modules = new LinkedHashMap<>();

    /**
     * The modules, in run order.
     *
     * @param modules the modules
     * @throws IllegalArgumentException when two modules have the same name, or one is named {@link #PLUGINS}
     */
    public Modules(List<Module> modules) {
        for (Module m : modules) {
            if (m.name().equals(PLUGINS)) {
                throw new IllegalArgumentException("module name '" + PLUGINS + "' is the plug-ins' (they join with --plugin)");
            }
            if (this.modules.put(m.name(), m) != null) {
                throw new IllegalArgumentException("module name '" + m.name() + "' is registered twice");
            }
        }
    }

    /**
     * The modules of msgd-lab: theory (at the context's {@link TheoryStudy#SETUP}), regression, sde, deep (its runs in
     * the context's {@link DeepStudy#RUNS} or {@link DeepStudy#FROM_SWEEP}, Fashion-MNIST in its data folder).
     *
     * @return the modules
     */
    public static Modules standard() {
        return new Modules(List.of(
                Module.of("theory", TheoryStudy::create),
                Module.of("regression", context -> RegressionStudy.create()),
                Module.of("sde", context -> SdeStudy.create()),
                Module.of("deep", DeepStudy::create)));
    }

    /** Theorem 1's exact-risk equality (regression module) and the SDE weak order (sde module) of a plug-in. */
    private static List<Claim> pluginClaimsOfOtherModules(org.msgdlab.theory.plugin.NoisePlugin p) {
        List<Claim> claims = new ArrayList<>(RegressionStudy.pluginClaims(p));
        claims.addAll(SdeStudy.pluginClaims(p));
        return claims;
    }

    /**
     * The modules of a run, in run order: these, with {@link #PLUGINS} after theory (last without a theory module)
     * when the context carries plug-ins ({@link PluginStudy#PLUGINS}).
     *
     * @param context the run's context
     * @return module names in run order (a new list)
     */
    public List<String> names(CheckContext context) {
        List<String> names = new ArrayList<>(modules.keySet());
        if (!context.option(PluginStudy.PLUGINS).isEmpty()) {
            names.add(names.contains("theory") ? names.indexOf("theory") + 1 : names.size(), PLUGINS);
        }
        return names;
    }

    /**
     * The module of a name in a run.
     *
     * @param name    the name used by {@code --only}
     * @param context the run's context
     * @return the module, or empty (also {@link #PLUGINS} when the context carries no plug-ins)
     */
    public Optional<Module> get(String name, CheckContext context) {
        if (name.equals(PLUGINS)) {
            return context.option(PluginStudy.PLUGINS).isEmpty() ? Optional.empty() : Optional.of(PLUGIN_MODULE);
        }
        return Optional.ofNullable(modules.get(name));
    }
}
