package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.msgdlab.app.FakeModules.*;

/** The {@code msgd} command line as a whole: help, version, exit codes, usage errors of any command. */
class MsgdTest {

    @Test
    void aBenchmarksBadArgumentsAreBadUsageInOneLine() {
        Map<List<String>, String> cases = Map.of(
                List.of("bench", "theory", "extra"), "msgd bench theory: unknown benchmark option 'extra'",
                List.of("bench", "theory", "--n"), "msgd bench theory: benchmark option --n needs a value",
                List.of("bench", "theory", "--n", "lots"), "msgd bench theory: a number was expected",
                List.of("bench", "sde", "0"), "msgd bench sde: SECONDS=0 per measurement must be in (0, 600]");
        cases.forEach((args, message) -> {
            Run r = exec(twoPassingClaims(), args.toArray(String[]::new));
            assertEquals(ExitCode.USAGE.code(), r.code(), args + ": " + r.err());
            assertOneLine(r.err());
            assertTrue(r.err().startsWith(message), args + ": " + r.err());
        });
    }

    @Test
    void versionAndHelp() {
        Run v = exec(twoPassingClaims(), "--version");
        assertEquals(ExitCode.OK.code(), v.code());
        assertEquals("msgd " + Msgd.FALLBACK_VERSION, v.out().strip());
        for (String command : List.of("verify", "report", "bench", "train")) {
            Run h = exec(twoPassingClaims(), command, "--help");
            assertEquals(ExitCode.OK.code(), h.code(), command);
            assertTrue(h.out().startsWith("Usage: msgd " + command), h.out());
        }
        String train = exec(twoPassingClaims(), "train", "--help").out();
        for (String shown : List.of("--eval-every=K", "(default: 100)", "--seed=S", "(default: 1)", "(default: 2,1)",
                "(default: paper-text)", "Presets: [", "Methods: gd, sgd")) {
            assertTrue(train.contains(shown), "train --help shows " + shown + ":\n" + train);
        }
    }

    /**
     * Help says what the commands do (issue 32): verify rewrites results.partial.json after every claim and writes
     * results.json at the end; every command's own exit-code list (written as text, which an annotation cannot take
     * from the enum) names only codes of {@link ExitCode}, each with the enum's meaning for it.
     */
    @Test
    void helpTellsWhatVerifyRewritesAndEveryCommandsExitCodesAreTheEnums() {
        String verify = exec(twoPassingClaims(), "verify", "--help").out().replaceAll("\\s+", " ");
        assertTrue(verify.contains("DIR/results.partial.json holds the results so far (rewritten after every claim)"), verify);
        assertTrue(verify.contains("When the run ends, DIR/results."), verify);
        List<CommandLine> all = new java.util.ArrayList<>(List.of(Msgd.commandLine(twoPassingClaims())));
        for (int i = 0; i < all.size(); i++) {
            all.addAll(all.get(i).getSubcommands().values());
        }
        int listed = 0;
        for (CommandLine c : all) {
            for (Map.Entry<String, String> e : c.getCommandSpec().usageMessage().exitCodeList().entrySet()) {
                int code = Integer.parseInt(e.getKey().strip());
                ExitCode known = assertDoesNotThrow(() -> ExitCode.of(code), c.getCommandName() + " lists exit " + code);
                assertTrue(!e.getValue().isBlank(), c.getCommandName() + ": exit " + known + " has a meaning");
                listed++;
            }
        }
        assertTrue(listed > 10, "the commands list their exit codes: " + listed);
    }

    /**
     * {@code msgd --help} lists every command with the first line of its description: one whole
     * sentence, on one line (a description whose first line was half a sentence showed it cut off).
     */
    @Test
    void helpListsEveryCommandWithAWholeOneLineSentence() {
        CommandLine cl = Msgd.commandLine(twoPassingClaims());
        String usage = exec(twoPassingClaims(), "--help").out();
        List<String> lines = usage.lines().toList();
        int from = lines.indexOf("Commands:");
        assertTrue(from >= 0, usage);
        List<String> listed = lines.subList(from + 1, lines.size()).stream().takeWhile(l -> !l.isBlank()).toList();
        assertEquals(cl.getSubcommands().size(), listed.size(), "one line per command, none wrapped:\n" + usage);
        for (Map.Entry<String, CommandLine> c : cl.getSubcommands().entrySet()) {
            String[] description = c.getValue().getCommandSpec().usageMessage().description();
            assertTrue(description.length > 0, c.getKey() + " has a description");
            String summary = description[0];
            assertTrue(summary.matches("[A-Z][^\\n]*[^.]\\.") && summary.length() <= 70,
                    c.getKey() + ": the summary is one sentence of at most 70 characters ending in a full stop: " + summary);
            assertTrue(listed.stream().anyMatch(l -> l.matches("  " + c.getKey() + " +" + java.util.regex.Pattern.quote(summary))),
                    c.getKey() + " is listed with its whole summary, '" + summary + "':\n" + usage);
        }
    }

