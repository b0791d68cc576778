package org.msgdlab.deep.train;

import org.msgdlab.deep.data.CifarBinary;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.data.SvhnMat;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.model.Model;
import org.msgdlab.deep.model.ResNet18;
import org.msgdlab.deep.model.Vgg11;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A paper set-up (Appendix C): data, split, network, optimizer and the default SGD batch size.
 * Immutable and thread-safe.
 *
 * @param id              the name given to {@code --preset}
 * @param paperRef        where the paper describes it
 * @param dataset         the data and the paper's split of them
 * @param trainSize       n, the training-set size
 * @param sgdBatch        b, the SGD batch size the noises are matched to
 * @param sparseBatch     B of MSGD-[Fisher-B] / MSGD-[Cov-B] when the method name gives none
 * @param schedule        learning rate eta and its step decays
 * @param momentum        momentum coefficient (0: plain gradient descent)
 * @param weightDecay     L2 coefficient
 * @param iterations      the number of iterations (the paper's, or stated here where it gives none)
 * @param chunk           examples per graph run; Algorithm 1 accumulates chunks of this size
 * @param ghostBatch      ghost batch size of batch norm (0: none, or a network without batch norm)
 * @param augment         standard CIFAR augmentation (random crop of the 4-padded image, horizontal flip)
 * @param defaultDataDir  where the data are looked for by default
 * @param network         the network trained
 */
public record Preset(String id, String paperRef, Dataset dataset, int trainSize, int sgdBatch, int sparseBatch,
                     LearningRateSchedule schedule, double momentum, double weightDecay, int iterations, int chunk,
                     int ghostBatch, boolean augment, Path defaultDataDir, Network network) {

    /** The networks of the presets. */
    public enum Network { CONVSMALL, VGG11, RESNET18 }

    /** The data sets and the paper's splits. */
    public enum Dataset { FASHION_MNIST_SMALL, SVHN_SMALL, CIFAR10, CIFAR100 }

    /**
     * Validates the set-up.
     *
     * @throws IllegalArgumentException when a ResNet-18 preset with ghost batch norm has an SGD batch or a
     *                                  chunk that is not a multiple of the ghost batch size
     */
    public Preset {
        if (network == Network.RESNET18 && ghostBatch > 0 && (sgdBatch % ghostBatch != 0 || chunk % ghostBatch != 0)) {
            throw new IllegalArgumentException("preset " + id + ": SGD batch " + sgdBatch + " and chunk " + chunk
                    + " must be multiples of the ghost batch size " + ghostBatch);
        }
    }

    /** @return the first learning rate of the schedule */
    public double learningRate() {
        return schedule.initial();
    }

    /** Where CIFAR-10's binary version is looked for by default (relative to the working directory). */
    public static final Path CIFAR10_DIR = Path.of("data", "cifar-10-batches-bin");
    /** Where CIFAR-100's binary version is looked for by default. */
    public static final Path CIFAR100_DIR = Path.of("data", "cifar-100-binary");
    /**
     * The number of iterations of the CIFAR presets. Appendix C gives only the learning-rate decays
     * (at 40,000 and 60,000); 80,000 lets the last rate run as long as the second. Stated here, not
     * the paper's.
     */
    public static final int CIFAR_ITERATIONS = 80_000;
    private static final List<Integer> CIFAR_DECAYS = List.of(40_000, 60_000);

    /** Fashion-MNIST small: 1,000 training images, ConvSmall, plain SGD with eta = 0.01, b = 50 (App. C.1). */
    public static final Preset FASHION_MNIST_SMALL = new Preset("fashion-mnist-small", "Appendix C.1, Figures 1(a), 3(a)",
            Dataset.FASHION_MNIST_SMALL, 1000, 50, 10, LearningRateSchedule.constant(0.01), 0.0, 0.0, 10_000, 1000, 0,
            false, FashionMnist.DEFAULT_DIR, Network.CONVSMALL);

    /**
     * Small SVHN (Appendix C.2, Figure 1(b)): 25,000 training images drawn (seeded) from the
     * original test set, the original training set (73,257 images; the paper says 75,000) as test
     * set; VGG-11 without batch norm; plain SGD with eta = 0.05, b = 100; B = 100 for the sparse
     * methods (Section 5.2: "100 for SVHN"). The number of iterations is not stated in Appendix C;
     * 10,000 (Fashion-MNIST's) is the default here. Algorithm 1 runs in chunks of 250 images.
     */
    public static final Preset SVHN_VGG11 = new Preset("svhn-vgg11", "Appendix C.2, Figure 1(b)",
            Dataset.SVHN_SMALL, SvhnMat.PAPER_TRAIN, 100, 100, LearningRateSchedule.constant(0.05), 0.0, 0.0, 10_000,
            250, 0, false, SvhnMat.DEFAULT_DIR, Network.VGG11);

    /**
     * CIFAR-10 with VGG-11 without batch norm (Appendix C.3, Figure 4): the standard split (50,000 /
     * 10,000), momentum 0.9, eta = 0.01 decayed by 0.1 at iterations 40,000 and 60,000, b = 100,
     * no augmentation, no weight decay.
     */
    public static final Preset CIFAR10_VGG11 = new Preset("cifar10-vgg11", "Appendix C.3, Figure 4",
            Dataset.CIFAR10, 50_000, 100, 100, LearningRateSchedule.stepDecay(0.01, 0.1, CIFAR_DECAYS), 0.9, 0.0,
            CIFAR_ITERATIONS, 500, 0, false, CIFAR10_DIR, Network.VGG11);

    /**
     * CIFAR-10 with ResNet-18, no augmentation, no weight decay (Figure 2(b)): momentum 0.9, eta =
     * 0.1 decayed by 0.1 at 40,000 and 60,000, b = 100. Large batches (e.g. {@code sgd-2000},
     * {@code [msgd-fisher]-2000}) use ghost batch norm (Appendix C: "for large batch training, we
     * use ghost batch normalization") with ghost batches of b = 100 examples, so that every method
     * normalizes over groups of the size SGD-b normalizes over; the paper does not state its ghost size.
     */
    public static final Preset CIFAR10_RESNET18 = new Preset("cifar10-resnet18", "Appendix C.3, Figure 2(b)",
            Dataset.CIFAR10, 50_000, 100, 100, LearningRateSchedule.stepDecay(0.1, 0.1, CIFAR_DECAYS), 0.9, 0.0,
            CIFAR_ITERATIONS, 500, 100, false, CIFAR10_DIR, Network.RESNET18);

    /**
     * CIFAR-10 with ResNet-18 "with full tricks" (Figure 2(c)): as {@link #CIFAR10_RESNET18} plus
     * the standard augmentation (random 32x32 crop of the image zero-padded by 4, random horizontal
     * flip) and weight decay 5e-4 (Appendix C: "standard data augmentation and weight decay 5e-4").
     */
    public static final Preset CIFAR10_RESNET18_STANDARD = new Preset("cifar10-resnet18-standard",
            "Appendix C.3, Figure 2(c)", Dataset.CIFAR10, 50_000, 100, 100,
            LearningRateSchedule.stepDecay(0.1, 0.1, CIFAR_DECAYS), 0.9, 5e-4, CIFAR_ITERATIONS, 500, 100, true,
            CIFAR10_DIR, Network.RESNET18);

    /**
     * CIFAR-100 with ResNet-18 (Appendix C, Table "CIFAR-100 on ResNet-18": "the setups follow
     * Figure 2(c)"): augmentation, weight decay 5e-4, momentum 0.9, eta = 0.1 with the same decays;
     * the table's small batch is SGD-500, so b = 500 and ghost batches of 500 (SGD-2k and
     * [MSGD-Fisher]-2k then normalize over four ghost batches).
     */
    public static final Preset CIFAR100_RESNET18 = new Preset("cifar100-resnet18", "Appendix C.3, Table (CIFAR-100)",
            Dataset.CIFAR100, 50_000, 500, 500, LearningRateSchedule.stepDecay(0.1, 0.1, CIFAR_DECAYS), 0.9, 5e-4,
            CIFAR_ITERATIONS, 500, 500, true, CIFAR100_DIR, Network.RESNET18);

    /** @return every preset, in the order of Appendix C */
    public static List<Preset> all() {
        return List.of(FASHION_MNIST_SMALL, SVHN_VGG11, CIFAR10_VGG11, CIFAR10_RESNET18, CIFAR10_RESNET18_STANDARD,
                CIFAR100_RESNET18);
    }

    /**
     * The preset of an id.
     *
     * @param id a preset's {@link #id()} (case and surrounding blanks ignored)
     * @return the preset
     * @throws IllegalArgumentException when no preset has that id
     */
    public static Preset parse(String id) {
        String s = id.trim().toLowerCase(Locale.ROOT);
        for (Preset p : all()) {
            if (p.id.equals(s)) {
                return p;
            }
        }
        throw new IllegalArgumentException("preset '" + id + "' must be one of " + all().stream().map(Preset::id).toList());
    }

    /** @return a new model of the network of this set-up (CIFAR-100's VGG-11: 100 classes, width factor 1) */
    public Model model() {
        return switch (network) {
            case CONVSMALL -> ConvSmall.paper();
            case VGG11 -> dataset == Dataset.CIFAR100 ? Vgg11.narrow(3, 100, 1) : Vgg11.svhn();
            case RESNET18 -> ResNet18.cifar(dataset == Dataset.CIFAR100 ? 100 : 10);
        };
    }

    /**
     * The split of the data found in {@code dir} under {@code protocol}: the training set drawn
     * (seeded by {@code dataSeed}) or the first n images of the pool. The CIFAR presets use the standard
     * split under every protocol.
     *
     * @param dir      where the data files are
     * @param dataSeed seed of the training-set draw
     * @param protocol which split
     * @return training and test sets
     * @throws IOException when the data cannot be read: {@link org.msgdlab.deep.data.DatasetNotFoundException}
     *                     when missing, {@link org.msgdlab.deep.data.MalformedDataException} when malformed
     */
    public Data load(Path dir, long dataSeed, Protocol protocol) throws IOException {
        boolean first = protocol.split() == Protocol.TrainingSplit.FIRST_N;
        return switch (dataset) {
            case FASHION_MNIST_SMALL -> {
                FashionMnist.Original o = FashionMnist.load(dir);
                FashionMnist.Split s = first ? FashionMnist.firstSplit(o, trainSize) : FashionMnist.paperSplit(o, trainSize, dataSeed);
                yield new Data(s.train(), s.test());
            }
            case SVHN_SMALL -> {
                // SvhnMat.load reports a missing file as "SVHN dataset not found at ..., get it from ..."
                SvhnMat.Original o = SvhnMat.load(dir);
                SvhnMat.Split s = first ? SvhnMat.firstSplit(o, trainSize) : SvhnMat.paperSplit(o, trainSize, dataSeed);
                yield new Data(s.train(), s.test());
            }
            case CIFAR10 -> {
                ImageSet[] s = CifarBinary.cifar10(dir);
                yield new Data(s[0], s[1]);
            }
            case CIFAR100 -> {
                ImageSet[] s = CifarBinary.cifar100(dir);
                yield new Data(s[0], s[1]);
            }
        };
    }

    /**
     * The graph options under {@code protocol}: pixel scale and initialization besides the optimizer's.
     *
     * @param initSeed seed of the initialization
     * @param protocol the protocol
     * @return the options
     */
    public org.msgdlab.deep.graph.GraphOptions graphOptions(long initSeed, Protocol protocol) {
        return org.msgdlab.deep.graph.GraphOptions.defaults(initSeed).withMomentum(momentum, weightDecay)
                .withGhostBatch(ghostBatch).withAugmentation(augment).withPixelScale(protocol.pixels())
                .withFlatNormalInit(protocol.initialization() == Protocol.Initialization.FLAT_NORMAL ? protocol.initStd() : 0);
    }

    /**
     * This preset with another schedule, weight decay, number of iterations and ghost batch size.
     *
     * @param s     the learning-rate schedule
     * @param wd    the weight decay
     * @param k     the number of iterations
     * @param ghost the ghost batch size (0: none)
     * @return the preset
     * @throws IllegalArgumentException when the canonical constructor's rule is broken
     */
    public Preset with(LearningRateSchedule s, double wd, int k, int ghost) {
        return new Preset(id, paperRef, dataset, trainSize, sgdBatch, sparseBatch, s, momentum, wd, k, chunk, ghost, augment,
                defaultDataDir, network);
    }

    /**
     * Training and test sets. Immutable and thread-safe.
     *
     * @param train the training set
     * @param test  the test set
     */
    public record Data(ImageSet train, ImageSet test) {
    }
}
