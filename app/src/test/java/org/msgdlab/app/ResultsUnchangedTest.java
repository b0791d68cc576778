package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.ResultsComparison;
import org.msgdlab.core.claims.ResultsFile;
import picocli.CommandLine;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ./msgd verify --budget quick} at the default seed gives, claim by claim, the verdicts and
 * numbers of the committed reference (timing aside, equal to the bit) for the three studies whose
 * results depend on nothing but the seed: theory, regression and sde. (Deep's accuracy claims read
 * the study's committed runs and its speed claims measure this machine, so they are not compared.)
 *
 * <p>The reference, {@code reference/quick-theory-regression-sde.results.json.gz}, was written at
 * commit 75dafaf, after the issue-16 redesign (core module, CheckContext, one evidence toolkit). It
 * was compared with the same command at f10ea89, the last commit before the redesign: 47 claims,
 * no verdict, estimate or standard error changed; theory and regression equal to the bit; the 250
 * numbers that differ are all sde 95% interval endpoints (212 in figure series, 38 in order fits),
 * each half-width scaled by exactly 1.959963984540/1.96 = 0.99998162, the one normal quantile that
 * replaced the two (1.96 and 1.95996) the redesign found. A change that means to alter these results rewrites the
 * reference with the command in {@code reference/README.md} and says why in its commit.
 */
class ResultsUnchangedTest {

    static final String REFERENCE = "/org/msgdlab/app/reference/quick-theory-regression-sde.results.json.gz";

    @Test
    void quickVerifyAtTheDefaultSeedGivesTheReferenceResults(@TempDir Path tmp) throws Exception {
        Path reference = tmp.resolve("reference.json");
        try (InputStream in = new GZIPInputStream(ResultsUnchangedTest.class.getResourceAsStream(REFERENCE))) {
            Files.copy(in, reference);
        }
        Path out = tmp.resolve("now");
        StringWriter err = new StringWriter();
        CommandLine cl = Msgd.commandLine(Modules.standard());
        cl.setOut(new PrintWriter(new StringWriter(), true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("verify", "--budget", "quick", "--only", "theory,regression,sde", "--out", out.toString());
        assertEquals(ExitCode.OK.code(), code, err::toString);

        ResultsComparison c = ResultsComparison.of(reference, out.resolve(ResultsFile.NAME), 0,
                Set.of("theory", "regression", "sde"));
        assertTrue(c.same(), () -> c.differences().size() + " differences from the reference, the first:\n"
                + String.join("\n", c.differences().subList(0, Math.min(20, c.differences().size()))));
    }
}
