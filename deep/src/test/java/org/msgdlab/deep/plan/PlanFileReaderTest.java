package org.msgdlab.deep.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.stats.Location;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A plan file is read strictly: every value is checked where it is read, and a defect is one line naming the key (a
 * JSON pointer), its value and the rule; an unknown key is a defect, so a misspelling cannot fall back to a default.
 */
class PlanFileReaderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theCommittedPlansAreReadWithTheirRules() throws Exception {
        PlanFile nc = PlanFileReader.read(PlanLookTest.NOISE_CLASS.resolve("plan.json"));
        assertEquals("noise-class", nc.name());
        assertEquals(12, nc.claims().size());
        assertEquals(60, nc.cap());
        assertEquals(0.05 / 12, nc.claimAlpha(), 0.0);
        assertEquals(20, nc.recoveryDesign().first());
        assertEquals(20, nc.recoveryDesign().block());
        PlanFile support = PlanFileReader.read(PlanLookTest.SUPPORT.resolve("plan.json"));
        PlannedClaim.Difference d = (PlannedClaim.Difference) support.claims().get(0);
        assertEquals(Location.TRIMMED_MEAN, d.location());
        assertEquals(0.42, d.margin().points(), 0.0);
        assertEquals(0.001, support.spending().alpha(0), 1e-15);
        assertEquals(0.004, support.spending().alpha(1), 1e-15);
        assertTrue(support.replaceLeftOut());
        assertEquals(64, support.sha256().length());
    }

    @Test
    void eachDefectIsOneLineNamingItsKeyValueAndRule(@TempDir Path dir) throws Exception {
        Map<String, Consumer<ObjectNode>> edits = new LinkedHashMap<>();
        edits.put("/format = msgd-study-plan/2: must be msgd-study-plan/1", p -> p.put("format", "msgd-study-plan/2"));
        edits.put("/name = Support Study: must be 1 to 64", p -> p.put("name", "Support Study"));
        edits.put("/runs/iterations = 4: must be a whole number in [5, 1000000]", p -> runs(p).put("iterations", 4));
        edits.put("/runs/evalEvery = 2000: must be a whole number in [1, 1000]", p -> runs(p).put("evalEvery", 2000));
        edits.put("/runs/protocol = authors: must be paper-text or authors-code", p -> runs(p).put("protocol", "authors"));
        edits.put("/methods/1 = sgd-fifty: is not a method", p -> ((ArrayNode) p.get("methods")).set(1, "sgd-fifty"));
        edits.put("/methods/2 = gd: is listed twice", p -> ((ArrayNode) p.get("methods")).set(2, "gd"));
        edits.put("/masterSeed = \"1\": must be a whole number", p -> p.put("masterSeed", "1"));
        edits.put("/seeds/looks/1 = 40: must be above the look before it (50)", p -> looks(p).set(1, 40));
        edits.put("/alpha/family = 0.5: must be in (0, 0.5)", p -> alpha(p).put("family", 0.5));
        edits.put("/alpha/reserve = 0.0: must be in (0, 1]", p -> alpha(p).put("reserve", 0.0));
        edits.put("/alpha/spend = [0.3,0.8]: must sum to 1", p -> alpha(p).putArray("spend").add(0.3).add(0.8));
        edits.put("/lostRun = crash: must be none or collapse", p -> p.put("lostRun", "crash"));
        edits.put("/claims/0/margin/points = 0.5: must be share x referencePoints = 0.3 x 1.41 = 0.4230",
                p -> claim(p, 0).with("margin").put("points", 0.5));
        edits.put("/claims/1/name = class.bernoulli-50-vs-cov: is the name of an earlier claim",
                p -> claim(p, 1).put("name", "class.bernoulli-50-vs-cov"));
        edits.put("/claims/2 = msgd-[cov-10]: names a method not in /methods", p -> claim(p, 2).putArray("of").add("msgd-[cov-10]"));
        edits.put("/claims/2/margin = {\"points\":1}: a claim \"below\" 0 has no margin",
                p -> claim(p, 2).putObject("margin").put("points", 1));
        edits.put("/claims/3/test = above: must be equivalence (|d| < margin) or below (d < 0)", p -> claim(p, 3).put("test", "above"));
        edits.put("/claims/4/location = median: must be trimmed-mean", p -> claim(p, 4).put("location", "median"));
        edits.put("/claims/5/alpha = 0.01: is not a key here (keys: kind, name, of, against, test, margin, location)",
                p -> claim(p, 5).put("alpha", 0.01));
        edits.put("/alpha/spend = [0.2,0.8]: must be \"equal\" in a plan with a recovery claim (/claims/0)",
                p -> ((ArrayNode) p.get("claims")).set(0, JSON.createObjectNode().put("kind", "recovery").put("name", "r")
                        .put("noise", "msgd-cov").put("from", "gd").put("to", "sgd-50").set("band",
                                JSON.createArrayNode().add(0.5).add(1.5))));
        edits.put("/claims/0/kind = event-rate: needs /lostRun collapse", p -> ((ArrayNode) p.get("claims")).set(0,
                JSON.createObjectNode().put("kind", "event-rate").put("name", "e").put("noise", "msgd-cov")
                        .put("against", "sgd-50").put("margin", 0.1)));
        edits.put("/amendments/0/replaces = the old one: must be sha256:", p -> ((ObjectNode) p.get("amendments").get(0))
                .put("replaces", "the old one"));
        edits.put("/amendments/0/date = yesterday: must be a date, YYYY-MM-DD", p -> ((ObjectNode) p.get("amendments").get(0))
                .put("date", "yesterday"));
        edits.put("/plugins = (none): must give the jar and its SHA-256 of every plugin:NAME method",
                p -> ((ArrayNode) p.get("methods")).add("plugin:mine"));
        edits.put("/seed = 3: is not a key here", p -> p.put("seed", 3));
        int k = 0;
        for (Map.Entry<String, Consumer<ObjectNode>> e : edits.entrySet()) {
            ObjectNode plan = (ObjectNode) JSON.readTree(PlanLookTest.SUPPORT.resolve("plan.json").toFile());
            e.getValue().accept(plan);
            Path f = dir.resolve("plan-" + k++ + ".json");
            Files.writeString(f, JSON.writeValueAsString(plan));
            PlanFileException x = assertThrows(PlanFileException.class, () -> PlanFileReader.read(f), e.getKey());
            assertTrue(x.getMessage().startsWith("plan " + f + ": " + e.getKey()), "want " + e.getKey() + ", got " + x.getMessage());
            assertFalse(x.getMessage().contains("\n"), x.getMessage());
        }
    }

    @Test
    void aFileThatIsNotAPlanIsOneLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("plan.json");
        assertEquals("plan " + f + ": not found", assertThrows(PlanFileException.class, () -> PlanFileReader.read(f)).getMessage());
        Files.writeString(f, "{\"format\": \"msgd-study-plan/1\", \"format\": \"x\"}");
        assertTrue(assertThrows(PlanFileException.class, () -> PlanFileReader.read(f)).getMessage()
                .startsWith("plan " + f + ": not JSON: Duplicate field 'format'"));
        Files.writeString(f, "[1, 2]");
        assertEquals("plan " + f + ": must be a JSON object", assertThrows(PlanFileException.class,
                () -> PlanFileReader.read(f)).getMessage());
        assertTrue(assertThrows(PlanFileException.class, () -> PlanFileReader.read(dir)).getMessage().contains("is a folder"));
    }

    private static ObjectNode runs(ObjectNode p) {
        return (ObjectNode) p.get("runs");
    }

    private static ArrayNode looks(ObjectNode p) {
        return (ArrayNode) p.get("seeds").get("looks");
    }

    private static ObjectNode alpha(ObjectNode p) {
        return (ObjectNode) p.get("alpha");
    }

    private static ObjectNode claim(ObjectNode p, int i) {
        return (ObjectNode) p.get("claims").get(i);
    }
}
