package org.msgdlab.app;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code msgd} command line: {@code verify}, {@code report}, {@code diff}, {@code bench},
 * {@code train}, {@code study}, {@code sweep}. The first line of each command's description is its summary in {@code msgd --help}:
 * one whole sentence that fits the line (MsgdTest checks it); the rest is in the command's own help.
 *
 * <p>Exit codes: {@link ExitCode}, whose constants make the list in {@code msgd --help}.
 */
@Command(name = "msgd", mixinStandardHelpOptions = true, versionProvider = Msgd.Version.class,
        description = "Executable checks of \"On the Noisy Gradient Descent that Generalizes as SGD\" (Wu et al., ICML 2020).",
        synopsisSubcommandLabel = "COMMAND",
        exitCodeListHeading = "%nExit codes:%n")
public final class Msgd implements Runnable {

    /** Version printed when the jar manifest carries none (running from classes). */
    static final String FALLBACK_VERSION = "0.1.0-SNAPSHOT";

    @Spec
    CommandSpec spec;

    /**
     * Runs {@code msgd args} (headless, unless {@code java.awt.headless} is set) and exits the JVM with its exit code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        // figures are drawn off screen: no display is needed, or looked for (the tests set it in surefire)
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        System.exit(run(args));
    }

    /**
     * Runs {@code msgd args} on the standard modules, printing to System.out/err; returns the exit code.
     *
     * @param args the command line
     * @return the exit code
     */
    public static int run(String... args) {
        return commandLine(Modules.standard()).execute(args);
    }

    /**
     * The command line over {@code modules}; callers may redirect its output with setOut/setErr.
     *
     * @param modules the claims' modules the {@code verify} command runs
     * @return the command line with every subcommand and the usage and file-error handlers
     */
    public static CommandLine commandLine(Modules modules) {
        return tree(modules, System.out, System.err);
    }

    /**
     * The command line over {@code modules}, writing to {@code out} and {@code err}: picocli's help and messages,
     * and what {@code train} prints (its progress and outcome lines).
     *
     * @param modules the claims' modules the {@code verify} command runs
     * @param out     where results go
     * @param err     where messages go
     * @return the command line with every subcommand and the usage and file-error handlers
     */
    public static CommandLine commandLine(Modules modules, java.io.PrintStream out, java.io.PrintStream err) {
        CommandLine cl = tree(modules, out, err);
        cl.setOut(new java.io.PrintWriter(out, true, java.nio.charset.StandardCharsets.UTF_8));
        cl.setErr(new java.io.PrintWriter(err, true, java.nio.charset.StandardCharsets.UTF_8));
        return cl;
    }

    private static CommandLine tree(Modules modules, java.io.PrintStream out, java.io.PrintStream err) {
        CommandLine cl = new CommandLine(new Msgd())
                .addSubcommand(new VerifyCommand(modules))
                .addSubcommand(new ReportCommand())
                .addSubcommand(new DiffCommand())
                .addSubcommand(new BenchCommand())
                .addSubcommand(new TrainCommand(out, err))
                .addSubcommand(new StudyCommand())
                .addSubcommand(new SweepCommand());
        TrainCommand.listPresetsAndMethods(cl.getSubcommands().get("train"));
        cl.getCommandSpec().usageMessage().exitCodeList(ExitCode.helpList());
        cl.setHelpFactory(SynopsisHelp.factory());   // every command's synopsis names each option once
        cl.setParameterExceptionHandler(Msgd::usageError);
        cl.setExecutionExceptionHandler(Msgd::fileError);
        return cl;
    }

    /**
     * {@code msgd} with no command: print the usage and exit 2 ({@link ExitCode#USAGE}).
     *
     * @throws ParameterException always (missing COMMAND), which the usage handler reports
     */
    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing COMMAND: one of "
                + String.join(", ", spec.commandLine().getSubcommands().keySet()));
    }

    /**
     * Bad usage: one line naming the command and what is wrong, exit 2 ({@link ExitCode#USAGE}). A value refused by its
     * type's own parser (an {@link IllegalArgumentException} whose message names the option, the value and the
     * rule, such as {@code --pixels=bogus must be unit (x/255) or raw (0-255)}) is that message alone.
     */
    private static int usageError(ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        String name = cl.getCommandSpec().qualifiedName();
        cl.getErr().println(e.getCause() instanceof IllegalArgumentException refused && !(refused instanceof NumberFormatException)
                ? name + ": " + refused.getMessage() : name + ": " + e.getMessage() + " (see '" + name + " --help')");
        cl.getErr().flush();
        return ExitCode.USAGE.code();
    }

    /**
     * A file that could not be read or written (a full disk, a folder that vanished), or a check that could not be
     * completed for a reason stated in one line ({@link org.msgdlab.core.claims.CheckFailure}: a plug-in's call that
     * failed): one line naming the command and the file or the reason, exit 1 ({@link ExitCode#CLAIM_ERROR}). Anything
     * else is a defect and keeps its stack trace.
     */
    private static int fileError(Exception e, CommandLine cl, CommandLine.ParseResult parsed) throws Exception {
        if (!(e instanceof java.io.UncheckedIOException || e instanceof java.io.IOException
                || e instanceof org.msgdlab.core.claims.CheckFailure)) {
            throw e;
        }
        String name = cl.getCommandSpec().qualifiedName();
        // an UncheckedIOException made without a message of its own says "java.io.IOException: ...": its cause says it plainly
        Throwable why = e instanceof java.io.UncheckedIOException u && u.getCause() != null
                && java.util.Objects.equals(u.getMessage(), u.getCause().toString()) ? u.getCause() : e;
        cl.getErr().println(name + ": " + why.getMessage());
        cl.getErr().flush();
        return ExitCode.CLAIM_ERROR.code();
    }

    /**
     * The version of msgd-app from its {@code pom.properties} (in the jar), else from the jar
     * manifest, else {@value #FALLBACK_VERSION} (running from classes).
     */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"msgd " + version()};
        }

        static String version() {
            try (java.io.InputStream in = Msgd.class.getResourceAsStream("/META-INF/maven/org.msgdlab/msgd-app/pom.properties")) {
                if (in != null) {
                    java.util.Properties p = new java.util.Properties();
                    p.load(in);
                    String v = p.getProperty("version");
                    if (v != null && !v.isBlank()) {
                        return v;
                    }
                }
            } catch (java.io.IOException e) {
                // fall through
            }
            String v = Msgd.class.getPackage() == null ? null : Msgd.class.getPackage().getImplementationVersion();
            return v == null ? FALLBACK_VERSION : v;
        }
    }
}
