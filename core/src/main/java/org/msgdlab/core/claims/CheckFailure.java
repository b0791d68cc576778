package org.msgdlab.core.claims;

/**
 * A check that could not be completed for a reason its message states in full, in one line (a
 * plug-in's factory threw, a noise drew NaN, ...): the runner records the message as the ERROR
 * verdict's reason as it is, without the exception's class or a stack frame.
 */
public class CheckFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * A failure with its one-line reason.
     *
     * @param reason what failed, naming the object, the call and the cause
     */
    public CheckFailure(String reason) {
        super(reason);
    }

    /**
     * A failure with its one-line reason and the throw behind it (kept for debugging, not shown).
     *
     * @param reason what failed, naming the object, the call and the cause
     * @param cause  the throw behind it
     */
    public CheckFailure(String reason, Throwable cause) {
        super(reason, cause);
    }

    /**
     * A throw in one line: its class's simple name and its message, e.g.
     * {@code IllegalArgumentException: n=3 must be >= 10}.
     *
     * @param t the throw
     * @return the line
     */
    public static String describe(Throwable t) {
        String message = t.getMessage() == null ? "" : ": " + t.getMessage().lines().findFirst().orElse("");
        return t.getClass().getSimpleName() + message;
    }
}
