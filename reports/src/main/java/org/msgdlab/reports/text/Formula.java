package org.msgdlab.reports.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders the plain-text formulas of {@code results.json} ({@code "Var[V_sgd] = (n-b)/(bn(n-1)) (I - 11^T/n)"})
 * readably without a math engine: Unicode symbols ({@code ᵀ √ ⊙ ‖ → ≤ ∇ ε}), a minus sign for a
 * minus (but not for the hyphen of {@code mini-batch}), and sub- and superscripts, either as HTML
 * {@code <sub>}/{@code <sup>} ({@link #html}) or as Unicode where every character has a sub- or
 * superscript form ({@link #unicode}, for figure labels).
 *
 * <p>Rules, applied in this order: {@code ->}, {@code <=}, {@code >=}, {@code !=}, {@code +-},
 * {@code ||}, {@code (.)}, {@code sqrt(}, {@code grad X}, {@code infinity}; Greek letter names as
 * whole words ({@code eps}, {@code upsilon}, {@code theta}, {@code eta}, {@code Sigma}, ...); a
 * {@code -} with a space or an opening bracket (or nothing) before it and no space after it, or
 * standing alone between spaces, is a minus; {@code ^T}, {@code ^2}, {@code ^(...)},
 * {@code ^word}; {@code _word} and {@code _{...}} after a letter, digit, {@code ]}, {@code )} or
 * {@code '}.
 */
public final class Formula {

    private Formula() {
    }

    private enum Kind { TEXT, SUB, SUP }

    private record Part(Kind kind, String text) {
    }

    private static final String[][] SYMBOLS = {
            {"->", "→"}, {"<=", "≤"}, {">=", "≥"}, {"!=", "≠"}, {"+-", "±"}, {"||", "‖"}, {"(.)", "⊙"},
            {"sqrt(", "√("}, {"infinity", "∞"}, {"~", "∼"},
    };

    private static final Map<String, String> GREEK = Map.ofEntries(
            Map.entry("eps", "ε"), Map.entry("epsilon", "ε"), Map.entry("upsilon", "υ"), Map.entry("Upsilon", "Υ"),
            Map.entry("theta", "θ"), Map.entry("Theta", "Θ"), Map.entry("eta", "η"), Map.entry("alpha", "α"),
            Map.entry("beta", "β"), Map.entry("gamma", "γ"), Map.entry("Gamma", "Γ"), Map.entry("delta", "δ"),
            Map.entry("Delta", "Δ"), Map.entry("lambda", "λ"), Map.entry("Lambda", "Λ"), Map.entry("mu", "μ"),
            Map.entry("sigma", "σ"), Map.entry("Sigma", "Σ"), Map.entry("tau", "τ"), Map.entry("phi", "φ"),
            Map.entry("Phi", "Φ"), Map.entry("psi", "ψ"), Map.entry("Psi", "Ψ"), Map.entry("omega", "ω"),
            Map.entry("Omega", "Ω"), Map.entry("xi", "ξ"), Map.entry("rho", "ρ"), Map.entry("kappa", "κ"),
            Map.entry("nabla", "∇"), Map.entry("zeta", "ζ"), Map.entry("chi", "χ"));

    /** A Greek letter's name not inside a longer word; digits and _ may follow (upsilon_C, eps2). */
    private static final Pattern GREEK_WORD = Pattern.compile("(?<![A-Za-z])(" + String.join("|", GREEK.keySet()) + ")(?![A-Za-z])");
    private static final Pattern GRAD = Pattern.compile("\\bgrad (?=[A-Z])");
    private static final Pattern SPACED_MINUS = Pattern.compile("(?<=\\s)-(?=\\s)");
    private static final Pattern LEADING_MINUS = Pattern.compile("(?<=^|[\\s(\\[{=,^/*])-(?=[0-9A-Za-z(.√∞])");
    /** a - b between one-letter or numeric operands, e.g. (n-b), (n-1): not the hyphen of SGD-50 or mini-batch. */
    private static final Pattern SHORT_MINUS = Pattern.compile(
            "(?<=(?:^|[^A-Za-z])[A-Za-z]|[0-9)\\]])-(?=[A-Za-z](?![A-Za-z])|[0-9(])");

    private static final String SUB_FROM = "0123456789+−=()aehijklmnoprstuvxβγρφχ";
    private static final String SUB_TO = "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ";
    private static final String SUP_FROM = "0123456789+−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW";
    private static final String SUP_TO = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ";

    /**
     * {@code text} as HTML: escaped, with Unicode symbols and {@code <sub>}/{@code <sup>}; "" for null.
     *
     * @param text the formula text, or null
     * @return its HTML
     */
    public static String html(String text) {
        StringBuilder out = new StringBuilder();
        for (Part p : parse(text)) {
            switch (p.kind()) {
                case TEXT -> out.append(Html.escape(p.text()));
                case SUB -> out.append("<sub>").append(Html.escape(p.text())).append("</sub>");
                case SUP -> {
                    String u = p.text().equals("T") || p.text().equals("2") || p.text().equals("3") ? toScript(p.text(), SUP_FROM, SUP_TO) : null;
                    out.append(u != null ? u : "<sup>" + Html.escape(p.text()) + "</sup>");
                }
            }
        }
        return out.toString();
    }

    /**
     * {@code text} as plain Unicode (for figure labels): sub- and superscripts in Unicode where every
     * character has such a form, otherwise written {@code _x} / {@code ^x} (letters and digits) or
     * {@code _{x}} / {@code ^(x)}; control characters as spaces; "" for null.
     *
     * @param text the formula text, or null
     * @return its Unicode text
     */
    public static String unicode(String text) {
        StringBuilder out = new StringBuilder();
        // a figure's label is one line of printable text: no ESC or NUL of a results file reaches an SVG
        for (Part p : parse(text == null ? null : org.msgdlab.core.io.TextCells.oneLine(text))) {
            switch (p.kind()) {
                case TEXT -> out.append(p.text());
                case SUB -> {
                    String u = toScript(p.text(), SUB_FROM, SUB_TO);
                    out.append(u != null ? u : "_" + (p.text().matches("[A-Za-z0-9]+") ? p.text() : "{" + p.text() + "}"));
                }
                case SUP -> {
                    String u = toScript(p.text(), SUP_FROM, SUP_TO);
                    out.append(u != null ? u : "^" + (p.text().matches("[A-Za-z0-9]+") ? p.text() : "(" + p.text() + ")"));
                }
            }
        }
        return out.toString();
    }

    /** The symbol substitutions only (no sub- or superscripts). */
    static String symbols(String text) {
        String s = text;
        for (String[] r : SYMBOLS) {
            s = s.replace(r[0], r[1]);
        }
        s = GRAD.matcher(s).replaceAll("∇");
        s = replaceAll(GREEK_WORD, s, m -> GREEK.get(m.group(1)));
        s = SPACED_MINUS.matcher(s).replaceAll("−");
        s = LEADING_MINUS.matcher(s).replaceAll("−");
        s = SHORT_MINUS.matcher(s).replaceAll("−");
        return s;
    }

    private static List<Part> parse(String text) {
        List<Part> parts = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return parts;
        }
        String s = symbols(text);
        StringBuilder plain = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '^' && i + 1 < s.length()) {
                int[] end = new int[1];
                String script = script(s, i + 1, end, true);
                if (script != null) {
                    flush(parts, plain);
                    parts.add(new Part(Kind.SUP, script));
                    i = end[0];
                    continue;
                }
            } else if (c == '_' && i > 0 && i + 1 < s.length() && isAnchor(s.charAt(i - 1))) {
                int[] end = new int[1];
                String script = script(s, i + 1, end, false);
                if (script != null) {
                    flush(parts, plain);
                    parts.add(new Part(Kind.SUB, script));
                    i = end[0];
                    continue;
                }
            }
            plain.append(c);
            i++;
        }
        flush(parts, plain);
        return parts;
    }

    private static boolean isAnchor(char c) {
        return Character.isLetterOrDigit(c) || c == ']' || c == ')' || c == '\'';
    }

    /**
     * The script starting at {@code from}: {@code (...)} (superscripts) or {@code {...}} with
     * balanced brackets, or a run of letters and digits; null when there is none.
     */
    private static String script(String s, int from, int[] end, boolean sup) {
        char open = s.charAt(from);
        if (open == '{' || (sup && open == '(')) {
            char close = open == '{' ? '}' : ')';
            int depth = 0;
            for (int j = from; j < s.length(); j++) {
                if (s.charAt(j) == open) {
                    depth++;
                } else if (s.charAt(j) == close && --depth == 0) {
                    end[0] = j + 1;
                    return j > from + 1 ? s.substring(from + 1, j) : null;
                }
            }
            return null;
        }
        int j = from;
        while (j < s.length() && Character.isLetterOrDigit(s.charAt(j)) && s.charAt(j) < 0x370) {
            j++;
        }
        if (j == from) {
            return null;
        }
        // ^T followed directly by letters (^Tx) is not a transpose; ^2x is "squared, times x".
        if (sup && Character.isDigit(s.charAt(from))) {
            j = from;
            while (j < s.length() && Character.isDigit(s.charAt(j))) {
                j++;
            }
        }
        end[0] = j;
        return s.substring(from, j);
    }

    private static void flush(List<Part> parts, StringBuilder plain) {
        if (plain.length() > 0) {
            parts.add(new Part(Kind.TEXT, plain.toString()));
            plain.setLength(0);
        }
    }

    private static String toScript(String text, String from, String to) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < text.length(); k++) {
            int at = from.indexOf(text.charAt(k));
            if (at < 0) {
                return null;
            }
            b.append(to.charAt(at));
        }
        return b.toString();
    }

    private static String replaceAll(Pattern p, String s, java.util.function.Function<Matcher, String> f) {
        Matcher m = p.matcher(s);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, Matcher.quoteReplacement(f.apply(m)));
        }
        m.appendTail(b);
        return b.toString();
    }
}
