package org.msgdlab.deep.train;

import org.junit.jupiter.api.Test;
import org.msgdlab.deep.graph.PixelScale;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The one reader of a run's settings: named values, typed values and the builder agree, and a bad value is named. */
class RunSettingsTest {

    private static final Path OUT = Path.of("run");

    @Test
    void settingsLeftOutAreTheBuildersDefaults() {
        RunConfig read = RunSettings.read(Map.of("preset", "fashion-mnist-small", "method", "gd")).config(OUT, List.of(), true);
        RunConfig built = RunConfig.builder(Preset.FASHION_MNIST_SMALL, Method.parse("gd", 50, Double.NaN), OUT).build();
        assertEquals(built, read);
    }

    @Test
    void namedValuesGiveTheRunTheTypedValuesGive() {
        Map<String, String> named = Map.ofEntries(Map.entry("preset", "fashion-mnist-small"), Map.entry("method", "msgd-bernoulli"),
                Map.entry("protocol", "authors-code"), Map.entry("pixels", "unit"), Map.entry("bernoulli-batch", "7"),
                Map.entry("seed", "12"), Map.entry("data-seed", "3"), Map.entry("eval-every", "50"), Map.entry("eval-subset", "0"),
                Map.entry("checkpoint-every", "500"), Map.entry("threads", "1,1"), Map.entry("iterations", "40"),
                Map.entry("lr", "0.05"));
        RunSettings typed = new RunSettings(Preset.FASHION_MNIST_SMALL, "msgd-bernoulli", null, Protocol.parse("authors-code"),
                PixelScale.parse("unit"), null, null, null, 7, 40, 0.05, 50, 0, 500, 12L, 3L,
                new RunSettings.Threads(1, 1), null);
        RunConfig c = RunSettings.read(named).config(OUT, List.of(), false);
        assertEquals(typed.config(OUT, List.of(), false), c);
        assertEquals(new MsgdBernoulliMethod(50, 7), c.method(), "the protocol's difference reaches the method");
        assertEquals(Protocol.parse("authors-code").withPixels(PixelScale.parse("unit")).withBernoulliBatch(7), c.protocol());
        assertNotEquals(Protocol.parse("authors-code"), c.protocol(), "a difference changes the protocol");
    }

    @Test
    void aBadValueIsNamedWithItsRule() {
        assertEquals("seed=x must be an integer", assertThrows(IllegalArgumentException.class,
                () -> RunSettings.read(Map.of("seed", "x"))).getMessage());
        assertEquals("threads=1,2,3 must be INTRA or INTRA,INTER", assertThrows(IllegalArgumentException.class,
                () -> RunSettings.Threads.parse("1,2,3")).getMessage());
        assertEquals("magnitude=NaN must be a finite number >= 0 (leave it out for the magnitude matching SGD's noise)",
                assertThrows(IllegalArgumentException.class, () -> RunSettings.read(Map.of("preset", "fashion-mnist-small",
                        "method", "[msgd-fisher]-10", "magnitude", "NaN")).config(OUT, List.of(), false)).getMessage());
        assertEquals("a run needs a preset and a method (method missing)", assertThrows(IllegalArgumentException.class,
                () -> RunSettings.read(Map.of("preset", "fashion-mnist-small")).config(OUT, List.of(), false)).getMessage());
    }

    @Test
    void threadsReadAsTheyAreWritten() {
        assertEquals(new RunSettings.Threads(2, RunConfig.DEFAULT_INTER_THREADS), RunSettings.Threads.parse("2"));
        RunSettings.Threads t = new RunSettings.Threads(3, 0);
        assertEquals(t, RunSettings.Threads.parse(t.toString()));
        assertEquals(t, RunSettings.Threads.parseBoth("3,0"));
        for (String bad : List.of("3", "a,1", "-1,1", "1,1,1")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunSettings.Threads.parseBoth(bad));
            assertEquals("threads=" + bad + " must be two integers INTRA,INTER, each >= 0", e.getMessage());
        }
    }

    @Test
    void pixelsAreWrittenAsTheyAreRead() {
        for (PixelScale p : PixelScale.values()) {
            assertEquals(p, PixelScale.parse(p.token()));
        }
    }
}
