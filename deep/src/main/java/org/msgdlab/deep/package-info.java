/**
 * Algorithms 1 and 2 of the paper on TensorFlow Java (graph mode), the Fashion-MNIST experiment
 * as claims ({@link org.msgdlab.deep.DeepStudy}), and what {@code msgd train} (the reports module's command)
 * runs: {@link org.msgdlab.deep.train.Trainer} on a {@link org.msgdlab.deep.train.RunConfig}, and the step
 * benchmarks ({@link org.msgdlab.deep.bench.StepBenchmarkReport}). No command-line parsing here.
 *
 * <ul>
 *   <li>{@code data}: strict readers (IDX gz/raw for Fashion-MNIST, CIFAR-10/100 binary, SVHN
 *       format-2 MAT-files through the MAT File Library).</li>
 *   <li>{@code model}: ConvSmall (11,330 parameters, asserted), VGG-11 without batch norm
 *       (9,225,610 parameters at 32x32x3, asserted).</li>
 *   <li>{@code graph}: the training graph (data as constants, fed indices and weights W, per-example
 *       loss, gradient of L.W, update ops under control dependencies, chunk accumulation) and its
 *       numerical checks.</li>
 *   <li>{@code train}: methods (sampling noises from {@code org.msgdlab.theory.noise}), presets,
 *       runs with metrics, provenance, checkpoints, resume and NaN stop.</li>
 *   <li>{@code efficiency}: the remark of Section 5.1: Gaussian noise with the SGD covariance
 *       injected by Algorithm 1 vs explicitly (per-sample gradients, thin SVD via the Gram matrix).</li>
 *   <li>{@code bench}: the full-batch step against PyTorch ({@code deep/bench/convsmall_step.py}).</li>
 * </ul>
 */
package org.msgdlab.deep;
