package org.msgdlab.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code msgd study describe|size|run|look PLAN}: a study declared as a plan file is described, sized, trained and
 * looked at without writing Java (the look writes its verdicts, the claims' cards and its forest plot); a plan edited
 * after its first run is refused at the look, in one line, exit 1; a defective plan file is one line naming key, value
 * and rule, exit 1.
 */
class StudyPlanFileCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The committed plan files, from the app module's folder (where Maven runs its tests). */
    private static final Path NOISE_CLASS = Path.of("../deep/results/noise-class-study/plan.json");
    private static final Path EXAMPLE = Path.of("../examples/study/plan.json");

    @TempDir
    Path tmp;

    private static List<String> files(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * The README's example plan cut to GD and SGD-50 at 10 iterations with one difference claim, written to
     * {@code dir/plan.json}: a plan whose runs train in seconds.
     *
     * @param dir the plan's folder (created)
     * @return the plan file
     * @throws IOException when it cannot be written
     */
    static Path gdAndSgdPlan(Path dir) throws IOException {
        ObjectNode plan = (ObjectNode) JSON.readTree(EXAMPLE.toFile());
        plan.remove("plugins");
        plan.remove("sizing");
        plan.set("methods", JSON.valueToTree(List.of("gd", "sgd-50")));
        ((ObjectNode) plan.get("runs")).put("iterations", 10).put("evalEvery", 2);
        plan.set("claims", JSON.readTree("[{\"kind\": \"difference\", \"name\": \"sgd-vs-gd\", \"of\": [\"sgd-50\"],"
                + " \"against\": \"gd\", \"test\": \"below\", \"location\": \"mean\"}]"));
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve("plan.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(plan));
    }

    @Test
    void describeRendersThePlanInWords() {
        CommandRun r = CommandRun.msgd("study", "describe", NOISE_CLASS.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("# Does the noise class matter? (pre-registered plan `noise-class`)"), r.out());
        assertTrue(r.out().contains("* `deep.noise-class.msgd-sparse-cov-10.collapses-no-more-than-sgd`: MSGD-[Cov-10]'s run is"
                + " lost no more often than SGD-50's"), r.out());
        assertTrue(r.out().contains("(runs recorded none count)"), r.out());
        assertTrue(r.out().contains("(one-sided 0.00139 per look; an event-rate claim, decided once, at 0.00417 at the cap)"),
                "the second study's levels, as its verdicts.md states them: " + r.out());
    }

    @Test
    void aDefectivePlanIsOneLineAndExit1() throws IOException {
        Path bad = Files.writeString(tmp.resolve("plan.json"), "{\"format\": \"msgd-study-plan/1\", \"name\": \"Bad Name\"}");
        CommandRun r = CommandRun.msgd("study", "look", bad.toString());
        assertEquals(1, r.code());
        assertEquals("msgd study look: plan " + bad + ": /name = Bad Name: must be 1 to 64 of a-z, 0-9 and '-', starting with"
                + " a letter or digit", r.err().strip());
    }

    @Test
    void sizeSimulatesTheStatedWorldsOrSaysWhatIsMissing() throws IOException {
        CommandRun r = CommandRun.msgd("study", "size", EXAMPLE.toString(), "--studies", "500");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("cap for 0.80"), r.out());
        assertTrue(r.out().contains("isotropic-vs-sgd-50"), r.out());
        ObjectNode plan = (ObjectNode) JSON.readTree(EXAMPLE.toFile());
        plan.remove("sizing");
        plan.remove("plugins");
        plan.set("methods", JSON.valueToTree(List.of("sgd-50", "msgd-cov", "msgd-fisher")));
        for (var c : plan.get("claims")) {
            ((ObjectNode) c).set("of", JSON.valueToTree(List.of("msgd-fisher")));
        }
        Path none = Files.writeString(tmp.resolve("plan.json"), JSON.writeValueAsString(plan));
        CommandRun missing = CommandRun.msgd("study", "size", none.toString());
        assertEquals(1, missing.code());
        assertTrue(missing.err().contains("/sizing = (missing): state the normal worlds"), missing.err());
        assertEquals(2, CommandRun.msgd("study", "size", none.toString(), "--stand-in", "a=b").code());
        assertEquals(2, CommandRun.msgd("study", "size", none.toString(), "--studies", "5").code());
    }

    @Test
    void runTrainsToTheFirstLookRecordsTheDigestAndLookRefusesAnEditedPlan() throws IOException {
        Path data = GeneratedFashionMnist.write(tmp.resolve("fm"));
        Path dir = tmp.resolve("study");
        Path file = gdAndSgdPlan(dir);

        CommandRun run = CommandRun.msgd("study", "run", file.toString(), "--data", data.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.err().contains("3 paired seeds complete of the cap of 5"), run.err());
        assertFalse(run.err().contains("window accuracy"), "no statistic on the log before the look: " + run.err());
        assertTrue(Files.readString(dir.resolve("authors-code/gd/seed-2/plan-digest.json")).contains("\"sha256\""));

        CommandRun look = CommandRun.msgd("study", "look", file.toString());
        assertEquals(0, look.code(), look.err());
        assertTrue(look.out().contains("deep.isotropic-example.sgd-vs-gd"), look.out());
        List<String> csv = Files.readAllLines(dir.resolve("authors-code/plan-look.csv"));
        assertEquals(2, csv.size(), csv.toString());
        assertTrue(csv.get(1).startsWith("deep.isotropic-example.sgd-vs-gd,difference,"), csv.get(1));
        assertTrue(csv.get(1).contains(",3,3,"), "decided at the look of 3, 3 seeds counted: " + csv.get(1));
        Path page = dir.resolve("authors-code/plan-look.html");
        Path forest = dir.resolve("authors-code/figures/plan-forest-difference.png");
        assertTrue(look.err().contains("study look: wrote " + page + " (the claims' cards and the forest plot)"), look.err());
        assertTrue(look.err().contains("study look: wrote " + forest + " and its .svg"), look.err());
        assertEquals(List.of("plan-forest-difference.png", "plan-forest-difference.svg"), files(dir.resolve("authors-code/figures")),
                "one unit, one figure: the plan's one claim is a difference in points");
        assertTrue(javax.imageio.ImageIO.read(forest.toFile()).getWidth() >= 900 * 2, "a PNG that decodes");
        String html = Files.readString(page);
        assertTrue(html.contains("id=\"claim-deep.isotropic-example.sgd-vs-gd\"") && html.contains("src=\"figures/plan-forest-difference.png\""),
                "the claim's card and the forest plot on the page");
        assertFalse(look.out().contains("plan-look.html"), "stdout is the verdict table alone: " + look.out());

        CommandRun again = CommandRun.msgd("study", "run", file.toString(), "--data", data.toString());
        assertEquals(0, again.code(), again.err());
        assertTrue(again.err().contains("5 paired seeds complete of the cap of 5"), "resumes to the next look: " + again.err());

        Files.writeString(file, Files.readString(file).replace("\"masterSeed\" : 20261128", "\"masterSeed\" : 20261129"));
        CommandRun refused = CommandRun.msgd("study", "look", file.toString());
        assertEquals(1, refused.code());
        assertTrue(refused.err().strip().startsWith("msgd study look: plan " + file), refused.err());
        assertTrue(refused.err().contains("changed after its first run: 10 runs"), refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());
        assertEquals(1, CommandRun.msgd("study", "run", file.toString(), "--data", data.toString()).code(),
                "no run trains under an edited plan");
    }
}
