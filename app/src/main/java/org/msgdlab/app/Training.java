package org.msgdlab.app;

import org.msgdlab.deep.sweep.TrainingRunKind;
import org.msgdlab.deep.train.Cancellation;
import org.msgdlab.deep.train.TrainingContext;

import java.util.Map;

/**
 * Training's context from this process ({@link TrainingContext}): the one place where the command line reads the
 * environment for training (the TensorFlow/oneDNN variables that {@code BitProvenance} records in run.json and a
 * resumed run must see again). The commands that train ({@code train}, {@code study}, {@code sweep task},
 * {@code verify --budget full}) pair it with the {@link org.msgdlab.deep.train.ShutdownCancellation} they install
 * for the time they train; deep reads no environment variable and installs no shutdown hook of its own.
 */
final class Training {

    private Training() {
    }

    /**
     * This process's environment, as a run records it.
     *
     * @return the environment variables
     */
    static Map<String, String> environment() {
        return System.getenv();
    }

    /**
     * A training context in this process: {@code cancellation} and this process's environment.
     *
     * @param cancellation when to stop (the command's {@link org.msgdlab.deep.train.ShutdownCancellation})
     * @return the context
     */
    static TrainingContext context(Cancellation cancellation) {
        return new TrainingContext(cancellation, environment());
    }

    /**
     * The kind of sweep run for the subcommands that read a plan and its runs' states and train nothing here
     * ({@code plan}, {@code run}, whose tasks train in their own processes, {@code status}, {@code compare},
     * {@code repoint}): a context that is never cancelled and records no environment. Only {@code sweep task}
     * trains, with its own context.
     *
     * @return the kind
     */
    static TrainingRunKind readingKind() {
        return new TrainingRunKind(TrainingContext.uncancelled(Map.of()));
    }
}
