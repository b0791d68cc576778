package org.msgdlab.reports.cli;

import org.msgdlab.theory.TheoryStudy;
import org.msgdlab.core.claims.Study;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.PluginStudy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The modules {@code msgd verify --only} can select, in the order they run, each with the
 * {@link Study} it contributes; a module whose issue has not landed yet has no study.
 * Immutable: the {@code with...} methods return new instances; thread-safe as far as the studies' suppliers are.
 */
public final class Modules {

    /**
     * One selectable module.
     *
     * @param name  the name used by {@code --only}, e.g. {@code theory}
     * @param study creates the module's study; empty while the module has no claims yet
     */
    public record Module(String name, Optional<Supplier<Study>> study) {
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
         * @param study creates the module's study
         * @return the module
         * @throws IllegalArgumentException when {@code name} is null, blank or contains a comma
         */
        public static Module of(String name, Supplier<Study> study) {
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

    private final Map<String, Module> modules = new LinkedHashMap<>();

    /**
     * The modules, in run order.
     *
     * @param modules the modules
     * @throws IllegalArgumentException when two modules have the same name
     */
    public Modules(List<Module> modules) {
        for (Module m : modules) {
            if (this.modules.put(m.name(), m) != null) {
                throw new IllegalArgumentException("module name '" + m.name() + "' is registered twice");
            }
        }
    }

    /**
     * The modules of msgd-lab: theory, regression, sde, deep (its study in {@code DeepStudy.STUDY_DIR}, Fashion-MNIST
     * from {@code MSGD_FASHION_MNIST} or Debian's folder).
     *
     * @return the modules
     */
    public static Modules standard() {
        return new Modules(List.of(
                Module.of("theory", TheoryStudy::create),
                Module.of("regression", org.msgdlab.onlineregression.RegressionStudy::create),
                Module.of("sde", org.msgdlab.sde.SdeStudy::create),
                Module.of("deep", () -> org.msgdlab.deep.DeepStudy.create(org.msgdlab.deep.DeepStudy.STUDY_DIR,
                        fashionMnistDir()))));
    }

    /**
     * These modules with the theory study built for {@code setup} (unchanged when there is no
     * theory module or the set-up is the paper's).
     *
     * @param setup the theory study's set-up
     * @return these modules, or new ones
     */
    public Modules withTheorySetup(TheoryStudy.Setup setup) {
        if (setup.equals(TheoryStudy.Setup.paper()) || !modules.containsKey("theory")
                || modules.get("theory").study().isEmpty()) {
            return this;
        }
        List<Module> all = new ArrayList<>();
        for (Module m : modules.values()) {
            all.add(m.name().equals("theory") ? Module.of("theory", () -> TheoryStudy.create(setup)) : m);
        }
        return new Modules(all);
    }

    /**
     * These modules with the deep study reading (and, at the full budget, writing) its runs in {@code dir}
     * (unchanged when there is no deep module with a study).
     *
     * @param dir the study directory
     * @return these modules, or new ones
     */
    public Modules withDeepStudyDir(java.nio.file.Path dir) {
        if (!modules.containsKey("deep") || modules.get("deep").study().isEmpty()) {
            return this;
        }
        List<Module> all = new ArrayList<>();
        for (Module m : modules.values()) {
            all.add(m.name().equals("deep") ? Module.of("deep", () -> org.msgdlab.deep.DeepStudy.create(dir, fashionMnistDir())) : m);
        }
        return new Modules(all);
    }

    /**
     * These modules with {@code study} as the deep module's (a sweep's study, {@code verify --from}); without a
     * deep module, the same modules.
     *
     * @param study the study
     * @return new modules
     */
    public Modules withDeepStudy(Study study) {
        List<Module> all = new ArrayList<>();
        for (Module m : modules.values()) {
            all.add(m.name().equals("deep") ? Module.of("deep", () -> study) : m);
        }
        return new Modules(all);
    }

    /**
     * Where the deep module finds Fashion-MNIST: the environment variable {@code MSGD_FASHION_MNIST}
     * when set, Debian's {@code /usr/share/datasets/fashion-mnist} otherwise.
     */
    static java.nio.file.Path fashionMnistDir() {
        String p = System.getenv("MSGD_FASHION_MNIST");
        return p == null || p.isBlank() ? org.msgdlab.deep.data.FashionMnist.DEFAULT_DIR : java.nio.file.Path.of(p);
    }

    /** The name of the module of users' noises ({@code --plugin}). */
    public static final String PLUGINS = PluginStudy.ID;

    /**
     * These modules with the study of {@code plugins} added after theory (unchanged when there are
     * none): their mean and covariance claims at n samples and SGD batch b, Theorem 1's exact-risk
     * equality, and their SDE weak order on the sde module's logistic problem. Without a theory module the
     * plug-in module comes last.
     *
     * @param plugins the loaded plug-ins
     * @param n       the number of samples of their claims
     * @param b       the SGD batch size of their claims
     * @return these modules, or new ones
     */
    public Modules withPlugins(List<NoisePlugin> plugins, int n, int b) {
        if (plugins.isEmpty()) {
            return this;
        }
        List<Module> all = new ArrayList<>();
        for (Module m : modules.values()) {
            all.add(m);
            if (m.name().equals("theory")) {
                all.add(Module.of(PLUGINS, () -> PluginStudy.create(plugins, n, b, Modules::pluginClaimsOfOtherModules)));
            }
        }
        if (!modules.containsKey("theory")) {
            all.add(Module.of(PLUGINS, () -> PluginStudy.create(plugins, n, b, Modules::pluginClaimsOfOtherModules)));
        }
        return new Modules(all);
    }

    /** Theorem 1's exact-risk equality (regression module) and the SDE weak order (sde module) of a plug-in. */
    private static List<org.msgdlab.core.claims.Claim> pluginClaimsOfOtherModules(NoisePlugin p) {
        List<org.msgdlab.core.claims.Claim> claims = new ArrayList<>(org.msgdlab.onlineregression.RegressionStudy.pluginClaims(p));
        claims.addAll(org.msgdlab.sde.SdeStudy.pluginClaims(p));
        return claims;
    }

    /** @return module names in run order (a new list) */
    public List<String> names() {
        return new ArrayList<>(modules.keySet());
    }

    /**
     * The module of a name.
     *
     * @param name the name used by {@code --only}
     * @return the module, or empty
     */
    public Optional<Module> get(String name) {
        return Optional.ofNullable(modules.get(name));
    }
}
