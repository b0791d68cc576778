package org.msgdlab.deep.graph;

import org.tensorflow.proto.ConfigProto;

/**
 * The one TensorFlow session configuration of this module: thread counts, each session with its
 * own pools.
 *
 * <p>Sessions in one JVM (the study's workers) would otherwise share TensorFlow's process-wide
 * pools, sized by the first session: two 1-thread runs then share one core. The inter-op pool is
 * per session here; the intra-op pool is per device only with {@code TF_OVERRIDE_GLOBAL_THREADPOOL=1}
 * in the environment (the msgd launcher and the tests set it).
 */
public final class SessionConfig {

    private SessionConfig() {
    }

    /**
     * A session configuration with per-session thread pools of these sizes.
     *
     * @param intraThreads threads inside one op, 0 for TensorFlow's default
     * @param interThreads ops run at once, 0 for TensorFlow's default
     * @return the configuration to pass to {@code new Session(graph, config)}
     */
    public static ConfigProto threads(int intraThreads, int interThreads) {
        ConfigProto.Builder config = ConfigProto.newBuilder().setUsePerSessionThreads(true);
        if (intraThreads > 0) {
            config.setIntraOpParallelismThreads(intraThreads);
        }
        if (interThreads > 0) {
            config.setInterOpParallelismThreads(interThreads);
        }
        return config.build();
    }
}
