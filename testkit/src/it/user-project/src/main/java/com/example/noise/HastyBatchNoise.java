package com.example.noise;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithoutReplacement;

/**
 * A mini-batch drawn in haste: b calls of rng.nextInt(n), forgetting that an index can come twice.
 * It states the without-replacement covariance, but it samples with replacement, whose covariance
 * is 1/(bn) (I - 11^T/n): it lies about its covariance by a factor (n-1)/(n-b).
 */
public record HastyBatchNoise(int n, int b) implements SamplingNoise {

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return "hasty SGD-" + b;
    }

    @Override
    public String formula() {
        return "V = W - 1/n, W = counts/b of b calls of nextInt(n)";
    }

    @Override
    public ExchangeableCovariance covariance() {
        return new SgdWithoutReplacement(n, b).covariance();
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        return v -> {
            java.util.Arrays.fill(v, 0, n, -1.0 / n);
            for (int k = 0; k < b; k++) {
                v[rng.nextInt(n)] += 1.0 / b;
            }
        };
    }
}
