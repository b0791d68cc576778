package org.msgdlab.deep.train;

import java.io.PrintStream;
import java.util.Locale;

/** A one-line progress bar on stderr: iteration, loss, ETA. */
final class Progress {
    private final PrintStream out;
    private final long total;
    private final long start;
    private final long t0 = System.nanoTime();
    private long lastPrint;
    private final boolean tty = System.console() != null;

    Progress(PrintStream out, long total, long start) {
        this.out = out;
        this.total = total;
        this.start = start;
    }

    void update(long done, double loss) {
        if (out == null) {
            return;
        }
        long now = System.nanoTime();
        boolean milestone = (done - start) % Math.max(1, (total - start) / 10) == 0;
        if (tty ? now - lastPrint < 500_000_000L && done != total : !milestone && done != total) {
            return;
        }
        lastPrint = now;
        double perStep = (now - t0) / 1e9 / Math.max(1, done - start);
        long eta = Math.round(perStep * (total - done));
        int width = 24;
        int fill = (int) (width * done / total);
        String bar = "=".repeat(fill) + (fill < width ? ">" : "") + " ".repeat(Math.max(0, width - fill - 1));
        String line = String.format(Locale.ROOT, "it %d/%d [%s] loss %.4f  ETA %dm%02ds", done, total, bar, loss,
                eta / 60, eta % 60);
        out.print(tty ? "\r" + line : line + "\n");
        out.flush();
    }

    void finish() {
        if (out != null && tty) {
            out.println();
        }
    }
}
