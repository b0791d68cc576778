package org.msgdlab.deep.train;

import org.msgdlab.deep.data.DatasetNotFoundException;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.data.SvhnMat;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.model.Model;
import org.msgdlab.deep.model.Vgg11;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A paper set-up (Appendix C): data, split, network, optimizer and the default SGD batch size.
 *
 * @param id              the name given to {@code --preset}
 * @param paperRef        where the paper describes it
 * @param trainSize       n, the training-set size
 * @param sgdBatch        b, the SGD batch size the noises are matched to
 * @param sparseBatch     B of MSGD-[Fisher-B] / MSGD-[Cov-B] when the method name gives none
 * @param learningRate    eta
 * @param momentum        momentum coefficient (0: plain gradient descent)
 * @param weightDecay     L2 coefficient
 * @param iterations      the paper's number of iterations
 * @param chunk           examples per graph run; Algorithm 1 accumulates chunks of this size
 * @param defaultDataDir  where the data are looked for by default
 * @param network         the network trained
 */
public record Preset(String id, String paperRef, int trainSize, int sgdBatch, int sparseBatch, double learningRate,
                     double momentum, double weightDecay, int iterations, int chunk, Path defaultDataDir,
                     Network network) {

    /** The networks of the implemented presets. */
    public enum Network { CONVSMALL, VGG11 }

    /** Fashion-MNIST small: 1,000 training images, ConvSmall, plain SGD with eta = 0.01, b = 50 (App. C.1). */
    public static final Preset FASHION_MNIST_SMALL = new Preset("fashion-mnist-small", "Appendix C.1, Figures 1(a), 3(a)",
            1000, 50, 10, 0.01, 0.0, 0.0, 10_000, 1000, FashionMnist.DEFAULT_DIR, Network.CONVSMALL);

    /**
     * Small SVHN (Appendix C.2, Figure 1(b)): 25,000 training images drawn (seeded) from the
     * original test set, the original training set (73,257 images; the paper says 75,000) as test
     * set; VGG-11 without batch norm; plain SGD with eta = 0.05, b = 100; B = 100 for the sparse
     * methods (Section 5.2: "100 for SVHN"). The number of iterations is not stated in Appendix C;
     * 10,000 (Fashion-MNIST's) is the default here. Algorithm 1 runs in chunks of 250 images.
     */
    public static final Preset SVHN_VGG11 = new Preset("svhn-vgg11", "Appendix C.2, Figure 1(b)",
            SvhnMat.PAPER_TRAIN, 100, 100, 0.05, 0.0, 0.0, 10_000, 250, SvhnMat.DEFAULT_DIR, Network.VGG11);

    /** The paper's other set-ups, not implemented yet in this module. */
    public static final List<String> NOT_IMPLEMENTED = List.of("cifar10-vgg11", "cifar10-resnet18",
            "cifar100-resnet18", "cifar10-resnet18-large-batch");

    public static List<Preset> all() {
        return List.of(FASHION_MNIST_SMALL, SVHN_VGG11);
    }

    public static Preset parse(String id) {
        String s = id.trim().toLowerCase(Locale.ROOT);
        for (Preset p : all()) {
            if (p.id.equals(s)) {
                return p;
            }
        }
        if (NOT_IMPLEMENTED.contains(s)) {
            throw new IllegalArgumentException("preset '" + id + "' (the paper's CIFAR set-ups) is not implemented"
                    + " yet; available: " + all().stream().map(Preset::id).toList());
        }
        throw new IllegalArgumentException("preset '" + id + "' must be one of " + all().stream().map(Preset::id).toList());
    }

    /** The network of this set-up. */
    public Model model() {
        return switch (network) {
            case CONVSMALL -> ConvSmall.paper();
            case VGG11 -> Vgg11.svhn();
        };
    }

    /** The paper's split of the data found in {@code dir}: training and test sets. */
    public Data load(Path dir, long dataSeed) throws IOException {
        if (this == FASHION_MNIST_SMALL || id.equals(FASHION_MNIST_SMALL.id)) {
            FashionMnist.Split s = FashionMnist.paperSplit(FashionMnist.load(dir), trainSize, dataSeed);
            return new Data(s.train(), s.test());
        }
        if (id.equals(SVHN_VGG11.id)) {
            // SvhnMat.load reports a missing file as "SVHN dataset not found at ..., get it from ..."
            SvhnMat.Split s = SvhnMat.paperSplit(SvhnMat.load(dir), trainSize, dataSeed);
            return new Data(s.train(), s.test());
        }
        throw new DatasetNotFoundException("no reader for preset " + id);
    }

    /** Training and test sets. */
    public record Data(ImageSet train, ImageSet test) {
    }
}
