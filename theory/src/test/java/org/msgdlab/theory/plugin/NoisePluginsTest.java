package org.msgdlab.theory.plugin;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plug-ins are found by ServiceLoader in the jars a user names; a bad jar gets one line naming it and the rule. */
class NoisePluginsTest {

    private static final String SERVICES = "META-INF/services/" + NoisePlugin.class.getName();

    @TempDir
    Path dir;

    /** Another class under the honest plug-in's name. */
    public static final class Impostor implements NoisePlugin {
        @Override
        public String name() {
            return "honest-sgd";
        }

        @Override
        public String description() {
            return "takes another plug-in's name";
        }

        @Override
        public org.msgdlab.theory.noise.SamplingNoise create(int n, int b) {
            return new org.msgdlab.theory.noise.SgdWithReplacement(n, b);
        }
    }

    /** A jar holding only a service file; the classes it names are on the test class path (the parent loader). */
    private Path jar(String name, String... implementations) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry(SERVICES));
            j.write((String.join("\n", implementations) + "\n").getBytes(StandardCharsets.UTF_8));
            j.closeEntry();
        }
        return jar;
    }

    @Test
    void findsThePluginsOfEveryJarInOrder() throws IOException {
        List<NoisePlugin> found = NoisePlugins.load(List.of(jar("a.jar", PluginStudyTest.HonestSgd.class.getName()),
                jar("b.jar", PluginStudyTest.LyingSgd.class.getName())));
        assertEquals(List.of("honest-sgd", "lying-sgd"), found.stream().map(NoisePlugin::name).toList());
        assertEquals("lying-sgd", NoisePlugins.named(found, "lying-sgd").name());
    }

    @Test
    void aMissingJarIsNamed() {
        Path missing = dir.resolve("nope.jar");
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> NoisePlugins.load(List.of(missing)));
        assertTrue(x.getMessage().startsWith("--plugin " + missing + ": no such readable file"), x.getMessage());
    }

    @Test
    void aJarWithoutPluginsSaysWhatItShouldHold() throws IOException {
        Path empty = dir.resolve("empty.jar");
        try (OutputStream out = Files.newOutputStream(empty); JarOutputStream j = new JarOutputStream(out)) {
            j.putNextEntry(new JarEntry("README"));
            j.closeEntry();
        }
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> NoisePlugins.load(List.of(empty)));
        assertTrue(x.getMessage().contains("lists no plug-in (expected a file " + SERVICES), x.getMessage());
    }

    @Test
    void twoPluginsOfOneNameAreRefused() throws IOException {
        Path a = jar("a.jar", PluginStudyTest.HonestSgd.class.getName());
        Path b = jar("b.jar", Impostor.class.getName());
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> NoisePlugins.load(List.of(a, b)));
        assertTrue(x.getMessage().startsWith("plug-in name 'honest-sgd' is used by both"), x.getMessage());
    }

    @Test
    void aClassThatIsNotAPluginIsReportedNotThrownRaw() throws IOException {
        Path bad = jar("bad.jar", "org.example.DoesNotExist");
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> NoisePlugins.load(List.of(bad)));
        assertTrue(x.getMessage().contains("a plug-in could not be loaded") && x.getMessage().contains("org.example.DoesNotExist"),
                x.getMessage());
    }

    @Test
    void anUnknownNameListsTheNamesThereAre() throws IOException {
        List<NoisePlugin> found = NoisePlugins.load(List.of(jar("a.jar", PluginStudyTest.HonestSgd.class.getName())));
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> NoisePlugins.named(found, "other"));
        assertEquals("plug-in 'other' not found (plug-ins: [honest-sgd])", x.getMessage());
    }

    @Test
    void aPluginWhoseNameThrowsIsLoadedBrokenAndNamedWhenLookedFor() throws IOException {
        Path a = jar("a.jar", PluginStudyTest.HonestSgd.class.getName(), org.msgdlab.theory.testing.PluginFixtures.NameThrows.class.getName());
        List<NoisePlugin> found = NoisePlugins.load(List.of(a));
        String line = "plug-in " + org.msgdlab.theory.testing.PluginFixtures.NameThrows.class.getName() + " (jar " + a + "): name() threw IllegalStateException:"
                + " no name today";
        CheckedPlugin broken = (CheckedPlugin) found.get(1);
        assertEquals(line, broken.failure().orElseThrow().getMessage());
        assertEquals(a, NoisePlugins.source(broken));
        assertEquals("honest-sgd", NoisePlugins.named(found, "honest-sgd").name());
        PluginFailure x = assertThrows(PluginFailure.class, () -> NoisePlugins.named(found, "other"));
        assertEquals(line + " (so plug-in 'other' could not be looked for; the others: [honest-sgd])", x.getMessage());
    }

    @Test
    void aLoadedPluginNamesItsJarInItsFailures() throws IOException {
        Path a = jar("a.jar", PluginStudyTest.HonestSgd.class.getName());
        NoisePlugin p = NoisePlugins.load(List.of(a)).get(0);
        PluginFailure x = assertThrows(PluginFailure.class, () -> p.create(1, 1));
        assertTrue(x.getMessage().startsWith("plug-in 'honest-sgd' (jar " + a + "): create(n=1, b=1) threw IllegalArgumentException: "),
                x.getMessage());
    }
}
