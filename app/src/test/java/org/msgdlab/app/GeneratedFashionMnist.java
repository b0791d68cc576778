package org.msgdlab.app;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/** Generated files in Fashion-MNIST's IDX layout, for command tests that train small runs. */
final class GeneratedFashionMnist {

    private GeneratedFashionMnist() {
    }

    /**
     * Writes 1,000 "t10k" images (the authors' training pool) and 60 "train" images (the test set),
     * each with a class-dependent band of bright pixels, so that the networks learn something.
     */
    static Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        SplittableRandom r = new SplittableRandom(5);
        for (String[] set : new String[][] {{"t10k", "1000"}, {"train", "60"}}) {
            int n = Integer.parseInt(set[1]);
            try (DataOutputStream img = new DataOutputStream(Files.newOutputStream(dir.resolve(set[0] + "-images-idx3-ubyte")));
                 DataOutputStream lab = new DataOutputStream(Files.newOutputStream(dir.resolve(set[0] + "-labels-idx1-ubyte")))) {
                img.writeInt(0x00000803);
                img.writeInt(n);
                img.writeInt(28);
                img.writeInt(28);
                lab.writeInt(0x00000801);
                lab.writeInt(n);
                for (int i = 0; i < n; i++) {
                    int label = r.nextInt(10);
                    lab.writeByte(label);
                    for (int k = 0; k < 784; k++) {
                        img.writeByte(k / 78 == label ? 200 + r.nextInt(56) : r.nextInt(40));
                    }
                }
            }
        }
        return dir;
    }
}
