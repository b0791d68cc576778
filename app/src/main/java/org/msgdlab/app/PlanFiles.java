package org.msgdlab.app;

import org.msgdlab.deep.plan.PlanDigests;
import org.msgdlab.deep.plan.PlanFile;
import org.msgdlab.deep.plan.PlanFileException;
import org.msgdlab.deep.plan.PlanFileReader;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.NoisePlugins;
import org.msgdlab.theory.plugin.PluginGuard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What the {@code study} subcommands on a plan file share: reading the file (a defect is one line, exit 1, as for any
 * input file), checking and loading its plug-in jars (a jar whose digest is not the plan's is refused), and the
 * pre-registration's guard (a plan changed after its first run, without an amendment, is refused in one line).
 */
final class PlanFiles {

    private PlanFiles() {
    }

    /** A plan file that cannot be used: the command prints its one line and exits 1. */
    static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    /**
     * Reads a plan file.
     *
     * @param file the file
     * @return the plan
     * @throws Refused     when the file is missing or a value breaks its rule (the line names it)
     * @throws IOException when it cannot be read
     */
    static PlanFile read(Path file) throws IOException {
        try {
            return PlanFileReader.read(file);
        } catch (PlanFileException e) {
            throw new Refused(e.getMessage());
        }
    }

    /**
     * The plan's plug-ins, each jar checked against the digest the plan fixed, then loaded.
     *
     * @param plan    the plan
     * @param timeout the limit of one call into a plug-in's code
     * @return the plug-ins (empty when the plan names none)
     * @throws Refused when a jar is missing or is not the one the plan fixed
     */
    static List<NoisePlugin> plugins(PlanFile plan, Duration timeout) throws IOException {
        List<Path> jars = new ArrayList<>();
        for (int i = 0; i < plan.plugins().size(); i++) {
            PlanFile.PluginJar j = plan.plugins().get(i);
            if (!Files.isRegularFile(j.jar())) {
                throw new Refused("plan " + plan.file() + ": /plugins/" + i + "/jar = " + j.jar() + ": not found (build it, e.g."
                        + " mvn -B -q -pl examples -am package -DskipTests, or give its path relative to the plan file)");
            }
            String sha = org.msgdlab.core.io.Sha256.of(j.jar());
            if (!sha.equals(j.sha256())) {
                throw new Refused("plan " + plan.file() + ": /plugins/" + i + "/sha256 = " + j.sha256() + ": the jar "
                        + j.jar() + " has sha256 " + sha + ", another plug-in than the plan fixed; restore that jar, or record"
                        + " the new digest in the plan (an amendment once runs started)");
            }
            jars.add(j.jar());
        }
        return jars.isEmpty() ? List.of() : NoisePlugins.load(jars, PluginGuard.Limits.of(timeout));
    }

    /**
     * Every run folder of the plan below its cap that exists.
     *
     * @param plan the plan of the runs
     * @param cap  the seeds looked at
     * @return the folders
     */
    static List<Path> runFolders(StudyPlan plan, int cap) {
        return plan.methods().stream().flatMap(m -> IntStream.range(0, cap).mapToObj(s -> plan.runDir(m, s)))
                .filter(Files::isDirectory).toList();
    }

    /**
     * The pre-registration's guard: refuses a plan whose runs recorded a digest it does not accept.
     *
     * @param plan the plan file
     * @param runs its runs' plan
     * @param cap  the seeds looked at
     * @throws Refused when a run recorded another digest (the line names the first and says how to go on)
     */
    static void requireUnchanged(PlanFile plan, StudyPlan runs, int cap) throws IOException {
        List<String> changed = PlanDigests.changedSince(plan, runFolders(runs, cap));
        if (!changed.isEmpty()) {
            throw new Refused(PlanDigests.refusal(plan, changed));
        }
    }

    /**
     * The seeds a look reads: the cap, and beyond it as many more as a plan that replaces left-out seeds may need.
     *
     * @param plan the plan
     * @return seeds to read
     */
    static int seedsToRead(PlanFile plan) {
        return plan.replaceLeftOut() ? 2 * plan.cap() : plan.cap();
    }

    /**
     * Reads the plan's completed runs.
     *
     * @param plan the plan
     * @param sp   its runs' plan
     * @return the runs
     * @throws IOException when a run cannot be read
     */
    static StudyRuns runs(PlanFile plan, StudyPlan sp) throws IOException {
        return StudyRuns.read(sp, seedsToRead(plan));
    }
}
