package org.msgdlab.deep.graph;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.model.Model;
import org.tensorflow.Operand;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.StdArrays;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Gather;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.family.TFloating;

import java.util.List;

import static org.msgdlab.deep.graph.TrainingGraph.AUGMENT_PAD;

/**
 * The training-phase data augmentation of a {@link TrainingGraph} (the standard CIFAR recipe):
 * in the graph, a random crop of the image zero-padded by {@value TrainingGraph#AUGMENT_PAD} pixels
 * and a random horizontal flip, as one gather per axis through fed crop indices; on the host, the
 * draw of those indices from the augmentation stream ({@link TrainingGraph#augmentWith}) and their
 * feeding into a training run.
 */
final class Augmentation {

    private final Model model;
    private Placeholder<TInt32> cropRows;   // [batch, height]: row of the padded image for each output row
    private Placeholder<TInt32> cropCols;   // [batch, width]: column (flipped or not) for each output column
    private UniformRandomProvider augmentRng;

    Augmentation(Model model) {
        this.model = model;
    }

    /** The stream the following training runs draw their crops and flips from (null: none, the image itself). */
    void drawFrom(UniformRandomProvider rng) {
        this.augmentRng = rng;
    }

    /**
     * Random crop and flip as one gather per axis: output pixel (r, c) of example i is pixel
     * (rows[i][r], cols[i][c]) of the image zero-padded by {@value TrainingGraph#AUGMENT_PAD} on each side.
     */
    <T extends TFloating> Operand<T> augmented(Ops tf, Operand<T> x, ImageSet set) {
        cropRows = tf.withName("crop_rows").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1, set.height())));
        cropCols = tf.withName("crop_cols").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1, set.width())));
        int p = AUGMENT_PAD;
        Operand<T> padded = tf.pad(x, tf.constant(new int[][] {{0, 0}, {p, p}, {p, p}, {0, 0}}), tf.dtypes.cast(tf.constant(0.0f), x.type()));
        Operand<T> rows = tf.gather(padded, cropRows, tf.constant(1), Gather.batchDims(1L));
        return tf.gather(rows, cropCols, tf.constant(2), Gather.batchDims(1L));
    }

    /** Crop rows and columns for {@code count} examples, drawn from the augmentation stream. */
    private int[][][] cropIndices(int count) {
        int[] in = model.inputShape();
        int[][] rows = new int[count][in[0]];
        int[][] cols = new int[count][in[1]];
        for (int i = 0; i < count; i++) {
            int dy = AUGMENT_PAD;
            int dx = AUGMENT_PAD;
            boolean flip = false;
            if (augmentRng != null) {
                dy = augmentRng.nextInt(2 * AUGMENT_PAD + 1);
                dx = augmentRng.nextInt(2 * AUGMENT_PAD + 1);
                flip = augmentRng.nextBoolean();
            }
            for (int r = 0; r < in[0]; r++) {
                rows[i][r] = dy + r;
            }
            for (int c = 0; c < in[1]; c++) {
                cols[i][c] = dx + (flip ? in[1] - 1 - c : c);
            }
        }
        return new int[][][] {rows, cols};
    }

    /** Feeds the crops of {@code count} examples to {@code runner}; their tensors go to {@code toClose}. */
    void feed(Session.Runner runner, int count, List<Tensor> toClose) {
        int[][][] crops = cropIndices(count);
        Tensor r = TInt32.tensorOf(StdArrays.ndCopyOf(crops[0]));
        toClose.add(r);
        Tensor c = TInt32.tensorOf(StdArrays.ndCopyOf(crops[1]));
        toClose.add(c);
        runner.feed(cropRows, r).feed(cropCols, c);
    }
}
