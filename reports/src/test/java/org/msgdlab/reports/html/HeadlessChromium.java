package org.msgdlab.reports.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Headless Chromium driven over the DevTools protocol (a WebSocket, no extra library): loads a
 * page, collects console messages, uncaught exceptions and failed resource loads, inspects the
 * page's images, takes a screenshot and prints the page to PDF. Every wait is bounded, and the
 * browser process (and its children) is killed on {@link #close}. Public (in reports' test jar) for deep's tests of the
 * pages it writes in the report's style.
 */
public final class HeadlessChromium implements AutoCloseable {

    static final Path BINARY = Path.of("/usr/bin/chromium");
    private static final Duration TIMEOUT = Duration.ofSeconds(45);
    private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What loading one page produced. */
    public record PageLoad(List<String> consoleErrors, List<String> exceptions, List<String> failedLoads,
                    List<JsonNode> images, double contentHeight) {
        /** Every problem, one line each: console errors, exceptions and failed loads. */
        public List<String> problems() {
            List<String> all = new ArrayList<>();
            consoleErrors.forEach(m -> all.add("console: " + m));
            exceptions.forEach(m -> all.add("exception: " + m));
            failedLoads.forEach(m -> all.add("failed load: " + m));
            return all;
        }
    }

    private final Process process;
    private final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<JsonNode> events = Collections.synchronizedList(new ArrayList<>());
    private final String session;

    HeadlessChromium(Path profile, int width, int height) throws IOException, InterruptedException {
        List<String> command = List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-extensions", "--mute-audio", "--hide-scrollbars", "--user-data-dir=" + profile,
                "--remote-debugging-port=0", "--remote-allow-origins=*", "--window-size=" + width + "," + height, "about:blank");
        process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        CompletableFuture<String> url = new CompletableFuture<>();
        Thread drain = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    stderr.add(line);
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        url.complete(m.group(1));
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
            url.completeExceptionally(new IOException("chromium exited before listening; stderr:\n" + String.join("\n", stderr)));
        }, "chromium-stderr");
        drain.setDaemon(true);
        drain.start();
        WebSocket ws;
        try {
            String wsUrl = url.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            ws = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(TIMEOUT)
                    .buildAsync(URI.create(wsUrl), new Listener()).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            close();
            throw new IOException("cannot connect to chromium: " + e + "\nstderr:\n" + String.join("\n", stderr), e);
        }
        socket = ws;
        String target = null;
        for (JsonNode t : call(null, "Target.getTargets", JSON.createObjectNode()).path("targetInfos")) {
            if ("page".equals(t.path("type").asText())) {
                target = t.path("targetId").asText();
                break;
            }
        }
        if (target == null) {
            target = call(null, "Target.createTarget", JSON.createObjectNode().put("url", "about:blank")).path("targetId").asText();
        }
        session = call(null, "Target.attachToTarget", JSON.createObjectNode().put("targetId", target).put("flatten", true))
                .path("sessionId").asText();
        for (String domain : List.of("Runtime", "Log", "Page", "Network")) {
            call(session, domain + ".enable", JSON.createObjectNode());
        }
        call(session, "Emulation.setDeviceMetricsOverride", JSON.createObjectNode().put("width", width).put("height", height)
                .put("deviceScaleFactor", 1).put("mobile", false));
    }

    /** Loads {@code url}, waits for the load event and a short quiet period, and reports what happened. */
    public PageLoad load(String url) throws IOException, InterruptedException {
        events.clear();
        JsonNode nav = call(session, "Page.navigate", JSON.createObjectNode().put("url", url));
        if (nav.hasNonNull("errorText")) {
            throw new IOException("navigation to " + url + " failed: " + nav.get("errorText").asText());
        }
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!seen("Page.loadEventFired")) {
            if (System.nanoTime() > deadline) {
                throw new IOException("no load event for " + url + " within " + TIMEOUT.toSeconds() + " s");
            }
            Thread.sleep(20);
        }
        Thread.sleep(300); // late console messages
        JsonNode images = evaluate("[...document.images].map(i => ({src: i.getAttribute('src'), complete: i.complete, "
                + "width: i.naturalWidth, height: i.naturalHeight}))");
        double height = evaluate("document.documentElement.scrollHeight").asDouble();
        List<String> console = new ArrayList<>();
        List<String> exceptions = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        synchronized (events) {
            for (JsonNode e : events) {
                JsonNode p = e.path("params");
                switch (e.path("method").asText()) {
                    case "Runtime.consoleAPICalled" -> {
                        String type = p.path("type").asText();
                        if (type.equals("error") || type.equals("assert") || type.equals("warning")) {
                            List<String> args = new ArrayList<>();
                            p.path("args").forEach(a -> args.add(a.has("value") ? a.get("value").asText() : a.path("description").asText()));
                            console.add(type + ": " + String.join(" ", args));
                        }
                    }
                    case "Log.entryAdded" -> {
                        String level = p.path("entry").path("level").asText();
                        if (level.equals("error") || level.equals("warning")) {
                            console.add(level + " (" + p.path("entry").path("source").asText() + "): " + p.path("entry").path("text").asText()
                                    + (p.path("entry").has("url") ? " " + p.path("entry").path("url").asText() : ""));
                        }
                    }
                    case "Runtime.exceptionThrown" -> {
                        JsonNode d = p.path("exceptionDetails");
                        exceptions.add(d.path("exception").path("description").asText(d.path("text").asText()));
                    }
                    case "Network.loadingFailed" -> failed.add(p.path("errorText").asText() + " (request " + p.path("requestId").asText() + ")");
                    default -> {
                    }
                }
            }
        }
        List<JsonNode> imgs = new ArrayList<>();
        images.forEach(imgs::add);
        return new PageLoad(console, exceptions, failed, imgs, height);
    }

    private boolean seen(String method) {
        synchronized (events) { // the listener thread appends while we look
            return events.stream().anyMatch(e -> method.equals(e.path("method").asText()));
        }
    }

    /** A PNG of the viewport (or, with {@code fullPage}, of the whole page). */
    byte[] screenshot(boolean fullPage, double contentHeight, int width) throws IOException, InterruptedException {
        ObjectNode params = JSON.createObjectNode().put("format", "png");
        if (fullPage) {
            params.put("captureBeyondViewport", true);
            params.putObject("clip").put("x", 0).put("y", 0).put("width", width).put("height", contentHeight).put("scale", 1);
        }
        return Base64.getDecoder().decode(call(session, "Page.captureScreenshot", params).path("data").asText());
    }

    /** The page printed to PDF (A4, backgrounds), as the browser's print dialog would. */
    byte[] pdf() throws IOException, InterruptedException {
        ObjectNode params = JSON.createObjectNode().put("printBackground", true).put("preferCSSPageSize", true);
        return Base64.getDecoder().decode(call(session, "Page.printToPDF", params).path("data").asText());
    }

    /** The value of a JavaScript expression in the loaded page. */
    JsonNode value(String expression) throws IOException, InterruptedException {
        return evaluate(expression);
    }

    private JsonNode evaluate(String expression) throws IOException, InterruptedException {
        JsonNode r = call(session, "Runtime.evaluate", JSON.createObjectNode().put("expression", expression).put("returnByValue", true));
        if (r.has("exceptionDetails")) {
            throw new IOException("evaluating " + expression + ": " + r.get("exceptionDetails"));
        }
        return r.path("result").path("value");
    }

    private JsonNode call(String sessionId, String method, ObjectNode params) throws IOException, InterruptedException {
        int id = ids.incrementAndGet();
        ObjectNode msg = JSON.createObjectNode().put("id", id).put("method", method);
        msg.set("params", params);
        if (sessionId != null) {
            msg.put("sessionId", sessionId);
        }
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        pending.put(id, reply);
        socket.sendText(JSON.writeValueAsString(msg), true).join();
        try {
            JsonNode r = reply.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (r.has("error")) {
                throw new IOException(method + " failed: " + r.get("error"));
            }
            return r.path("result");
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IOException(method + ": no reply within " + TIMEOUT.toSeconds() + " s (" + e + ")", e);
        } finally {
            pending.remove(id);
        }
    }

    /** The browser's stderr so far (for diagnostics). */
    public List<String> stderr() {
        synchronized (stderr) {
            return new ArrayList<>(stderr);
        }
    }

    @Override
    public void close() {
        try {
            if (socket != null) {
                CountDownLatch closed = new CountDownLatch(1);
                socket.sendText("{\"id\":999999,\"method\":\"Browser.close\"}", true).whenComplete((w, t) -> closed.countDown());
                closed.await(5, TimeUnit.SECONDS);
            }
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (process.isAlive()) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder buffer = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            buffer.append(data);
            if (last) {
                try {
                    JsonNode msg = JSON.readTree(buffer.toString());
                    if (msg.has("id")) {
                        CompletableFuture<JsonNode> f = pending.get(msg.get("id").asInt());
                        if (f != null) {
                            f.complete(msg);
                        }
                    } else {
                        events.add(msg);
                    }
                } catch (IOException e) {
                    events.add(JSON.createObjectNode().put("method", "unparsable").put("text", e.getMessage()));
                }
                buffer.setLength(0);
            }
            webSocket.request(1);
            return null;
        }
    }

    /** Whether the browser binary is there (the browser test is skipped otherwise). */
    /**
     * A browser of {@code width} x {@code height} with its profile under {@code tmp}, or the calling
     * test class skipped, with the reason, where Chromium is not installed.
     */
    public static HeadlessChromium startOrSkip(Path tmp, int width, int height) throws IOException, InterruptedException {
        org.junit.jupiter.api.Assumptions.assumeTrue(available(), BINARY + " is not installed (Debian: apt-get install chromium)");
        return new HeadlessChromium(Files.createDirectory(tmp.resolve("profile")), width, height);
    }

    static boolean available() {
        return Files.isExecutable(BINARY);
    }
}
