package org.msgdlab.deep.train;

import org.junit.jupiter.api.Test;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.plugin.NoisePlugin;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MethodTest {

    /** The noise-class study's factors are the methods' own: the distribution class of W and the covariance it is built on. */
    @Test
    void eachMethodKnowsItsNoisesClassAndCovariance() {
        record Expected(String name, Method.NoiseClass noiseClass, boolean centred) {
        }
        for (Expected e : List.of(new Expected("gd", Method.NoiseClass.OTHER, false),
                new Expected("sgd-50", Method.NoiseClass.OTHER, false),
                new Expected("msgd-fisher", Method.NoiseClass.GAUSSIAN, false),
                new Expected("msgd-cov", Method.NoiseClass.GAUSSIAN, true),
                new Expected("msgd-bernoulli-50", Method.NoiseClass.BERNOULLI, false),
                new Expected("msgd-[fisher-10]", Method.NoiseClass.SPARSE, false),
                new Expected("msgd-[cov-10]", Method.NoiseClass.SPARSE, true),
                new Expected("msgd-[cov-exact-10]", Method.NoiseClass.SPARSE, true),
                new Expected("[msgd-fisher]-500", Method.NoiseClass.OTHER, false),
                new Expected("[msgd-cov]-500", Method.NoiseClass.OTHER, true))) {
            Method m = Method.parse(e.name(), 50, Double.NaN);
            assertEquals(e.noiseClass(), m.noiseClass(), e.name());
            assertEquals(e.centred(), m.centredCovariance(), e.name());
        }
        assertEquals(List.of("other", "Gaussian", "Bernoulli", "sparse"),
                Arrays.stream(Method.NoiseClass.values()).map(Method.NoiseClass::label).toList());
    }

    /** A plug-in's name is told by the same rule that reads it, in either spelling and any case. */
    @Test
    void namesAPluginAsItsSpellingReadsIt() {
        for (String name : List.of("plugin:Mine", "plugin-mine", " PLUGIN:x")) {
            assertTrue(Method.namesPlugin(name), name);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Method.parse(name, 50, Double.NaN));
            assertTrue(e.getMessage().contains("names a plug-in noise"), e.getMessage());
        }
        for (String name : List.of("gd", "msgd-[fisher-10]", "plug", "msgd-plugin:x")) {
            assertEquals(false, Method.namesPlugin(name), name);
        }
    }

    @Test
    void parsesThePapersNames() {
        assertEquals("GD", Method.parse("gd", 50, Double.NaN).paperName());
        assertEquals("SGD-50", Method.parse("sgd", 50, Double.NaN).paperName());
        assertEquals("SGD-20 (without replacement)", Method.parse("sgd-20-wor", 50, Double.NaN).paperName());
        assertEquals("MSGD-Cov", Method.parse("msgd-cov", 50, Double.NaN).paperName());
        assertEquals("MSGD-Fisher", Method.parse("MSGD-Fisher", 50, Double.NaN).paperName());
        assertEquals("MSGD-Bernoulli", Method.parse("msgd-bernoulli", 50, Double.NaN).paperName());
        assertEquals("MSGD-[Fisher-10]", Method.parse("msgd-[fisher-10]", 50, Double.NaN).paperName());
        assertEquals("MSGD-[Cov-10]", Method.parse("msgd-sparse-cov-10", 50, Double.NaN).paperName());
        assertEquals("MSGD-[Cov-exact-10]", Method.parse("msgd-[cov-exact-10]", 50, Double.NaN).paperName());
        assertEquals("msgd-sparse-cov-exact-10", Method.parse("msgd-[cov-exact-10]", 50, Double.NaN).id());
        assertEquals(Method.parse("msgd-[cov-exact-10]", 50, Double.NaN), Method.parse("msgd-sparse-cov-exact-10", 50, Double.NaN));
        assertEquals("[MSGD-Fisher]-500", Method.parse("[msgd-fisher]-500", 50, Double.NaN).paperName());
        assertEquals("[MSGD-Cov]-500", Method.parse("minibatch-msgd-cov-500", 50, Double.NaN).paperName());
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> Method.parse("msgd-bernoulli-0", 50, 0));
        assertEquals("method 'msgd-bernoulli-0': the expected batch K=0 must be >= 1 (msgd-bernoulli alone keeps the SGD"
                + " batch b)", zero.getMessage(), "not read silently as msgd-bernoulli");
        assertEquals("MSGD-Bernoulli (expected batch 20)", Method.parse("msgd-bernoulli-20", 50, Double.NaN).paperName());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Method.parse("adam", 50, 0));
        assertTrue(e.getMessage().contains("'adam'") && e.getMessage().contains("msgd-fisher"), e.getMessage());
    }

    @Test
    void feedsAreSeededPerIterationAndHaveTheRightShape() {
        int n = 200;
        for (String name : List.of("gd", "sgd-10", "sgd-10-wor", "msgd-cov", "msgd-fisher", "msgd-bernoulli",
                "msgd-[fisher-5]", "msgd-[cov-5]", "msgd-[cov-exact-5]", "[msgd-fisher]-40", "[msgd-cov]-40")) {
            Method m = Method.parse(name, 10, Double.NaN);
            Method.Feed a = m.plan(n, 3).draw(17);
            Method.Feed b = m.plan(n, 3).draw(17);
            assertArrayEquals(a.indices(), b.indices(), name);
            assertArrayEquals(a.weights(), b.weights(), name);
            double sum = Arrays.stream(a.weights()).sum();
            if (m instanceof GdMethod) {
                assertEquals(n, a.size());
                assertEquals(1.0, sum, 1e-12);
            } else if (m instanceof SgdMethod) {
                assertTrue(a.size() <= 10, name + " feeds only its batch");
                assertEquals(1.0, sum, 1e-12, name + " weights sum to 1");
            } else if (m instanceof MsgdBernoulliMethod) {
                assertTrue(a.size() < n / 2, "Bernoulli feeds only its support");
            } else if (m instanceof Algorithm2Method) {
                assertEquals(40, a.size());
                assertEquals(40, Arrays.stream(a.indices()).distinct().count(), "B distinct samples");
            } else {
                assertEquals(n, a.size(), name + " is a full-batch method");
            }
        }
        Method.Feed k1 = Method.parse("msgd-fisher", 10, Double.NaN).plan(n, 3).draw(1);
        Method.Feed k2 = Method.parse("msgd-fisher", 10, Double.NaN).plan(n, 3).draw(2);
        assertTrue(!Arrays.equals(k1.weights(), k2.weights()), "iterations draw independently");
    }

    @Test
    void miniBatchMagnitudeDefaultsToMatchingSgd() {
        Method.Plan p = Method.parse("[msgd-fisher]-100", 50, Double.NaN).plan(1000, 1);
        double s2 = (1000.0 - 1 + 50) / (50.0 * 1000 * 100) - 1.0 / (100.0 * 100);
        assertEquals(Math.sqrt(s2), p.magnitude(), 1e-12);
        assertEquals(0.003, Method.parse("[msgd-fisher]-100", 50, 0.003).plan(1000, 1).magnitude(), 1e-12);
    }

    @Test
    void everyMethodIsReadBackFromItsId() {
        NoisePlugin plugin = NoisePlugin.of("double-fisher", "Fisher at b/2", (n, b) -> new FisherNoise(n, b / 2));
        List<Method> every = new ArrayList<>(List.of(new GdMethod(50), new SgdMethod(20, false), new SgdMethod(20, true),
                new MsgdBernoulliMethod(50, 0), new MsgdBernoulliMethod(50, 20), new PluginMethod(50, plugin)));
        for (MsgdGaussianMethod.Noise v : MsgdGaussianMethod.Noise.values()) {
            every.add(new MsgdGaussianMethod(50, v));
        }
        for (MsgdSparseMethod.Noise v : MsgdSparseMethod.Noise.values()) {
            every.add(new MsgdSparseMethod(50, 10, v));
        }
        for (MiniBatchMsgdMethod.Compensation v : MiniBatchMsgdMethod.Compensation.values()) {
            every.add(new MiniBatchMsgdMethod(50, 500, 0.003, v));
            every.add(new MiniBatchMsgdMethod(50, 500, Double.NaN, v));
        }
        for (Method m : every) {
            assertEquals(m, Method.parse(m.id(), 50, m.magnitude(), List.of(plugin)), m.id());
        }
        Set<Class<?>> records = new HashSet<>();
        Deque<Class<?>> open = new ArrayDeque<>(List.of(Method.class));
        while (!open.isEmpty()) {
            Class<?> c = open.pop();
            if (c.isSealed()) {
                open.addAll(List.of(c.getPermittedSubclasses()));
            } else {
                records.add(c);
            }
        }
        assertEquals(records, every.stream().map(Object::getClass).collect(Collectors.toSet()),
                "a method added to the permits (or a constant to its enum) is read back from its id here");
    }

    @Test
    void theSyntaxAndTheRefusalsReadAsBefore() {
        assertEquals("gd, sgd[-b][-wor], msgd-cov, msgd-fisher, msgd-bernoulli[-K] (K: expected batch, default b), "
                + "msgd-[fisher-B] (or msgd-sparse-fisher-B), msgd-[cov-B] (or msgd-sparse-cov-B), "
                + "msgd-[cov-exact-B] (or msgd-sparse-cov-exact-B), [msgd-fisher]-B (or minibatch-msgd-fisher-B), [msgd-cov]-B (or minibatch-msgd-cov-B), "
                + "plugin:NAME (a plug-in noise of a --plugin jar)", Method.syntax());
        assertEquals("method SGD_WOR: SGD batch size b=0 must be >= 1",
                assertThrows(IllegalArgumentException.class, () -> Method.parse("sgd-0-wor", 50, Double.NaN)).getMessage());
        assertEquals("method MSGD_SPARSE_COV: batch size B=0 must be >= 1",
                assertThrows(IllegalArgumentException.class, () -> Method.parse("msgd-[cov-0]", 50, Double.NaN)).getMessage());
        assertEquals("method MSGD_SPARSE_COV_EXACT: batch size B=1 must be >= 2 (one sample's centred noise is 0)",
                assertThrows(IllegalArgumentException.class, () -> Method.parse("msgd-[cov-exact-1]", 50, Double.NaN)).getMessage());
        assertEquals("method MINIBATCH_FISHER: compensatory magnitude s=-1.0 must be >= 0 (NaN: matched to SGD-b)",
                assertThrows(IllegalArgumentException.class, () -> Method.parse("[msgd-fisher]-9", 50, -1)).getMessage());
        assertEquals("method 'msgd-[fisher-99999999999]': the batch size 99999999999 is beyond 2147483647",
                assertThrows(IllegalArgumentException.class, () -> Method.parse("msgd-[fisher-99999999999]", 50, 0)).getMessage());
        assertEquals("SGD-50", Method.parse("  SGD ", 50, Double.NaN).paperName());
        assertEquals("plugin-Double", Method.parse("Plugin:Double", 50, Double.NaN,
                List.of(NoisePlugin.of("Double", "", FisherNoise::new))).id(), "a plug-in's name keeps its case");
    }

    /** The names the three studies' verdict tables and claims print, as the first and second studies wrote them. */
    @Test
    void aMethodsShortNameIsTheNameTheStudiesTablesWrite() {
        java.util.Map<String, String> written = new java.util.LinkedHashMap<>();
        written.put("gd", "GD");
        written.put("sgd-50", "SGD-50");
        written.put("sgd-500", "SGD-500");
        written.put("msgd-fisher", "MSGD-Fisher");
        written.put("msgd-cov", "MSGD-Cov");
        written.put("msgd-bernoulli", "MSGD-Bernoulli");
        written.put("msgd-bernoulli-20", "MSGD-Bernoulli-20");
        written.put("msgd-bernoulli-50", "MSGD-Bernoulli-50");
        written.put("msgd-[fisher-10]", "MSGD-[Fisher-10]");
        written.put("msgd-[cov-10]", "MSGD-[Cov-10]");
        written.put("msgd-[cov-exact-10]", "MSGD-[Cov-exact-10]");
        written.put("[msgd-fisher]-500", "[MSGD-Fisher]-500");
        written.put("plugin:isotropic-gaussian", "plugin:isotropic-gaussian");
        written.forEach((name, label) -> assertEquals(label, Method.shortName(name), name));
    }
}
