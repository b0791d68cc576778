package org.msgdlab.deep.claims;

import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.ImageSet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * The images a deep claim computes on: the head of the paper's Fashion-MNIST training split when
 * the data folder holds Fashion-MNIST, else generated 28x28 images (so that the claims about the
 * graph still run without the data), with a sentence saying which.
 *
 * @param images the images
 * @param source what they are, for the evidence's parameters
 */
record ClaimImages(ImageSet images, String source) {

    /**
     * @param dataDir  the Fashion-MNIST folder
     * @param n        how many images, at most 1,000 (the paper's training split)
     * @param realName how the evidence names the real images
     * @return the images and their source
     * @throws UncheckedIOException when Fashion-MNIST is there but cannot be read
     */
    static ClaimImages of(Path dataDir, int n, String realName) {
        if (!Files.isDirectory(dataDir)) {
            return new ClaimImages(generated(n), n + " generated 28x28 images (Fashion-MNIST not found in " + dataDir
                    + "; fixed pixels from seed 7, which --seed does not move)");
        }
        try {
            ImageSet train = FashionMnist.paperSplit(FashionMnist.load(dataDir), 1000, 0).train();
            return new ClaimImages(n < train.count() ? train.head(n) : train, realName);
        } catch (IOException e) {
            throw new UncheckedIOException("Fashion-MNIST in " + dataDir + ": " + e.getMessage(), e);
        }
    }

    static ImageSet generated(int n) {
        SplittableRandom r = new SplittableRandom(7);
        byte[] px = new byte[n * 784];
        int[] lb = new int[n];
        for (int i = 0; i < px.length; i++) {
            px[i] = (byte) r.nextInt(256);
        }
        for (int i = 0; i < n; i++) {
            lb[i] = i % 10;
        }
        return new ImageSet("generated", n, 28, 28, 1, 10, px, lb);
    }

}
