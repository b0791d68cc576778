package org.msgdlab.deep.train;

import org.msgdlab.core.claims.Platform;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.NoisePlugins;
import org.tensorflow.TensorFlow;
import org.msgdlab.deep.graph.Kernels;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.Model;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code run.json}: its provenance (preset, method, every hyper-parameter, the protocol,
 * seeds, library versions, device), its status ("running", "completed", "failed",
 * "stopped: non-finite loss") with the last metrics, and the configuration it was started with,
 * read back strictly so that a resumed or reused run is the run that was asked for.
 */
final class RunJson {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunJson() {
    }

    static Map<String, Object> runInfo(RunConfig c, int n, Preset.Data data, Method.Plan plan,
                                       Map<String, String> environment) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("preset", c.preset().id());
        info.put("paperRef", c.preset().paperRef());
        info.put("method", c.method().id());
        info.put("paperName", c.method().paperName());
        info.put("algorithm", c.method().miniBatch() ? "Algorithm 2 (mini-batch MSGD)" : "Algorithm 1 (MSGD)");
        info.put("config", configJson(c));
        Map<String, Object> hp = new LinkedHashMap<>();
        Model model = c.preset().model();
        hp.put("model", model.toString());
        hp.put("parameters", model.parameterCount());
        Protocol protocol = c.protocol();
        info.put("protocol", protocol.describe());
        hp.put("initialization", (protocol.initialization() == Protocol.Initialization.FLAT_NORMAL
                ? "one flat N(0, " + protocol.initStd() + "^2) draw of every weight and bias (authors' net.py)"
                : "uniform(-1/sqrt(fan_in), 1/sqrt(fan_in)) for weights and biases (PyTorch default)")
                + (model.hasBatchNorm() ? ", batch-norm scale 1 and shift 0" : "")
                + ", seeded by Streams.derive(seed, \"deep.init\")");
        hp.put("pixels", protocol.pixels().toString());
        hp.put("trainingSplit", protocol.split() == Protocol.TrainingSplit.FIRST_N
                ? "the first n images of the pool" : "n images drawn (seeded by dataSeed) from the pool");
        if (model.hasBatchNorm()) {
            hp.put("batchNorm", "PyTorch BatchNorm2d conventions (eps 1e-5, running-statistics momentum 0.1); "
                    + (c.preset().ghostBatch() > 0 ? "ghost batches of " + c.preset().ghostBatch() + " examples"
                    : "whole fed batch") + "; evaluation with the running statistics");
        }
        hp.put("augmentation", c.preset().augment() ? "random 32x32 crop of the image zero-padded by "
                + TrainingGraph.AUGMENT_PAD + ", horizontal flip with probability 1/2" : "none");
        hp.put("n", n);
        hp.put("testSize", data.test().count());
        hp.put("learningRate", c.schedule().toString());
        hp.put("momentum", c.effectivePreset().momentum());
        hp.put("weightDecay", c.effectivePreset().weightDecay());
        hp.put("ghostBatch", c.effectivePreset().ghostBatch());
        hp.put("sgdBatch", c.method().b());
        hp.put("bigBatch", c.method().bigBatch());
        // only for the methods that have one (a NaN would be written as the text "NaN")
        if (Double.isFinite(plan.magnitude())) {
            hp.put("compensatoryMagnitude", plan.magnitude());
        }
        hp.put("chunk", c.preset().chunk());
        hp.put("samplingNoise", c.method().samplingNoise(n));
        info.put("hyperparameters", hp);
        info.put("data", Map.of("train", data.train().name(), "test", data.test().name(),
                "dir", c.dataDir().toString()));
        Map<String, String> versions = new LinkedHashMap<>(Provenance.libraryVersions());
        versions.put("tensorflow", TensorFlow.version());
        versions.put("java", Platform.current().javaVersion());
        versions.put("msgd-lab commit", Provenance.currentCommit());
        info.put("versions", versions);
        info.put("device", Trainer.device(c.intraThreads(), c.interThreads()));
        info.put("kernels", Kernels.current().id());
        info.put("bits", BitProvenance.current(c.intraThreads(), c.interThreads(), environment).toMap());
        return info;
    }

    static void write(Path out, Map<String, Object> info, String startedAt, String status,
                                     long iterationsDone, String message, List<Trainer.Row> rows) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>(info);
        m.put("status", status);
        m.put("iterationsDone", iterationsDone);
        if (message != null) {
            m.put("message", message);
        }
        m.put("startedAt", startedAt);
        m.put("updatedAt", Instant.now().toString());
        if (!rows.isEmpty()) {
            Trainer.Row r = rows.get(rows.size() - 1);
            Map<String, Object> last = new LinkedHashMap<>();
            last.put("iteration", r.iteration());
            last.put("trainLoss", r.trainLoss());
            last.put("trainAccuracy", r.trainAccuracy());
            last.put("testLoss", r.testLoss());
            last.put("testAccuracy", r.testAccuracy());
            m.put("lastMetrics", last);
        }
        AtomicFiles.writeString(out.resolve("run.json"), JSON.writeValueAsString(m));
    }

    static Map<String, Object> configJson(RunConfig c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("preset", c.preset().id());
        m.put("method", c.method().id());
        m.put("magnitude", Double.isNaN(c.method().magnitude()) ? null : c.method().magnitude());
        if (c.method().plugin() != null) {
            m.put("pluginJar", NoisePlugins.source(c.method().plugin()).toAbsolutePath().toString());
        }
        m.put("iterations", c.iterations());
        m.put("evalEvery", c.evalEvery());
        m.put("evalSubset", c.evalSubset());
        m.put("checkpointEvery", c.checkpointEvery());
        m.put("seed", c.seed());
        m.put("dataSeed", c.dataSeed());
        m.put("dataDir", c.dataDir().toString());
        m.put("learningRate", c.learningRate());
        m.put("intraThreads", c.intraThreads());
        m.put("interThreads", c.interThreads());
        m.put("protocol", c.protocol().describe());
        return m;
    }

    /** run.json as a JSON object, or a {@link RunFileException} naming the defect. */
    static JsonNode read(Path runJson) throws IOException {
        JsonNode j;
        try {
            j = JSON.readTree(runJson.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException | java.io.CharConversionException e) {
            throw RunFileException.notJson(runJson, e, "");
        }
        if (j == null || !j.isObject()) {
            throw new RunFileException(runJson, "empty or not a JSON object");
        }
        return j;
    }

    /** The configuration stored in run.json (its "config" object), every field checked. */
    static RunConfig configFrom(JsonNode stored, Path runJson, Path out) throws RunFileException {
        JsonNode j = stored.get("config");
        if (j == null || !j.isObject()) {
            throw new RunFileException(runJson, "no 'config' object (not written by msgd train, or damaged)");
        }
        try {
            Preset p = Preset.parse(text(j, "preset"));
            JsonNode mag = j.get("magnitude");
            JsonNode jar = j.get("pluginJar");
            List<NoisePlugin> plugins = jar == null || jar.isNull() ? List.of() : NoisePlugins.load(List.of(Path.of(text(j, "pluginJar"))));
            Method m = Method.parse(text(j, "method"), p.sgdBatch(),
                    mag == null || mag.isNull() ? Double.NaN : number(j, "magnitude"), plugins);
            JsonNode proto = j.get("protocol");
            @SuppressWarnings("unchecked")
            Map<String, Object> d = proto == null || proto.isNull() ? null : JSON.convertValue(proto, Map.class);
            // runs written before protocols existed ran the paper-text protocol
            return new RunConfig(p, m, whole(j, "iterations"), whole(j, "evalEvery"), whole(j, "evalSubset"),
                    whole(j, "checkpointEvery"), longValue(j, "seed"), longValue(j, "dataSeed"),
                    Path.of(text(j, "dataDir")), out, number(j, "learningRate"), whole(j, "intraThreads"),
                    whole(j, "interThreads"), true, Protocol.fromDescription(d));
        } catch (IllegalArgumentException e) {
            throw new RunFileException(runJson, "config: " + e.getMessage());
        }
    }

    private static String text(JsonNode j, String key) {
        JsonNode v = j.get(key);
        if (v == null || !v.isTextual()) {
            throw new IllegalArgumentException("'" + key + "' is " + v + "; it must be a string");
        }
        return v.asText();
    }

    private static double number(JsonNode j, String key) {
        JsonNode v = j.get(key);
        if (v == null || !v.isNumber()) {
            throw new IllegalArgumentException("'" + key + "' is " + v + "; it must be a number");
        }
        return v.asDouble();
    }

    private static long longValue(JsonNode j, String key) {
        JsonNode v = j.get(key);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException("'" + key + "' is " + v + "; it must be a whole number");
        }
        return v.asLong();
    }

    private static int whole(JsonNode j, String key) {
        JsonNode v = j.get(key);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToInt()) {
            throw new IllegalArgumentException("'" + key + "' is " + v + "; it must be a whole number");
        }
        return v.asInt();
    }
}
