package org.msgdlab.deep.plan;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.msgdlab.core.io.JsonErrors;
import org.msgdlab.core.stats.BandClaim;
import org.msgdlab.core.stats.Location;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.Protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads and checks a study plan file ({@code docs/study-plan.md}): every value where it is read, one line per defect
 * naming the key (a JSON pointer), its value and the rule, e.g.
 * {@code plan deep/x/plan.json: /claims/2/margin/points = -1: must be > 0}. Unknown keys are defects, so a
 * misspelled key cannot silently fall back to a default.
 * <p>
 * Stateless and thread-safe.
 */
public final class PlanFileReader {

    /** The largest plan file read, in bytes. */
    static final long MAX_BYTES = 1 << 20;
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    private static final Pattern CLAIM_NAME = Pattern.compile("[a-z0-9][a-z0-9.\\-]{0,99}");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern SHA = Pattern.compile("[0-9a-f]{64}");
    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private PlanFileReader() {
    }

    /**
     * Reads a plan file.
     *
     * @param file the file
     * @return the plan
     * @throws PlanFileException when the file is missing, not JSON, or a value breaks its rule
     * @throws IOException       when the file cannot be read
     */
    public static PlanFile read(Path file) throws IOException {
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) {
                throw new PlanFileException(file, "", "is a folder: give the plan file (e.g. " + file.resolve("plan.json") + ")");
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new PlanFileException(file, "", "is " + Files.size(file) + " bytes: a plan file is at most " + MAX_BYTES);
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new PlanFileException(file, "", "not found");
        }
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new PlanFileException(file, "", "not JSON: " + JsonErrors.plain(e.getOriginalMessage()) + " " + JsonErrors.where(e));
        }
        if (root == null || !root.isObject()) {
            throw new PlanFileException(file, "", "must be a JSON object");
        }
        return new Walk(file, root).plan(org.msgdlab.core.io.Sha256.of(bytes));
    }

    /** One reading of one file. */
    private static final class Walk extends PlanJson {

        Walk(Path file, JsonNode root) {
            super(file, root);
        }

        PlanFile plan(String sha256) {
            keys(root, "", "format", "name", "title", "question", "runs", "methods", "plugins", "masterSeed", "seeds",
                    "alpha", "lostRun", "claims", "amendments", "sizing");
            String format = text("/format");
            if (!format.equals(PlanFile.FORMAT)) {
                throw fail("/format", format, "must be " + PlanFile.FORMAT + " (the format this build reads)");
            }
            String name = matching("/name", NAME, "must be 1 to 64 of a-z, 0-9 and '-', starting with a letter or digit");
            String title = text("/title");
            String question = text("/question");
            JsonNode runs = object("/runs");
            keys(runs, "/runs", "protocol", "iterations", "evalEvery");
            Protocol protocol = protocol();
            int iterations = whole("/runs/iterations", 5, 1_000_000);
            int evalEvery = whole("/runs/evalEvery", 1, Math.max(1, iterations / 5));
            List<String> methods = methods();
            List<PlanFile.PluginJar> plugins = plugins(methods);
            long masterSeed = longValue("/masterSeed");
            JsonNode seeds = object("/seeds");
            keys(seeds, "/seeds", "looks", "replaceLeftOut");
            List<Integer> looks = looks();
            boolean replace = bool("/seeds/replaceLeftOut");
            PlanFile.Alpha alpha = alpha(looks.size());
            PlanFile.LostRun lost = lostRun();
            List<PlannedClaim> claims = claims(methods, lost, alpha, looks);
            List<PlanFile.Amendment> amendments = amendments();
            SizingModel sizing = root.has("sizing") ? SizingModel.read(this, claims) : null;
            PlanFile plan = new PlanFile(file, sha256, name, title, question, protocol, iterations, evalEvery, methods,
                    plugins, masterSeed, looks, replace, alpha, lost, claims, amendments, sizing);
            try {
                plan.spending();
            } catch (IllegalArgumentException e) {
                throw fail("/alpha", root.at("/alpha").toString(), e.getMessage());
            }
            return plan;
        }

        private Protocol protocol() {
            String p = text("/runs/protocol");
            try {
                return Protocol.parse(p);
            } catch (IllegalArgumentException e) {
                throw fail("/runs/protocol", p, "must be " + Protocol.PAPER_TEXT_NAME + " or " + Protocol.AUTHORS_CODE_NAME);
            }
        }

        private List<String> methods() {
            JsonNode a = array("/methods");
            if (a.size() < 2) {
                throw fail("/methods", a.toString(), "must name at least two methods (a claim compares paired runs)");
            }
            List<String> out = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) {
                String m = text("/methods/" + i);
                if (out.contains(m)) {
                    throw fail("/methods/" + i, m, "is listed twice");
                }
                if (!Method.namesPlugin(m)) {
                    try {
                        new StudyPlan(Protocol.AUTHORS_CODE, List.of(m), 0, 5, 1, Path.of("."), Path.of("."));
                    } catch (IllegalArgumentException e) {
                        throw fail("/methods/" + i, m, "is not a method: " + e.getMessage());
                    }
                }
                out.add(m);
            }
            return out;
        }

        private List<PlanFile.PluginJar> plugins(List<String> methods) {
            List<PlanFile.PluginJar> out = new ArrayList<>();
            if (root.has("plugins")) {
                JsonNode a = array("/plugins");
                for (int i = 0; i < a.size(); i++) {
                    String at = "/plugins/" + i;
                    keys(object(at), at, "jar", "sha256");
                    Path jar = file.toAbsolutePath().getParent().resolve(text(at + "/jar")).normalize();
                    String sha = matching(at + "/sha256", SHA, "must be the jar's SHA-256, 64 lower-case hex digits");
                    out.add(new PlanFile.PluginJar(jar, sha));
                }
            }
            boolean named = methods.stream().anyMatch(Method::namesPlugin);
            if (named && out.isEmpty()) {
                throw fail("/plugins", "(none)", "must give the jar and its SHA-256 of every plugin:NAME method");
            }
            if (!named && !out.isEmpty()) {
                throw fail("/plugins", root.at("/plugins").toString(), "apply to plugin:NAME methods only; /methods names none");
            }
            return out;
        }

        private List<Integer> looks() {
            JsonNode a = array("/seeds/looks");
            if (a.isEmpty()) {
                throw fail("/seeds/looks", "[]", "must give at least one look");
            }
            List<Integer> out = new ArrayList<>();
            for (int i = 0; i < a.size(); i++) {
                int n = whole("/seeds/looks/" + i, 3, 100_000);
                if (!out.isEmpty() && n <= out.get(out.size() - 1)) {
                    throw fail("/seeds/looks/" + i, "" + n, "must be above the look before it (" + out.get(out.size() - 1) + ")");
                }
                out.add(n);
            }
            return out;
        }

        private PlanFile.Alpha alpha(int looks) {
            JsonNode a = object("/alpha");
            keys(a, "/alpha", "family", "reserve", "spend");
            double family = number("/alpha/family");
            if (!(family > 0 && family < 0.5)) {
                throw fail("/alpha/family", num(family), "must be in (0, 0.5)");
            }
            double reserve = number("/alpha/reserve");
            if (!(reserve > 0 && reserve <= 1)) {
                throw fail("/alpha/reserve", num(reserve), "must be in (0, 1]");
            }
            JsonNode spend = root.at("/alpha/spend");
            List<Double> shares = new ArrayList<>();
            if (spend.isTextual()) {
                if (!spend.asText().equals("equal")) {
                    throw fail("/alpha/spend", spend.asText(), "must be \"equal\" or one share per look, summing to 1");
                }
                for (int j = 0; j < looks; j++) {
                    shares.add(1.0 / looks);
                }
                return new PlanFile.Alpha(family, reserve, shares, true);
            }
            if (!spend.isArray() || spend.size() != looks) {
                throw fail("/alpha/spend", spend.toString(), "must be \"equal\" or one share per look (" + looks + ")");
            }
            double total = 0;
            for (int j = 0; j < looks; j++) {
                double s = number("/alpha/spend/" + j);
                if (!(s > 0)) {
                    throw fail("/alpha/spend/" + j, num(s), "must be > 0");
                }
                shares.add(s);
                total += s;
            }
            if (Math.abs(total - 1) > 1e-12) {
                throw fail("/alpha/spend", spend.toString(), "must sum to 1 (sums to " + total + ")");
            }
            return new PlanFile.Alpha(family, reserve, shares, false);
        }

        private PlanFile.LostRun lostRun() {
            String rule = text("/lostRun");
            if (!rule.equals("none") && !rule.equals("collapse")) {
                throw fail("/lostRun", rule, "must be none or collapse (the second study's definition: docs/study-plan.md)");
            }
            return new PlanFile.LostRun(rule);
        }

        private List<PlannedClaim> claims(List<String> methods, PlanFile.LostRun lost, PlanFile.Alpha alpha,
                                          List<Integer> looks) {
            JsonNode a = array("/claims");
            if (a.isEmpty()) {
                throw fail("/claims", "[]", "must hold at least one claim");
            }
            List<PlannedClaim> out = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (int i = 0; i < a.size(); i++) {
                String at = "/claims/" + i;
                object(at);
                String kind = text(at + "/kind");
                String name = matching(at + "/name", CLAIM_NAME, "must be 1 to 100 of a-z, 0-9, '.' and '-'");
                if (!names.add(name)) {
                    throw fail(at + "/name", name, "is the name of an earlier claim");
                }
                PlannedClaim c = switch (kind) {
                    case "recovery" -> recovery(at, name, alpha, looks);
                    case "event-rate" -> eventRate(at, name, lost);
                    case "difference" -> difference(at, name);
                    default -> throw fail(at + "/kind", kind, "must be recovery, event-rate or difference");
                };
                for (String m : c.methods()) {
                    if (!methods.contains(m)) {
                        throw fail(at, m, "names a method not in /methods " + methods);
                    }
                }
                out.add(c);
            }
            return out;
        }

        private PlannedClaim recovery(String at, String name, PlanFile.Alpha alpha, List<Integer> looks) {
            keys(root.at(at), at, "kind", "name", "noise", "from", "to", "band");
            double lower = number(at + "/band/0");
            double upper = number(at + "/band/1");
            if (root.at(at + "/band").size() != 2 || !(lower < upper) || !Double.isFinite(lower) || !Double.isFinite(upper)) {
                throw fail(at + "/band", root.at(at + "/band").toString(), "must be [lower, upper] with lower < upper, finite");
            }
            if (!alpha.equal()) {
                throw fail("/alpha/spend", root.at("/alpha/spend").toString(), "must be \"equal\" in a plan with a recovery"
                        + " claim (" + at + "): its rule spends alpha / J at each of J looks");
            }
            for (int j = 1; j + 1 < looks.size(); j++) {
                if (looks.get(j) - looks.get(j - 1) != looks.get(1) - looks.get(0)) {
                    throw fail("/seeds/looks", looks.toString(), "must be equally spaced (the cap excepted) in a plan with a"
                            + " recovery claim (" + at + ")");
                }
            }
            return new PlannedClaim.Recovery(name, text(at + "/noise"), text(at + "/from"), text(at + "/to"),
                    lower, upper);
        }

        private PlannedClaim eventRate(String at, String name, PlanFile.LostRun lost) {
            keys(root.at(at), at, "kind", "name", "noise", "against", "margin");
            if (!lost.collapse()) {
                throw fail(at + "/kind", "event-rate", "needs /lostRun collapse: the event is a lost run");
            }
            double margin = number(at + "/margin");
            if (!(margin > 0 && margin < 1)) {
                throw fail(at + "/margin", num(margin), "must be in (0, 1): a share of paired seeds");
            }
            return new PlannedClaim.EventRate(name, text(at + "/noise"), text(at + "/against"), margin);
        }

        private PlannedClaim difference(String at, String name) {
            keys(root.at(at), at, "kind", "name", "of", "against", "test", "margin", "location");
            JsonNode of = array(at + "/of");
            if (of.isEmpty()) {
                throw fail(at + "/of", "[]", "must name at least one method");
            }
            List<String> ofs = new ArrayList<>();
            for (int i = 0; i < of.size(); i++) {
                ofs.add(text(at + "/of/" + i));
            }
            String location = text(at + "/location");
            Location loc = switch (location) {
                case "trimmed-mean" -> Location.TRIMMED_MEAN;
                case "mean" -> Location.MEAN;
                default -> throw fail(at + "/location", location, "must be trimmed-mean (10%, Tukey-McLaughlin bounds) or mean"
                        + " (Student t bounds)");
            };
            String test = text(at + "/test");
            return switch (test) {
                case "equivalence" -> {
                    PlannedClaim.Margin m = margin(at + "/margin");
                    yield new PlannedClaim.Difference(name, ofs, text(at + "/against"),
                            new BandClaim.Equivalence(m.points()), m, loc);
                }
                case "below" -> {
                    if (root.at(at).has("margin")) {
                        throw fail(at + "/margin", root.at(at + "/margin").toString(), "a claim \"below\" 0 has no margin");
                    }
                    yield new PlannedClaim.Difference(name, ofs, text(at + "/against"), new BandClaim.Below(), null, loc);
                }
                default -> throw fail(at + "/test", test, "must be equivalence (|d| < margin) or below (d < 0)");
            };
        }

        private PlannedClaim.Margin margin(String at) {
            object(at);
            keys(root.at(at), at, "points", "share", "of", "referencePoints", "source");
            double points = number(at + "/points");
            if (!(points > 0) || !Double.isFinite(points)) {
                throw fail(at + "/points", num(points), "must be finite and > 0");
            }
            double share = number(at + "/share");
            if (!(share > 0 && share < 1)) {
                throw fail(at + "/share", num(share), "must be in (0, 1): the margin is a share of the reference effect");
            }
            double ref = number(at + "/referencePoints");
            if (!(ref > 0) || !Double.isFinite(ref)) {
                throw fail(at + "/referencePoints", num(ref), "must be finite and > 0: the reference effect in points");
            }
            if (Math.abs(points - share * ref) > 0.005 + 1e-12) {
                throw fail(at + "/points", num(points), String.format(Locale.ROOT, "must be share x referencePoints = %s x %s"
                        + " = %.4f, rounded to two decimals", num(share), num(ref), share * ref));
            }
            return new PlannedClaim.Margin(points, share, text(at + "/of"), ref, text(at + "/source"));
        }

        private List<PlanFile.Amendment> amendments() {
            List<PlanFile.Amendment> out = new ArrayList<>();
            if (!root.has("amendments")) {
                return out;
            }
            JsonNode a = array("/amendments");
            for (int i = 0; i < a.size(); i++) {
                String at = "/amendments/" + i;
                keys(object(at), at, "date", "reason", "replaces");
                String date = matching(at + "/date", DATE, "must be a date, YYYY-MM-DD");
                String reason = text(at + "/reason");
                if (reason.isBlank()) {
                    throw fail(at + "/reason", "\"\"", "must say why the plan changed");
                }
                String replaces = text(at + "/replaces");
                if (!replaces.equals(PlanFile.Amendment.NONE)
                        && !(replaces.startsWith("sha256:") && SHA.matcher(replaces.substring(7)).matches())) {
                    throw fail(at + "/replaces", replaces, "must be sha256:<the 64 hex digits of the file before the change>"
                            + " or none (runs trained before the plan file, with no digest)");
                }
                out.add(new PlanFile.Amendment(date, reason, replaces));
            }
            return out;
        }

    }
}
