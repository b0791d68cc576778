package org.msgdlab.core.testing;

import org.junit.jupiter.api.function.Executable;

import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad parameters must fail fast with an {@link IllegalArgumentException} whose message names the
 * parameter and its value (DESIGN.md: {@code batch size b=1200 must be <= n=1000}).
 */
public final class Rejections {

    private Rejections() {
    }

    /**
     * Asserts that {@code action} throws an IllegalArgumentException whose message contains every
     * token, e.g. {@code "b=1200"}, as a whole token: {@code "b=12"} does not match {@code "b=120"},
     * and {@code "b=5"} does not match inside {@code "large b=5"}'s neighbour {@code "sub=5"}.
     */
    public static IllegalArgumentException assertRejects(Executable action, String... tokens) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, action);
        String message = e.getMessage();
        for (String token : tokens) {
            Pattern whole = Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(token) + "(?![0-9.])");
            assertTrue(message != null && whole.matcher(message).find(),
                    "message \"" + message + "\" should name " + token);
        }
        return e;
    }
}
