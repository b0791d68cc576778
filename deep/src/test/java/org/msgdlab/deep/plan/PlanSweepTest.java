package org.msgdlab.deep.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.io.Sha256;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.sweep.PluginJars;
import org.msgdlab.deep.sweep.TrainingRunKind;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.sweeps.SweepPlan;
import org.msgdlab.sweeps.SweepRun;
import org.msgdlab.theory.plugin.NoisePlugins;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A plan file's sweep trains exactly the plan's runs: every run of the sweep lives in the folder where the plan's own
 * runner puts it and has the configuration that runner gives it, a plug-in included; and its log is blind.
 */
class PlanSweepTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theSweepsRunsAreThePlansRunsInThePlansFolders(@TempDir Path tmp) throws Exception {
        Path jar = PluginJars.withStand(tmp.resolve("plugins/stand.jar"));
        ObjectNode p = (ObjectNode) JSON.readTree(Path.of("../examples/study/plan.json").toFile());
        ObjectNode plugin = (ObjectNode) p.withArray("plugins").get(0);
        plugin.put("jar", "plugins/stand.jar").put("sha256", Sha256.of(jar));
        Path file = tmp.resolve("plan.json");
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(p));
        PlanFile plan = PlanFileReader.read(file);
        Path data = tmp.resolve("fashion-mnist");
        StudyPlan sp = plan.studyPlan(data, NoisePlugins.load(List.of(jar)));

        SweepPlan sweep = PlanSweep.of(plan, 4, data, Duration.ofSeconds(60)).plan();

        List<String> expected = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            for (String m : plan.methods()) {
                expected.add(m + "/" + s);
            }
        }
        List<String> planned = new ArrayList<>();
        for (SweepRun r : sweep.runs()) {
            String m = r.setting("method");
            int s = Integer.parseInt(r.setting("paired-seed"));
            planned.add(m + "/" + s);
            assertEquals(sp.runDir(m, s), tmp.resolve(r.id()), r.id());
            RunConfig viaSweep = TrainingRunKind.config(r.settings(), tmp.resolve(r.id()));
            RunConfig viaPlan = sp.config(m, s);
            assertEquals(Optional.empty(), Trainer.settingsDiffer(viaPlan, viaSweep), r.id());
            assertEquals(viaPlan.method().id(), viaSweep.method().id(), r.id());
            assertEquals(viaPlan.checkpointEvery(), viaSweep.checkpointEvery(), r.id());
            assertEquals(viaPlan.dataDir(), viaSweep.dataDir(), r.id());
            assertEquals(viaPlan.out(), viaSweep.out(), r.id());
            assertEquals("true", r.setting("blind"), r.id());
        }
        assertEquals(expected, planned, "whole paired seeds in order, each with every method");
    }
}
