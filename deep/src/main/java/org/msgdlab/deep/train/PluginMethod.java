package org.msgdlab.deep.train;

import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.plugin.CheckedPlugin;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.PluginGuard;
import org.msgdlab.theory.plugin.NoisePlugins;

import java.util.Locale;

/**
 * Algorithm 1 with a user's noise ({@code plugin:NAME}, its id {@code plugin-NAME}): the noise the plug-in
 * creates at this SGD batch b. The plug-in is called through its {@link CheckedPlugin} (a throw, a null or a call past
 * the time limit is a {@code PluginFailure}, which marks the run failed: {@code TrainingLoop}); a run binds it to its
 * own limits and stop test ({@link #withPluginLimits}).
 *
 * @param b      the SGD batch size handed to the plug-in, >= 1
 * @param plugin the plug-in
 */
public record PluginMethod(int b, NoisePlugin plugin) implements Algorithm1Method {

    private static final String PREFIX = "plugin:";
    private static final String ID_PREFIX = "plugin-";

    static final MethodNames.Spelling SPELLING = new MethodNames.Spelling("plugin:NAME (a plug-in noise of a --plugin jar)",
            name -> names(name.token()) ? read(name) : null);

    /** See {@link Method#namesPlugin(String)}. */
    static boolean names(String name) {
        String token = name.trim().toLowerCase(Locale.ROOT);
        return token.startsWith(PREFIX) || token.startsWith(ID_PREFIX);
    }

    /** @throws IllegalArgumentException when the plug-in is missing or {@code b < 1} */
    public PluginMethod {
        if (plugin == null) {
            throw new IllegalArgumentException("method PLUGIN: a plug-in is needed exactly by plug-in methods (plugin:NAME)");
        }
        MethodChecks.requireB("PLUGIN", b);
    }

    private static PluginMethod read(MethodNames.Name name) {
        String plugin = name.given().trim().substring(PREFIX.length());
        if (name.plugins().isEmpty()) {
            throw new IllegalArgumentException("method '" + name.given() + "' names a plug-in noise: give the jar that holds it"
                    + " with --plugin JAR");
        }
        return new PluginMethod(name.b(), NoisePlugins.named(name.plugins(), plugin));
    }

    /** The same plug-in with its calls under {@code limits} (a run's time limit and stop test). */
    @Override
    public PluginMethod withPluginLimits(PluginGuard.Limits limits) {
        return new PluginMethod(b, CheckedPlugin.of(plugin).within(limits));
    }

    @Override
    public SamplingNoise noise(int n) {
        return plugin.create(n, b);
    }

    @Override
    public String paperName() {
        return "MSGD with plug-in " + plugin.name();
    }

    @Override
    public String id() {
        return ID_PREFIX + plugin.name();
    }
}
