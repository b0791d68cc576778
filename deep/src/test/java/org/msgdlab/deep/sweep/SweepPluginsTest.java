package org.msgdlab.deep.sweep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.io.Sha256;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A sweep's plug-ins travel as settings, and a task trains only the jar the sweep was planned with. */
class SweepPluginsTest {

    @TempDir
    Path tmp;

    @Test
    void thePluginsAreTheirSettingsReadBack() throws Exception {
        Path a = PluginJars.withStand(tmp.resolve("a.jar"));
        SweepPlugins p = new SweepPlugins(List.of(a, tmp.resolve("b.jar")), List.of(Sha256.of(a), "0".repeat(64)),
                Duration.ofMillis(1500));
        Map<String, String> settings = new LinkedHashMap<>();
        p.putInto(settings);
        assertEquals(a + File.pathSeparator + tmp.resolve("b.jar"), settings.get(SweepPlugins.JARS));
        assertEquals("1.5", settings.get(SweepPlugins.TIMEOUT));
        assertEquals(p, SweepPlugins.of(settings));
        assertEquals(SweepPlugins.NONE, SweepPlugins.of(Map.of("method", "gd")));
        Map<String, String> none = new LinkedHashMap<>();
        SweepPlugins.NONE.putInto(none);
        assertEquals(Map.of(), none);
    }

    @Test
    void thePlannedJarLoadsItsPlugInOncePerProcess() throws Exception {
        Path jar = PluginJars.withStand(tmp.resolve("stand.jar"));
        SweepPlugins p = new SweepPlugins(List.of(jar), List.of(Sha256.of(jar)), Duration.ofSeconds(60));
        assertEquals("isotropic-gaussian", p.loaded().get(0).name());
        assertSame(p.loaded(), p.loaded());
    }

    @Test
    void anotherJarThanThePlannedOneIsRefusedInOneLine() throws Exception {
        Path jar = PluginJars.withStand(tmp.resolve("stand.jar"));
        String planned = "a".repeat(64);
        var x = assertThrows(IllegalArgumentException.class,
                () -> new SweepPlugins(List.of(jar), List.of(planned), Duration.ZERO).loaded());
        assertEquals("plugin-jars " + jar + " has sha256 " + Sha256.of(jar) + ", not the " + planned + " the sweep was"
                + " planned with: another plug-in; restore that jar", x.getMessage());
        Files.delete(jar);
        x = assertThrows(IllegalArgumentException.class, () -> new SweepPlugins(List.of(jar), List.of(planned), Duration.ZERO).loaded());
        assertEquals("plugin-jars " + jar + ": no such file on this machine (the sweep was planned with it; copy it there, or"
                + " plan the sweep again)", x.getMessage());
    }

    @Test
    void eachSettingIsCheckedNamingItsValueAndRule() {
        String jar = tmp.resolve("x.jar").toString();
        assertEquals("setting 'plugin-sha256' applies only with 'plugin-jars'", assertThrows(IllegalArgumentException.class,
                () -> SweepPlugins.of(Map.of(SweepPlugins.DIGESTS, "a".repeat(64)))).getMessage());
        assertEquals("setting 'plugin-jars' needs 'plugin-sha256': each jar's SHA-256", assertThrows(IllegalArgumentException.class,
                () -> SweepPlugins.of(Map.of(SweepPlugins.JARS, jar))).getMessage());
        assertEquals("plugin-sha256 lists 2 digests for the 1 jars of plugin-jars: one digest per jar, in the same order",
                assertThrows(IllegalArgumentException.class, () -> SweepPlugins.of(Map.of(SweepPlugins.JARS, jar,
                        SweepPlugins.DIGESTS, "a".repeat(64) + "," + "b".repeat(64)))).getMessage());
        assertEquals("plugin-sha256 ABC: each digest must be 64 lower-case hex digits", assertThrows(IllegalArgumentException.class,
                () -> SweepPlugins.of(Map.of(SweepPlugins.JARS, jar, SweepPlugins.DIGESTS, "ABC"))).getMessage());
        assertEquals("plugin-jars x.jar: each jar must be an absolute path without '" + File.pathSeparator + "'",
                assertThrows(IllegalArgumentException.class, () -> SweepPlugins.of(Map.of(SweepPlugins.JARS, "x.jar",
                        SweepPlugins.DIGESTS, "a".repeat(64)))).getMessage());
        assertEquals("plugin-timeout=-1 must be a number of seconds >= 0 (0: no limit), at most 1e9", assertThrows(
                IllegalArgumentException.class, () -> SweepPlugins.of(Map.of(SweepPlugins.JARS, jar, SweepPlugins.DIGESTS,
                        "a".repeat(64), SweepPlugins.TIMEOUT, "-1"))).getMessage());
    }
}
