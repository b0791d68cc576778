package com.example.noise;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithoutReplacement;

/**
 * A mini-batch of b distinct samples out of n by a partial Fisher-Yates shuffle: the SGD noise
 * without replacement, whose covariance is Proposition 1's (n-b)/(bn(n-1)) (I - 11^T/n).
 */
public record PartialShuffleBatchNoise(int n, int b) implements SamplingNoise {

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return "partial-shuffle SGD-" + b;
    }

    @Override
    public String formula() {
        return "V = W - 1/n, W = 1/b on the first b of a partially shuffled 0..n-1";
    }

    @Override
    public ExchangeableCovariance covariance() {
        return new SgdWithoutReplacement(n, b).covariance();
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        return v -> {
            java.util.Arrays.fill(v, 0, n, -1.0 / n);
            for (int k = 0; k < b; k++) {
                int j = k + rng.nextInt(n - k);
                int t = order[k];
                order[k] = order[j];
                order[j] = t;
                v[order[k]] += 1.0 / b;
            }
        };
    }
}
