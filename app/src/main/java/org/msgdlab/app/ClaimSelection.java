package org.msgdlab.app;

import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Study;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which studies and claims {@code msgd verify} checks: the modules named by --only, the claims named
 * by --claim, and the refusal of a module's option (--n, --study-dir, ...) that --only leaves out.
 * Every refusal is a {@link ParameterException} of the verify command line, so that it reads as bad usage.
 */
final class ClaimSelection {

    private final CommandLine commandLine;

    /** @param commandLine the parsed {@code msgd verify} command line, whose errors these are */
    ClaimSelection(CommandLine commandLine) {
        this.commandLine = commandLine;
    }

    /** A module's option given while --only leaves the module out is refused, not ignored. */
    void refuseOptionsThatDoNotApply(List<String> only, List<Path> pluginJars) {
        if (only == null) {
            return;
        }
        Map<String, List<String>> modulesOf = Map.of("--n", List.of("theory", Modules.PLUGINS), "--b", List.of("theory", Modules.PLUGINS),
                "--fisher-batch", List.of("theory"), "--large-batch", List.of("theory"), "--study-dir", List.of("deep"), "--from", List.of("deep"));
        CommandLine.ParseResult parsed = commandLine.getParseResult();
        for (Map.Entry<String, List<String>> m : modulesOf.entrySet()) {
            if (parsed.hasMatchedOption(m.getKey()) && m.getValue().stream().noneMatch(only::contains)) {
                throw new ParameterException(commandLine, m.getKey() + " applies to the " + String.join(" and ", m.getValue())
                        + (m.getValue().size() == 1 ? " module" : " modules") + ", which --only " + String.join(",", only) + " leaves out");
            }
        }
        if (only.contains(Modules.PLUGINS) && (pluginJars == null || pluginJars.isEmpty())) {
            throw new ParameterException(commandLine, "--only " + Modules.PLUGINS + ": no --plugin JAR given (the plugins"
                    + " module checks the noises of the jars --plugin names)");
        }
    }

    /**
     * The studies of the modules named by --only (all by default), in registry order, each built from the
     * run's context; the names of selected modules without claims yet are added to {@code pending}.
     */
    List<Study> selectStudies(Modules modules, CheckContext context, List<String> only, List<String> pending) {
        List<String> names = modules.names(context);
        Set<String> wanted = new LinkedHashSet<>(only == null ? names : only);
        for (String name : wanted) {
            if (modules.get(name, context).isEmpty()) {
                throw new ParameterException(commandLine, "--only " + name + ": unknown module (allowed: "
                        + String.join(", ", names) + (names.contains(Modules.PLUGINS) ? ""
                        : ", " + Modules.PLUGINS + " (with --plugin JAR)") + ")");
            }
        }
        List<Study> studies = new ArrayList<>();
        for (String name : names) {
            if (!wanted.contains(name)) {
                continue;
            }
            modules.get(name, context).orElseThrow().study().ifPresentOrElse(
                    s -> studies.add(s.apply(context)),
                    () -> pending.add(name));
        }
        return studies;
    }

    /** The studies restricted to the --claim ids (unchanged without --claim); empty studies dropped. */
    List<Study> selectClaims(List<Study> studies, List<String> claimIds) {
        if (claimIds == null) {
            return studies;
        }
        Set<String> wanted = new LinkedHashSet<>(claimIds);
        List<String> known = new ArrayList<>();
        studies.forEach(s -> s.claims().forEach(c -> known.add(c.id())));
        for (String id : wanted) {
            if (!known.contains(id)) {
                throw new ParameterException(commandLine, "--claim " + id + ": no such claim in the selected modules"
                        + (known.isEmpty() ? " (they have no claims)" : " (known: " + String.join(", ", known) + ")"));
            }
        }
        List<Study> selected = new ArrayList<>();
        for (Study s : studies) {
            List<Claim> claims = s.claims().stream().filter(c -> wanted.contains(c.id())).toList();
            if (!claims.isEmpty()) {
                selected.add(new Study(s.id(), s.title(), s.paperRef(), claims));
            }
        }
        return selected;
    }
}