    @Test
    void noCommandIsBadUsageNamingEveryCommand() {
        Run r = exec(twoPassingClaims());
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertTrue(r.err().contains("missing COMMAND: one of verify, report, diff, bench, train, study"), r.err());
    }

    @Test
    void trainWithAnUnknownOptionIsBadUsage() {
        Run r = exec(twoPassingClaims(), "train", "--model", "vgg11");
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertTrue(r.err().startsWith("msgd train: Unknown option") && r.err().contains("'--model'"), r.err());
        assertOneLine(r.err());
    }

    /**
     * Every command's help renders without a picocli warning (a lone '%' in a description made {@code sweep --help} print
     * "[picocli WARN] Could not format ...", issue 47) and names each option's value by what it is (a label such as DIR
     * or auto|N), never by the Java field ({@code --data=<data>}).
     */
    @Test
    void everyHelpRendersWithoutAWarningAndWithoutAFieldNameForAValue() throws Exception {
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        List<String> fieldLabels = new java.util.ArrayList<>();
        try {
            System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
            java.util.ArrayDeque<CommandLine> todo = new java.util.ArrayDeque<>(List.of(Msgd.commandLine(Modules.standard())));
            int helps = 0;
            while (!todo.isEmpty()) {
                CommandLine c = todo.pop();
                todo.addAll(c.getSubcommands().values());
                String help = c.getUsageMessage(CommandLine.Help.Ansi.OFF);
                helps++;
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("=<[a-z][A-Za-z]*>").matcher(help);
                while (m.find()) {
                    fieldLabels.add(c.getCommandSpec().qualifiedName() + " " + m.group());
                }
            }
            assertTrue(helps >= 12, "every command and subcommand: " + helps);
        } finally {
            System.setErr(stderr);
        }
        assertEquals("", warnings.toString(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(List.of(), fieldLabels, "options labelled by what they take");
    }

    /**
     * Every synopsis names each option once: picocli wrote a required list option twice ({@code sweep plan}'s
     * "--methods=METHOD[,METHOD...] [--methods=METHOD[,METHOD...]]...", issue 47), and the option still takes a list.
     */
    @Test
    void everySynopsisNamesEachOptionOnce() {
        java.util.ArrayDeque<CommandLine> todo = new java.util.ArrayDeque<>(List.of(Msgd.commandLine(Modules.standard())));
        int synopses = 0;
        while (!todo.isEmpty()) {
            CommandLine c = todo.pop();
            todo.addAll(c.getSubcommands().values());
            c.setUsageHelpWidth(5000);   // the synopsis on one line, unwrapped
            String synopsis = c.getUsageMessage(CommandLine.Help.Ansi.OFF).lines().findFirst().orElseThrow();
            for (CommandLine.Model.OptionSpec o : c.getCommandSpec().options()) {
                String name = o.longestName();
                int mentions = synopsis.split(java.util.regex.Pattern.quote(name + "=") + "|" + java.util.regex.Pattern.quote(name) + "(?=[\\s\\]|])", -1).length - 1;
                assertTrue(mentions <= 1, c.getCommandSpec().qualifiedName() + ": " + name + " named " + mentions + " times:\n" + synopsis);
            }
            synopses++;
        }
        assertTrue(synopses >= 12, "every command and subcommand: " + synopses);
        CommandLine plan = Msgd.commandLine(Modules.standard()).getSubcommands().get("sweep").getSubcommands().get("plan");
        plan.setUsageHelpWidth(5000);
        String line = plan.getUsageMessage(CommandLine.Help.Ansi.OFF).lines().findFirst().orElseThrow();
        assertTrue(line.contains(" --methods=METHOD[,METHOD...] ") && line.contains(" --seeds=S "), "still required: " + line);
    }
}
