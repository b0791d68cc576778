package org.msgdlab.app;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The msgd-lab checkout this program runs from, where the studies' committed folders (deep/results/...) are. A default
 * folder of a study resolves against it, not against the working directory: {@code cd elsewhere && path/to/msgd verify
 * --only deep} reads the same committed runs as a call from the checkout (issue 47: it found none and said nothing).
 * Paths a user gives stay relative to the working directory.
 */
final class Repository {

    private Repository() {
    }

    /**
     * The checkout: the folder holding the launcher {@code msgd} and the parent {@code pom.xml} above this program's jar
     * ({@code ROOT/app/target/msgd.jar}) or classes ({@code ROOT/app/target/classes}); the working directory when this
     * program runs from elsewhere (a copied jar).
     *
     * @return the checkout's folder, absolute; or the working directory
     */
    static Path root() {
        try {
            var source = Msgd.class.getProtectionDomain().getCodeSource();
            if (source != null) {
                Path code = Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
                Path target = code.getParent();
                Path root = target == null || target.getParent() == null ? null : target.getParent().getParent();
                if (root != null && Files.isRegularFile(root.resolve("msgd")) && Files.isRegularFile(root.resolve("pom.xml"))) {
                    return root;
                }
            }
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            // fall through: the working directory
        }
        return Path.of("").toAbsolutePath();
    }

    /**
     * A default folder of the checkout, such as {@code deep/results/support-study}.
     *
     * @param relative the folder, relative to the checkout
     * @return it, resolved against {@link #root()}
     */
    static Path folder(Path relative) {
        return root().resolve(relative);
    }

    /**
     * An input folder a command reads and may not create: refused, naming the option, the folder and the rule, when it
     * is not an existing directory.
     *
     * @param option the option that names it, e.g. {@code --study-dir}
     * @param dir    the folder
     * @param why    what the command reads there, for the message
     * @throws java.nio.file.NoSuchFileException when {@code dir} is not an existing directory (exit 1, one line)
     */
    static void requireExistingFolder(String option, Path dir, String why) throws java.nio.file.NoSuchFileException {
        if (!Files.isDirectory(dir)) {
            throw new java.nio.file.NoSuchFileException(option + "=" + dir + ": " + (Files.exists(dir) ? "not a directory" : "no such directory")
                    + " (" + why + ")");
        }
    }
}
