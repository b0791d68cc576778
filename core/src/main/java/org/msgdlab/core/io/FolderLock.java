package org.msgdlab.core.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One writer per folder: an exclusive OS lock on {@code DIR/.msgd.lock} (which holds the writer's PID and
 * what it writes), held while a command writes the folder (a run of {@code msgd train}, a report of
 * {@code msgd verify} or {@code msgd report}). A second writer is refused in one line naming the holder's
 * PID. The OS releases the lock when its process ends, however it ends, so a lock file left by a killed
 * process does not block. Not reentrant: the same folder locked twice in one process is refused too, and
 * without opening the lock file a second time (on Linux, closing any channel of a file drops every lock
 * this process holds on it, so a refused second attempt would free the folder for a third writer).
 */
public final class FolderLock implements AutoCloseable {

    /** The lock file in the folder. */
    public static final String NAME = ".msgd.lock";

    /**
     * The folders this process holds (real paths) and what their lock files say: a second attempt here must not
     * open (or read) their lock files.
     */
    private static final java.util.Map<Path, String> HELD_HERE = new java.util.concurrent.ConcurrentHashMap<>();

    private final FileChannel channel;
    private final FileLock lock;
    private final Path key;

    private FolderLock(FileChannel channel, FileLock lock, Path key) {
        this.channel = channel;
        this.lock = lock;
        this.key = key;
    }

    /**
     * Takes the folder's lock, creating the folder when absent.
     *
     * @param dir  the folder
     * @param what what this process writes there, e.g. "msgd train" (recorded beside its PID)
     * @return the lock, to close when the writing is done
     * @throws FolderBusyException when another writer holds it (the message names its PID)
     * @throws IOException         when the folder or the lock file cannot be created
     */
    public static FolderLock acquire(Path dir, String what) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(NAME);
        Path key = dir.toRealPath();
        String line = "PID " + ProcessHandle.current().pid() + ", " + what;
        String here = HELD_HERE.putIfAbsent(key, line);
        if (here != null) {
            throw new FolderBusyException(dir + " is being written by another process (" + here + "): wait for it to finish"
                    + " or stop it; one writer per folder");
        }
        FileChannel ch;
        FileLock l;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            try {
                l = ch.tryLock();
            } catch (OverlappingFileLockException e) {
                l = null;
            }
        } catch (IOException | RuntimeException e) {
            HELD_HERE.remove(key);
            throw e;
        }
        if (l == null) {
            HELD_HERE.remove(key);
            String holder = "";
            // the holder writes its PID just after it locks: a writer that comes at that instant waits for it (1 s at most)
            for (int i = 0; i < 20 && holder.isEmpty(); i++) {
                try {
                    holder = Files.readString(file, StandardCharsets.UTF_8).strip();
                    if (holder.isEmpty()) {
                        Thread.sleep(50);
                    }
                } catch (IOException e) {
                    break;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            ch.close();
            throw new FolderBusyException(dir + " is being written by another process (" + (holder.isEmpty() ? "PID unknown"
                    : holder) + "): wait for it to finish or stop it; one writer per folder");
        }
        try {
            ch.truncate(0);
            ch.write(ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            ch.force(false);
        } catch (IOException | RuntimeException e) {
            HELD_HERE.remove(key);
            ch.close();   // releases the lock
            throw e;
        }
        return new FolderLock(ch, l, key);
    }

    /** Releases the lock (the file stays: an unlocked file blocks no one). */
    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            try {
                channel.close();
            } finally {
                HELD_HERE.remove(key);
            }
        }
    }

    /** Another process (or this one) is writing the folder. */
    public static final class FolderBusyException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        /** @param message one line naming the folder and the holder */
        public FolderBusyException(String message) {
            super(message);
        }
    }
}
