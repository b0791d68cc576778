package org.msgdlab.core.stats;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * One Monte Carlo draw producing k statistics. Instances own their workspaces and are used by one
 * thread; {@link Factory} creates one per chunk, bound to that chunk's generator.
 */
@FunctionalInterface
public interface SampleExperiment {

    /**
     * Draws one sample and writes its k statistics into {@code statistics}.
     *
     * @param statistics receives the k statistics (overwritten)
     */
    void next(double[] statistics);

    /** Creates an experiment bound to a generator; called from several threads at once, one chunk each. */
    @FunctionalInterface
    interface Factory {
        /**
         * A new experiment drawing from {@code rng}.
         *
         * @param rng the chunk's generator
         * @return the experiment, used by one thread only
         */
        SampleExperiment create(UniformRandomProvider rng);
    }
}
