package org.msgdlab.app;

import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.StudyResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The claims of one {@code verify} run and the evidence gathered so far. Every recorded claim
 * rewrites {@code results.partial.json} in full, the claims not reached yet as NOT_RUN, so that a
 * run that dies leaves a complete, readable file of what finished. {@code results.json} is replaced
 * only by {@link #finish} or {@link #interrupt} (Ctrl-C: the claims not finished marked NOT_RUN): until
 * then a previous run's files in the same folder stay as they were. The summaries are part of the report,
 * which the caller writes whole or not at all ({@code Report.write}). After either, further records are
 * ignored and {@code results.partial.json} is removed.
 */
final class VerificationRun {

    private static final String IN_PROGRESS = "not reached yet: the run is in progress";
    /** The results so far of a run in progress (or of one that died before it could finish). */
    static final String PARTIAL = "results.partial.json";

    private final Path out;
    private final List<Study> studies;
    private final List<List<Evidence>> evidence = new ArrayList<>();
    private Provenance provenance;
    private boolean closed;

    VerificationRun(Path out, Provenance provenance, List<Study> studies) {
        this.out = out;
        this.provenance = provenance;
        this.studies = List.copyOf(studies);
        for (Study s : this.studies) {
            List<Evidence> none = new ArrayList<>();
            for (int c = 0; c < s.claims().size(); c++) {
                none.add(null);
            }
            evidence.add(none);
        }
    }

    List<Study> studies() {
        return studies;
    }

    /** Writes the files before the first claim: every claim NOT_RUN. */
    synchronized void start() {
        ResultsFile.write(out, PARTIAL, results(IN_PROGRESS));
    }

    /**
     * Records the evidence of claim {@code claim} of study {@code study} and rewrites the files;
     * false, recording nothing, once the run is closed (interrupted: its files are final).
     */
    synchronized boolean record(int study, int claim, Evidence e) {
        if (closed) {
            return false;
        }
        evidence.get(study).set(claim, e);
        ResultsFile.write(out, PARTIAL, results(IN_PROGRESS));
        return true;
    }

    /**
     * Writes the final files (provenance finished) and returns the results; null, writing nothing,
     * when the run was interrupted first (the interruption wrote the files).
     */
    synchronized Results finish() {
        if (closed) {
            return null;
        }
        provenance = provenance.finished();
        Results r = write("not run");
        closed = true;
        return r;
    }

    /**
     * Shutdown-hook path: marks every claim not finished as NOT_RUN ("run interrupted"), flushes,
     * and returns those results; null when the run was already finished or interrupted.
     */
    synchronized Results interrupt() {
        if (closed) {
            return null;
        }
        Results r = write("not run: the run was interrupted before this claim finished");
        closed = true;
        return r;
    }

    synchronized Results results(String whyNotRun) {
        List<StudyResult> all = new ArrayList<>();
        for (int s = 0; s < studies.size(); s++) {
            Study study = studies.get(s);
            List<Evidence> claims = new ArrayList<>();
            for (int c = 0; c < study.claims().size(); c++) {
                Evidence e = evidence.get(s).get(c);
                Claim claim = study.claims().get(c);
                claims.add(e != null ? e : Evidence.notRun(ClaimRef.of(claim), whyNotRun));
            }
            all.add(new StudyResult(study.id(), study.title(), study.paperRef(), claims));
        }
        return new Results(provenance, all);
    }

    Path resultsFile() {
        return out.resolve(ResultsFile.NAME);
    }

    Path summaryFile() {
        return out.resolve(MarkdownSummary.NAME);
    }

    Path out() {
        return out;
    }

    /** The final files; the partial one is removed once results.json holds everything it held. */
    private Results write(String whyNotRun) {
        Results r = results(whyNotRun);
        ResultsFile.write(out, r);
        try {
            // one rendering path: the summaries and the report are made from the results as written to disk, as
            // `msgd report` makes them (in memory a parameter can be a double[], which renders as "[D@...")
            r = ResultsFile.read(resultsFile());
        } catch (RuntimeException e) {
            // results.json could not be read back (a full disk): render what is in memory rather than nothing
        }
        // summary.md, summary.csv and the other tables are written with the report, all or nothing (Report.write)
        try {
            java.nio.file.Files.deleteIfExists(out.resolve(PARTIAL));
        } catch (java.io.IOException e) {
            // a stale partial file is harmless: results.json is complete and newer
        }
        return r;
    }
}
