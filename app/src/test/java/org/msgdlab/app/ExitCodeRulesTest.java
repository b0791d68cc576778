package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exit codes app/README.md documents, against behaviour: for every command and subcommand, one representative bad
 * input of each documented kind (bad usage: 2; a missing input, named by an option or as a positional path: 1), each
 * one line on stderr that starts as stated; and every {@code --help} exits 0 without a picocli warning (issue 47).
 */
class ExitCodeRulesTest {

    @TempDir
    Path tmp;

    private record Case(int code, String firstLine, String... args) {
    }

    @Test
    void everyCommandsBadInputsExitAsTheReadmeSays() {
        String missing = tmp.resolve("nonexistent").toString();
        int usage = ExitCode.USAGE.code();
        int input = ExitCode.CLAIM_ERROR.code();
        List<Case> cases = List.of(
                new Case(usage, "msgd: missing COMMAND"),
                new Case(usage, "msgd verify: Unknown option", "verify", "--bogus"),
                new Case(input, "msgd verify: --study-dir=" + missing + ": no such directory", "verify", "--only", "deep",
                        "--study-dir", missing),
                new Case(usage, "msgd report: Unknown option", "report", "--bogus", missing),
                new Case(input, "msgd report: " + Path.of(missing, "results.json") + ": no such file", "report", missing),
                new Case(usage, "msgd diff: Missing required parameter", "diff", missing),
                new Case(input, "msgd diff: " + missing + ": no such file", "diff", missing, missing),
                new Case(usage, "msgd bench theory: unknown benchmark option 'extra'", "bench", "theory", "extra"),
                new Case(usage, "msgd train: Unknown option", "train", "--model", "vgg11"),
                new Case(input, "msgd train: --resume=" + missing + ": no such directory", "train", "--resume", missing),
                new Case(usage, "msgd study: --replicate=0 must be >= 1", "study", "--replicate", "0", "--dir", tmp.toString()),
                new Case(input, "msgd study: --dir=" + missing + ": no such directory", "study", "--dir", missing, "--seeds", "0"),
                new Case(usage, "msgd sweep: missing subcommand", "sweep"),
                new Case(usage, "msgd sweep plan: --seeds=3-1", "sweep", "plan", missing, "--methods", "gd", "--seeds", "3-1"),
                new Case(usage, "msgd sweep status: --timeout=NaN", "sweep", "status", missing, "--wait", "--timeout=NaN"),
                new Case(input, "msgd sweep status: " + Path.of(missing, "sweep.json") + ": no such file", "sweep", "status", missing),
                new Case(input, "msgd sweep run: " + Path.of(missing, "sweep.json") + ": no such file", "sweep", "run", missing),
                new Case(input, "msgd sweep compare: " + Path.of(missing, "sweep.json") + ": no such file", "sweep", "compare", missing,
                        "--baseline", "gd", "--method", "sgd"),
                new Case(usage, "msgd sweep task: Missing required option", "sweep", "task", missing));
        List<String> wrong = new ArrayList<>();
        for (Case c : cases) {
            // train writes its own lines on the streams it is given: run each command with both captured
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            CommandRun r = new CommandRun(Msgd.commandLine(Modules.standard(), new java.io.PrintStream(out, true),
                    new java.io.PrintStream(bytes, true)).execute(c.args()), out.toString(), bytes.toString());
            String err = r.err().strip();
            if (r.code() != c.code() || err.lines().count() != 1 || !err.startsWith(c.firstLine())) {
                wrong.add(String.join(" ", c.args()) + ": exit " + r.code() + " (README: " + c.code() + "), stderr: " + err);
            }
        }
        assertEquals(List.of(), wrong);
        assertFalse(java.nio.file.Files.exists(Path.of(missing)), "no command created the missing folder");
    }

    @Test
    void everyHelpExitsZeroWithoutAPicocliWarning() {
        ArrayDeque<CommandLine> todo = new ArrayDeque<>(List.of(Msgd.commandLine(Modules.standard())));
        int helps = 0;
        while (!todo.isEmpty()) {
            CommandLine c = todo.pop();
            todo.addAll(c.getSubcommands().values());
            List<String> args = new ArrayList<>(List.of(c.getCommandSpec().qualifiedName().split(" ")).subList(1,
                    c.getCommandSpec().qualifiedName().split(" ").length));
            args.add("--help");
            CommandRun r = CommandRun.msgd(args.toArray(String[]::new));
            assertEquals(ExitCode.OK.code(), r.code(), args + ": " + r.err());
            assertFalse((r.out() + r.err()).contains("picocli WARN"), args + ": " + r.err());
            assertTrue(r.out().startsWith("Usage: " + c.getCommandSpec().qualifiedName()), args + ": " + r.out());
            helps++;
        }
        assertTrue(helps >= 12, "every command and subcommand: " + helps);
    }
}
