package org.msgdlab.deep.train;

import org.msgdlab.theory.plugin.NoisePlugin;

import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The names a {@code --method} may be written in: every method's {@link Spelling}, in the order the
 * syntax lists them. A new method adds its spelling here (see {@link Method}).
 */
final class MethodNames {

    /** Every spelling; each reads names no other reads, so the order is the one messages show. */
    private static final List<Spelling> SPELLINGS = List.of(GdMethod.SPELLING, SgdMethod.SPELLING,
            MsgdGaussianMethod.Noise.COV.spelling(), MsgdGaussianMethod.Noise.FISHER.spelling(), MsgdBernoulliMethod.SPELLING,
            MsgdSparseMethod.Noise.FISHER.spelling(), MsgdSparseMethod.Noise.COV.spelling(),
            MsgdSparseMethod.Noise.COV_EXACT.spelling(),
            MiniBatchMsgdMethod.Compensation.FISHER.spelling(), MiniBatchMsgdMethod.Compensation.COV.spelling(),
            PluginMethod.SPELLING);

    private MethodNames() {
    }

    /** @return the accepted spellings, for messages */
    static String syntax() {
        return SPELLINGS.stream().map(Spelling::syntax).collect(Collectors.joining(", "));
    }

    /**
     * @param noise a noise of a family of methods, e.g. {@code FISHER}
     * @return its name in method names, e.g. {@code fisher}; an underscore becomes a hyphen ({@code COV_EXACT}:
     *         {@code cov-exact})
     */
    static String token(Enum<?> noise) {
        return noise.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param noise a noise of a family of methods, e.g. {@code FISHER}
     * @return its name in the paper's names, e.g. {@code Fisher}
     */
    static String label(Enum<?> noise) {
        return noise.name().charAt(0) + token(noise).substring(1);
    }

    /** See {@link Method#shortName(String)}. */
    static String shortName(String method) {
        if (PluginMethod.names(method)) {
            return method;
        }
        StringBuilder out = new StringBuilder();
        boolean capitalNext = false;
        for (String token : method.split("(?<=[-\\[])")) {
            String word = token.replace("-", "").replace("[", "");
            if (word.equals("gd") || word.equals("sgd") || word.equals("msgd")) {
                out.append(token.toUpperCase(Locale.ROOT));
                capitalNext = true;
            } else if (capitalNext && !word.isEmpty() && Character.isLetter(word.charAt(0))) {
                out.append(Character.toUpperCase(token.charAt(0))).append(token.substring(1));
                capitalNext = false;
            } else {
                out.append(token);
                capitalNext = capitalNext && word.isEmpty();
            }
        }
        return out.toString();
    }

    /** See {@link Method#parse(String, int, double, List)}. */
    static Method parse(String name, int b, double magnitude, List<NoisePlugin> plugins) {
        Name given = new Name(name, name.trim().toLowerCase(Locale.ROOT), b, magnitude, plugins);
        for (Spelling s : SPELLINGS) {
            Method m = s.reader().apply(given);
            if (m != null) {
                return m;
            }
        }
        throw new IllegalArgumentException("method '" + name + "' must be one of " + syntax());
    }

    /**
     * One way of writing a method.
     *
     * @param syntax how it is written, as messages show it
     * @param reader the method a name means, or null when it is not written this way
     */
    record Spelling(String syntax, Function<Name, Method> reader) {

        /**
         * The spelling of a method with one name and no number but the preset's b.
         *
         * @param token  the name, lower-case
         * @param method the method at the preset's b
         * @return the spelling
         */
        static Spelling exactly(String token, IntFunction<Method> method) {
            return new Spelling(token, n -> n.token().equals(token) ? method.apply(n.b()) : null);
        }

        /**
         * The spelling of a method whose names match {@code pattern}.
         *
         * @param syntax  how it is written, as messages show it
         * @param pattern the names, lower-case
         * @param method  the method a match means
         * @return the spelling
         */
        static Spelling matching(String syntax, Pattern pattern, BiFunction<Name, Matcher, Method> method) {
            return new Spelling(syntax, n -> {
                Matcher m = pattern.matcher(n.token());
                return m.matches() ? method.apply(n, m) : null;
            });
        }
    }

    /**
     * A method name being read.
     *
     * @param given     the name as given
     * @param token     the name trimmed and in lower case
     * @param b         the preset's SGD batch size
     * @param magnitude Algorithm 2's compensatory magnitude (NaN: matched to SGD-b)
     * @param plugins   the loaded plug-ins
     */
    record Name(String given, String token, int b, double magnitude, List<NoisePlugin> plugins) {

        /**
         * A batch size written in the name: a whole number that fits an int (the range is checked later).
         *
         * @param digits the digits
         * @return the number
         * @throws IllegalArgumentException when it exceeds {@link Integer#MAX_VALUE}
         */
        int size(String digits) {
            try {
                return Integer.parseInt(digits);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("method '" + given + "': the batch size " + digits + " is beyond "
                        + Integer.MAX_VALUE);
            }
        }

        /**
         * The batch size of the first of two alternative groups that matched.
         *
         * @param m     the match
         * @param group the first group of the first alternative
         * @param other the group of the second alternative
         * @return the number
         */
        int size(Matcher m, int group, int other) {
            return size(m.group(group) != null ? m.group(group) : m.group(other));
        }
    }
}
