package org.msgdlab.core.stats;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * One Monte Carlo draw producing k statistics. Instances own their workspaces and are used by one
 * thread; {@link Factory} creates one per chunk, bound to that chunk's generator.
 */
@FunctionalInterface
public interface SampleExperiment {

    /** Draws one sample and writes its k statistics into {@code statistics}. */
    void next(double[] statistics);

    /** Creates an experiment bound to a generator. */
    @FunctionalInterface
    interface Factory {
        SampleExperiment create(UniformRandomProvider rng);
    }
}
