package org.msgdlab.examples;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The outside project's pom in the root README is complete: the plug-in API (msgd-theory) in compile scope, the test
 * kit in test scope, at this build's version, with a jar packaging. The probe script
 * {@code app/src/test/probes/issue33-plugins-sweeps.sh} builds it offline with a tiny plug-in and loads the jar.
 */
class ReadmeOutsidePomTest {

    static final String MARKER = "<!-- outside-project-pom:";

    static String pomBlock(String readme) {
        int at = readme.indexOf(MARKER);
        assertTrue(at >= 0, "README.md has no block marked " + MARKER);
        int open = readme.indexOf("```xml\n", at);
        int close = readme.indexOf("\n```", open + 7);
        return readme.substring(open + 7, close + 1);
    }

    @Test
    void theReadmesOutsidePomPutsThePluginApiInCompileScopeAndTheKitInTestScope() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(pomBlock(readme).getBytes(StandardCharsets.UTF_8)));
        Map<String, String> scopes = new LinkedHashMap<>();
        NodeList deps = pom.getElementsByTagName("dependency");
        for (int i = 0; i < deps.getLength(); i++) {
            Element d = (Element) deps.item(i);
            NodeList scope = d.getElementsByTagName("scope");
            scopes.put(d.getElementsByTagName("artifactId").item(0).getTextContent(),
                    scope.getLength() == 0 ? "compile" : scope.item(0).getTextContent());
        }
        assertEquals("compile", scopes.get("msgd-theory"), scopes.toString());
        assertEquals("test", scopes.get("msgd-lab-testkit"), scopes.toString());
        assertEquals("jar", pom.getElementsByTagName("packaging").item(0).getTextContent());
        String version = pom.getElementsByTagName("msgd.version").item(0).getTextContent();
        String parent = Files.readString(Path.of("..", "pom.xml"), StandardCharsets.UTF_8);
        assertTrue(parent.contains("<version>" + version + "</version>"), "msgd.version=" + version + " is this build's");
    }
}
