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

    /**
     * The one module whose studies and claims have an id prefix (its short id) other than its name: Theorem 1's
     * module is {@code online-regression} (its folder, artifact and {@code --only} name; its Java package
     * {@code onlineregression}, a package name having no hyphen), and its study and claim ids start with
     * {@code regression.}, fixed by committed results. The short id is also read as the name, where a name is
     * typed ({@code --only}, {@code bench}), because committed commands (the reference results, scripts) use it.
     */
    private static final Map<String, String> SHORT_IDS = Map.of("online-regression", "regression");

    /**
     * A module name as typed: a module's short id ({@code regression}) is read as its name ({@code online-regression});
     * any other name is returned as it is.
     *
     * @param typed a name given on the command line
     * @return the module's name
     */
    public static String name(String typed) {
        return SHORT_IDS.entrySet().stream().filter(e -> e.getValue().equals(typed)).map(Map.Entry::getKey)
                .findFirst().orElse(typed);
    }

    /**
     * The prefix of a module's study and claim ids: its short id where it has one ({@code online-regression} ->
     * {@code regression}), else the name as given (study ids such as {@code sde.appendix-b} pass unchanged).
     *
     * @param name a module name, or a study id or its first part
     * @return the study id or first part that the results file uses
     */
    public static String studyIdPrefix(String name) {
        return SHORT_IDS.getOrDefault(name, name);
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
     * The modules of msgd-lab: theory (at the context's {@link TheoryStudy#SETUP}), online-regression, sde, deep (its runs in
     * the context's {@link DeepStudy#RUNS} or {@link DeepStudy#FROM_SWEEP}, Fashion-MNIST in its data folder).
     *
     * @return the modules
     */
    public static Modules standard() {
        return new Modules(List.of(
                Module.of("theory", TheoryStudy::create),
                Module.of("online-regression", context -> RegressionStudy.create()),
                Module.of("sde", context -> SdeStudy.create()),
                Module.of("deep", DeepStudy::create)));
    }

    /** Theorem 1's exact-risk equality (online-regression module) and the SDE weak order (sde module) of a plug-in. */
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
