package org.msgdlab.deep;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cheap claims of the deep study (the training claims run in {@code msgd verify --only deep}). */
class DeepStudyTest {

    private static Claim claim(Study s, String id) {
        return s.claims().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void studyListsItsClaimsWithStableIds() {
        Study s = DeepStudy.create();
        assertEquals("deep", s.id());
        List<String> ids = s.claims().stream().map(Claim::id).toList();
        assertTrue(ids.contains("deep.convsmall.parameters") && ids.contains("deep.algorithm1.weighted-gradient")
                && ids.contains("deep.fashion-mnist.authors-code.msgd-fisher.generalizes-as-sgd")
                && ids.contains("deep.fashion-mnist.paper-text.sgd-50-above-gd") && ids.contains("deep.speed.full-batch-step")
                && ids.contains(DeepStudy.EFFICIENCY_ID) && ids.contains("deep.support.class.fisher-vs-cov")
                && ids.contains("deep.support.as-sgd.sparse-below-sgd-50"), ids.toString());
        for (String id : ids) {
            assertTrue(id.matches("[a-z0-9.\\-]+"), id);
        }
    }

    @Test
    void parameterCountPassesAndRejectsTheMisreading() {
        Evidence e = claim(DeepStudy.create(), "deep.convsmall.parameters").check(Budget.QUICK, 1);
        assertEquals(Verdict.PASS, e.verdict(), e.verdictReason());
        assertEquals(11_330, e.estimate());
        assertTrue(e.power().get(0).rejected());
    }

    @Test
    void algorithmOneIdentityHoldsOnTheRealNetwork() {
        Evidence e = claim(DeepStudy.create(), "deep.algorithm1.weighted-gradient").check(Budget.QUICK, 1);
        System.out.println("deep.algorithm1.weighted-gradient: " + e.statistics());
        assertEquals(Verdict.PASS, e.verdict(), e.verdictReason() + " " + e.statistics());
        assertTrue(e.power().get(0).rejected(), "ignoring W is detected");
    }

    @Test
    void accuracyClaimsAreThePreRegisteredStudyClaimsUnderBothProtocols(@org.junit.jupiter.api.io.TempDir java.nio.file.Path empty) {
        Study s = DeepStudy.create(empty, org.msgdlab.deep.data.FashionMnist.DEFAULT_DIR);
        for (String protocol : List.of("paper-text", "authors-code")) {
            Claim c = claim(s, "deep.fashion-mnist." + protocol + ".sgd-50-above-gd");
            Evidence e = c.check(Budget.QUICK, 1);
            assertEquals(Verdict.NOT_RUN, e.verdict(), "no runs in an empty study directory: " + e.verdictReason());
            assertTrue(e.verdictReason().contains("./msgd study --protocol " + protocol), e.verdictReason());
        }
    }
}
