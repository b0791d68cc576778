package org.msgdlab.deep;

import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Study;
import org.msgdlab.deep.claims.ConvSmallParametersClaim;
import org.msgdlab.deep.claims.FullBatchSpeedClaim;
import org.msgdlab.deep.claims.NoiseInjectionEfficiencyClaim;
import org.msgdlab.deep.claims.WeightedGradientClaim;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.study.NoiseClassStudyClaim;
import org.msgdlab.deep.study.SupportStudyClaim;
import org.msgdlab.deep.study.StudyClaim;
import org.msgdlab.deep.sweep.SweepStudy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The deep-learning claims of the paper checked on TensorFlow Java (Section 5, Appendix C), one
 * class each in {@code deep/claims}: ConvSmall's size ({@link ConvSmallParametersClaim}), the
 * identity behind Algorithm 1 ({@link WeightedGradientClaim}), the Fashion-MNIST experiment of
 * Figures 1(a)/3(a) and Figure 2's design (not in the paper) on the real data as the paired study's pre-registered claims under both
 * protocols ({@link StudyClaim}), the speed of the full-batch step against PyTorch
 * ({@link FullBatchSpeedClaim}) and the efficiency remark of Section 5.1
 * ({@link NoiseInjectionEfficiencyClaim}).
 *
 * <p>What a run sets, in its {@link CheckContext} ({@link #create(CheckContext)}): the Fashion-MNIST directory
 * ({@link CheckContext#data()}, by default {@code /usr/share/datasets/fashion-mnist}, Debian's
 * {@code dataset-fashion-mnist}; the command line sets it from the environment variable {@code MSGD_FASHION_MNIST}),
 * the paired study's runs ({@link #RUNS}) or a sweep to read them from instead ({@link #FROM_SWEEP}), and the training
 * context of the runs the study's claims train at the full budget ({@link StudyClaim#TRAINING}: the command line's
 * cancellation and environment).
 * The study's claims read committed runs trained from the plan's own master seed ({@code StudyPlan.MASTER_SEED}):
 * the run's seed does not reach them, and their evidence says so ({@code masterSeed}).
 */
public final class DeepStudy {

    /** Claim id of the efficiency remark of Section 5.1. */
    public static final String EFFICIENCY_ID = NoiseInjectionEfficiencyClaim.ID;

    private DeepStudy() {
    }

    /** Where the paired Fashion-MNIST study's runs are committed (relative to the repository root). */
    public static final Path STUDY_DIR = Path.of("deep", "results", "fashion-mnist-study");

    /** Where the noise-class study's runs are committed (beside {@link #STUDY_DIR}). */
    public static final Path NOISE_CLASS_DIR = Path.of("deep", "results", "noise-class-study");

    /** Where the support study's runs are committed (beside {@link #STUDY_DIR}). */
    public static final Path SUPPORT_DIR = Path.of("deep", "results", "support-study");

    /** Where a run reads (and, at the full budget, writes) the paired study's runs ({@code --study-dir}): {@link #STUDY_DIR} by default. */
    public static final CheckContext.Option<Path> RUNS = new CheckContext.Option<>("deep.study-dir", Path.class, STUDY_DIR);

    /** A sweep directory whose finished runs are the paired study's ({@code verify --from}); none by default. */
    public static final CheckContext.Option<Path> FROM_SWEEP = new CheckContext.Option<>("deep.from", Path.class, null);

    /**
     * The study registered as module "deep" of {@code msgd verify}, with the study runs in
     * {@link #STUDY_DIR} and Fashion-MNIST in {@link FashionMnist#DEFAULT_DIR}.
     *
     * @return the module's study
     */
    public static Study create() {
        return create(STUDY_DIR, FashionMnist.DEFAULT_DIR);
    }

    /**
     * The module's study in a run's context: the paired study's claims from the sweep of {@link #FROM_SWEEP} when it is
     * set (those alone), else the whole study with the runs in {@link #RUNS} and Fashion-MNIST in the context's data
     * folder ({@link FashionMnist#DEFAULT_DIR} when it names none).
     *
     * @param context the run's context
     * @return the study
     * @throws IllegalArgumentException as {@link SweepStudy#create}, when the sweep holds no run of the paired study
     * @throws java.io.UncheckedIOException when the sweep directory cannot be read
     */
    public static Study create(CheckContext context) {
        Path from = context.option(FROM_SWEEP);
        if (from != null) {
            try {
                return SweepStudy.create(from, org.msgdlab.core.io.LineSink.of(context.log()));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return create(context.option(RUNS), context.data().orElse(FashionMnist.DEFAULT_DIR), org.msgdlab.core.io.LineSink.of(context.log()));
    }

    /**
     * The module's study.
     *
     * @param studyDir where the paired Fashion-MNIST study's runs are
     * @param dataDir  where the Fashion-MNIST files are
     * @return the study: ConvSmall's size, Algorithm 1's identity, the study's accuracy claims under both
     *         protocols, the step's speed and the efficiency remark
     */
    public static Study create(Path studyDir, Path dataDir) {
        return create(studyDir, dataDir, System.err);
    }

    /**
     * The module's study, its training and study notes on {@code log}.
     *
     * @param studyDir where the paired Fashion-MNIST study's runs are
     * @param dataDir  where the Fashion-MNIST files are
     * @param log      where the study's claims report the runs they train or leave out
     * @return the study, as {@link #create(Path, Path)}
     */
    public static Study create(Path studyDir, Path dataDir, java.io.PrintStream log) {
        List<Claim> claims = new ArrayList<>();
        claims.add(new ConvSmallParametersClaim());
        claims.add(new WeightedGradientClaim(dataDir));
        claims.addAll(StudyClaim.all(studyDir, dataDir, log));
        claims.addAll(NoiseClassStudyClaim.all(studyDir.resolveSibling(NOISE_CLASS_DIR.getFileName().toString()), dataDir));
        claims.addAll(SupportStudyClaim.all(studyDir.resolveSibling(SUPPORT_DIR.getFileName().toString()), dataDir));
        claims.add(new FullBatchSpeedClaim(dataDir));
        claims.add(new NoiseInjectionEfficiencyClaim(dataDir));
        return new Study("deep", "Deep experiments: Algorithms 1 and 2 on TensorFlow Java", "Section 5, Appendix C", claims);
    }
}
