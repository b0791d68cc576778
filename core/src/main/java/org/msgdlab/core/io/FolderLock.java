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
 * process does not block. Not reentrant: the same folder locked twice in one process is refused too.
 */
public final class FolderLock implements AutoCloseable {

    /** The lock file in the folder. */
    public static final String NAME = ".msgd.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private FolderLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
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
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null;
        }
        if (l == null) {
            String holder;
            try {
                holder = Files.readString(file, StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                holder = "";
            }
            ch.close();
            throw new FolderBusyException(dir + " is being written by another process (" + (holder.isEmpty() ? "PID unknown"
                    : holder) + "): wait for it to finish or stop it; one writer per folder");
        }
        ch.truncate(0);
        ch.write(ByteBuffer.wrap(("PID " + ProcessHandle.current().pid() + ", " + what + "\n").getBytes(StandardCharsets.UTF_8)), 0);
        ch.force(false);
        return new FolderLock(ch, l);
    }

    /** Releases the lock (the file stays: an unlocked file blocks no one). */
    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
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
