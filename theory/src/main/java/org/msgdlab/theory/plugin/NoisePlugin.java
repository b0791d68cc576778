package org.msgdlab.theory.plugin;

import org.msgdlab.theory.noise.SamplingNoise;

/**
 * A user's own sampling noise, found by {@link java.util.ServiceLoader}: a jar lists its
 * implementations in {@code META-INF/services/org.msgdlab.theory.plugin.NoisePlugin}, and
 * {@code msgd verify --plugin that.jar} generates, for each, the claims it can check
 * ({@link PluginStudy}). The noise it creates meets the same {@link SamplingNoise} contract as the
 * paper's noises: draws from a seeded stream, and a covariance declared exactly, as
 * SGD-b's, as undefined or as unknown ({@link SamplingNoise#declaredCovariance()}).
 *
 * <p>Implementations need a public no-argument constructor (the {@code ServiceLoader} rule).
 */
public interface NoisePlugin {

    /**
     * The plug-in's name, used in claim ids ({@code plugin.NAME.covariance}) and by
     * {@code msgd train --method plugin:NAME}: lower-case letters, digits, '-' and '.', starting
     * with a letter.
     *
     * @return the name
     */
    String name();

    /**
     * One sentence for reports: what the noise is.
     *
     * @return the sentence
     */
    String description();

    /**
     * The noise on n training samples, at the scale that corresponds to SGD with batch b (the
     * comparison the toolkit makes).
     *
     * @param n training samples, n &ge; 2
     * @param b SGD batch size, 1 &le; b &le; n
     * @return the noise, of dimension n
     */
    SamplingNoise create(int n, int b);

    /**
     * A plug-in from a name, a sentence and a factory {@code (n, b) -> noise}, for plug-ins written
     * inline (tests, scripts); a jar's plug-ins are classes with a no-argument constructor instead.
     *
     * @param name        the plug-in's name, see {@link #name()} (not checked here)
     * @param description one sentence, see {@link #description()}
     * @param create      the factory {@code (n, b) -> noise}
     * @return the plug-in
     * @throws NullPointerException if {@code create} is null
     */
    static NoisePlugin of(String name, String description, java.util.function.BiFunction<Integer, Integer, SamplingNoise> create) {
        java.util.Objects.requireNonNull(create, "create");
        return new NoisePlugin() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public SamplingNoise create(int n, int b) {
                return create.apply(n, b);
            }
        };
    }
}
