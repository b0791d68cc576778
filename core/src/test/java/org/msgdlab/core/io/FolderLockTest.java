package org.msgdlab.core.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One writer per folder: the second is refused naming the first's PID; a lock file nobody holds blocks no one. */
class FolderLockTest {

    @Test
    void aSecondWriterIsRefusedNamingTheHoldersPid(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("run");
        try (FolderLock first = FolderLock.acquire(dir, "msgd train")) {
            FolderLock.FolderBusyException e = assertThrows(FolderLock.FolderBusyException.class,
                    () -> FolderLock.acquire(dir, "msgd train"));
            assertTrue(e.getMessage().contains("PID " + ProcessHandle.current().pid() + ", msgd train"), e.getMessage());
            assertTrue(e.getMessage().startsWith(dir + " is being written by another process"), e.getMessage());
        }
        // released: the next writer gets it
        try (FolderLock again = FolderLock.acquire(dir, "msgd verify")) {
            assertTrue(Files.readString(dir.resolve(FolderLock.NAME)).contains("msgd verify"));
        }
    }

    @Test
    void theLockFileOfAProcessThatDiedBlocksNoOne(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        // what a killed writer leaves: the file, but no lock (the OS releases it with the process)
        Files.writeString(dir.resolve(FolderLock.NAME), "PID 999999, msgd train\n");
        try (FolderLock l = FolderLock.acquire(dir, "msgd train")) {
            assertTrue(Files.readString(dir.resolve(FolderLock.NAME)).startsWith("PID " + ProcessHandle.current().pid()));
        }
    }

    @Test
    void aLockHeldByAnotherProcessIsRefused(@TempDir Path tmp) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        // another JVM takes the lock and waits; this one must be refused while it lives, and get it once it is killed
        String java = ProcessHandle.current().info().command().orElse("java");
        Path src = Files.writeString(tmp.resolve("Hold.java"), "import java.nio.channels.*; import java.nio.file.*;"
                + " public class Hold { public static void main(String[] a) throws Exception {"
                + " FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);"
                + " c.lock(); c.write(java.nio.ByteBuffer.wrap((\"PID \" + ProcessHandle.current().pid() + \", holder\\n\").getBytes()));"
                + " System.out.println(\"locked\"); System.out.flush(); Thread.sleep(60000); } }");
        Process p = new ProcessBuilder(java, src.toString(), dir.resolve(FolderLock.NAME).toString()).start();
        try {
            String line = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream())).readLine();
            assertTrue("locked".equals(line), "the holder did not start: " + line);
            FolderLock.FolderBusyException e = assertThrows(FolderLock.FolderBusyException.class,
                    () -> FolderLock.acquire(dir, "msgd train"));
            assertTrue(e.getMessage().contains("PID " + p.pid() + ", holder"), e.getMessage());
        } finally {
            p.destroyForcibly().waitFor();
        }
        try (FolderLock l = FolderLock.acquire(dir, "msgd train")) {
            assertTrue(Files.readString(dir.resolve(FolderLock.NAME)).contains("msgd train"), "killed: its lock is gone");
        }
    }

    @Test
    void aRefusedSecondAttemptInThisProcessKeepsTheFolderLockedForOthers(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("run");
        try (FolderLock first = FolderLock.acquire(dir, "msgd study")) {
            // a second writer in this JVM (another thread of msgd study, a test): refused...
            assertThrows(FolderLock.FolderBusyException.class, () -> FolderLock.acquire(dir, "msgd train"));
            // ...without dropping the first's OS lock (closing any channel of the file would drop it on Linux)
            String java = ProcessHandle.current().info().command().orElse("java");
            Path src = Files.writeString(tmp.resolve("Try.java"), "import java.nio.channels.*; import java.nio.file.*;"
                    + " public class Try { public static void main(String[] a) throws Exception {"
                    + " FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.WRITE);"
                    + " System.out.println(c.tryLock() == null ? \"refused\" : \"got it\"); } }");
            Process p = new ProcessBuilder(java, src.toString(), dir.resolve(FolderLock.NAME).toString()).start();
            String answer = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream())).readLine();
            p.waitFor();
            assertEquals("refused", answer, "another process must still be refused while the first writer holds the folder");
        }
    }
}
