package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Study;
import org.msgdlab.theory.TheoryStudy;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.PluginStudy;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The modules build their studies from the run's one context: no module list is rebuilt by name. */
class ModulesTest {

    private static final CheckContext RUN = CheckContext.of(Budget.QUICK, CheckContext.DEFAULT_SEED);

    @Test
    void thePlugInsModuleJoinsAfterTheoryWhenTheContextCarriesPlugIns() {
        Modules standard = Modules.standard();
        assertEquals(List.of("theory", "online-regression", "sde", "deep"), standard.names(RUN));
        assertTrue(standard.get(Modules.PLUGINS, RUN).isEmpty());
        NoisePlugin sgd = NoisePlugin.of("sgd", "SGD without replacement", SgdWithoutReplacement::new);
        CheckContext withPlugin = RUN.with(PluginStudy.PLUGINS, List.of(sgd));
        assertEquals(List.of("theory", Modules.PLUGINS, "online-regression", "sde", "deep"), standard.names(withPlugin));
        Study plugins = standard.get(Modules.PLUGINS, withPlugin).orElseThrow().study().orElseThrow().apply(withPlugin);
        assertTrue(plugins.claims().stream().anyMatch(c -> c.id().startsWith("plugin.sgd.")), plugins.claims().toString());
        Modules noTheory = new Modules(List.of(Modules.Module.pending("sde")));
        assertEquals(List.of("sde", Modules.PLUGINS), noTheory.names(withPlugin), "without theory the plug-ins come last");
    }

    @Test
    void theTheoryStudyIsBuiltAtTheContextsSetUp() {
        Modules standard = Modules.standard();
        CheckContext small = RUN.with(TheoryStudy.SETUP, new TheoryStudy.Setup(100, 10, 5, 20));
        Study theory = standard.get("theory", small).orElseThrow().study().orElseThrow().apply(small);
        var evidence = theory.claims().get(0).check(small);
        assertEquals(100, evidence.parameters().get("n"), evidence.parameters().toString());
        assertEquals(10, evidence.parameters().get("b"), evidence.parameters().toString());
    }

    @Test
    void fashionMnistsFolderIsTheVariablesValueOrTheDeepModulesDefault() {
        assertEquals(java.nio.file.Path.of("/data/fm"), VerifyCommand.fashionMnistDir("/data/fm"));
        assertNull(VerifyCommand.fashionMnistDir(null), "unset: the context names no data folder");
        assertNull(VerifyCommand.fashionMnistDir("  "), "blank: as unset");
    }

    @Test
    void aModuleHasOneNameAndItsShortIdIsReadAsThatName() {
        assertEquals("online-regression", Modules.name("regression"));
        assertEquals("online-regression", Modules.name("online-regression"));
        assertEquals("theory", Modules.name("theory"));
        assertEquals("regression", Modules.studyIdPrefix("online-regression"), "its studies' and claims' ids start regression.");
        assertEquals("sde.appendix-b", Modules.studyIdPrefix("sde.appendix-b"));
        assertTrue(BenchCommand.BENCHMARKS.containsKey(Modules.name("regression")), BenchCommand.BENCHMARKS.keySet().toString());
        Study regression = Modules.standard().get("online-regression", RUN).orElseThrow().study().orElseThrow().apply(RUN);
        assertTrue(regression.id().startsWith(Modules.studyIdPrefix("online-regression") + "."), regression.id());
    }

    @Test
    void theNameOfThePlugInsModuleIsNotRegisteredByHand() {
        assertThrows(IllegalArgumentException.class,
                () -> new Modules(List.of(Modules.Module.of(Modules.PLUGINS, context -> null))));
    }
}
