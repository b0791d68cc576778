package org.msgdlab.app;

import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The fake modules, claims and the in-process command line the {@code msgd} command tests share. */
final class FakeModules {

    private FakeModules() {
    }

    /** A claim with a fixed verdict, or one that throws {@code failure}. */
    record FixedClaim(String id, Verdict verdict, RuntimeException failure) implements Claim {
        @Override
        public String paperRef() {
            return "Proposition 1";
        }

        @Override
        public String statement() {
            return "E[V] = 0";
        }

        @Override
        public Evidence check(CheckContext context) {
            long seed = context.seed();
            if (failure != null) {
                throw failure;
            }
            return new Evidence(id, paperRef(), statement(), verdict, "fixed", Map.of("seed", seed),
                    1.0, 1.0, 0.1, 0.3, 0.0, 1e-7, List.of(), List.of(), "none", 1000, 0.0, List.of());
        }
    }

    record Run(int code, String out, String err) {
    }

    static Modules modules(Claim... claims) {
        Study study = new Study("fake.study", "A fake study", "Section 2", List.of(claims));
        return new Modules(List.of(Modules.Module.of("theory", context -> study), Modules.Module.pending("sde")));
    }

    static Modules twoPassingClaims() {
        return modules(new FixedClaim("fake.a", Verdict.PASS, null), new FixedClaim("fake.b", Verdict.PASS, null));
    }

    static Run exec(Modules modules, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Msgd.commandLine(modules);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    static void assertOneLine(String text) {
        assertEquals(1, text.lines().count(), () -> "expected one line, got:\n" + text);
    }

    static List<String> temporaries(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
        }
    }
}
