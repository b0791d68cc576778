package org.msgdlab.reports.text;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FormulaTest {

    @Test
    void transposesSquaresAndMinusSigns() {
        assertEquals("Var[V<sub>sgd</sub>] = (n−b)/(bn(n−1)) (I − 11ᵀ/n)",
                Formula.html("Var[V_sgd] = (n-b)/(bn(n-1)) (I - 11^T/n)"));
    }

    @Test
    void hyphensInWordsStayHyphens() {
        assertEquals("Mini-batch SGD-50, MSGD-[Fisher-B], non-zeros, x-axis, off-diagonal",
                Formula.html("Mini-batch SGD-50, MSGD-[Fisher-B], non-zeros, x-axis, off-diagonal"));
    }

    @Test
    void symbolsAndGreekLetters() {
        assertEquals("V<sub>F</sub>&#39; = √(B/b) V<sub>sgd</sub>(B) ⊙ ε, υ<sub>C</sub> ∼ υ<sub>F</sub> at θ",
                Formula.html("V_F' = sqrt(B/b) V_sgd(B) (.) eps, upsilon_C ~ upsilon_F at theta"));
        assertEquals("E‖V<sub>C</sub> − V<sub>F</sub>‖² → 0 as n → ∞, η ≤ 1/(2 tr H)",
                Formula.html("E||V_C - V_F||^2 -> 0 as n -> infinity, eta <= 1/(2 tr H)"));
        assertEquals("C = ∇L Var[V] ∇Lᵀ; gradient, steps, alphabet", Formula.html("C = grad L Var[V] grad L^T; gradient, steps, alphabet"));
    }

    @Test
    void generalSuperscriptsAndEscaping() {
        assertEquals("(bn)<sup>−1/2</sup> &lt; 1 &amp; x<sup>k</sup>", Formula.html("(bn)^(-1/2) < 1 & x^k"));
        assertEquals("−1/(bn²) (relative gap −100 %)", Formula.html("-1/(bn^2) (relative gap -100 %)"));
    }

    @Test
    void unicodeForFigureLabels() {
        assertEquals("E[yᵢ²]: Var[V_sgd], (bn)^(−1/2)", Formula.unicode("E[y_i^2]: Var[V_sgd], (bn)^(-1/2)"));
        assertEquals("10⁻¹¹", Formula.unicode("10^(-11)"));
        assertEquals("", Formula.unicode(null));
        assertEquals("", Formula.html(null));
    }
}
