package org.msgdlab.core.claims;

/**
 * The machine and Java runtime a result was computed on, as recorded with it: the one place this
 * project reads the JVM's system properties (the command line reads its own options and the
 * environment; no other class reads either). Immutable and thread-safe.
 *
 * @param javaVersion {@code java.version}, e.g. 17.0.15
 * @param javaVm      {@code java.vm.name}
 * @param os          {@code os.name}
 * @param arch        {@code os.arch}
 * @param classPath   {@code java.class.path}, for starting a child JVM like this one
 * @param processors  the processors available to this JVM
 */
public record Platform(String javaVersion, String javaVm, String os, String arch, String classPath, int processors) {

    /** @return this JVM's platform */
    public static Platform current() {
        return new Platform(System.getProperty("java.version"), System.getProperty("java.vm.name"),
                System.getProperty("os.name"), System.getProperty("os.arch"), System.getProperty("java.class.path"),
                Runtime.getRuntime().availableProcessors());
    }
}
