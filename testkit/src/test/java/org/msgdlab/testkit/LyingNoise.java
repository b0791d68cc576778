package org.msgdlab.testkit;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;

/**
 * A plug-in that draws from one noise and states another's covariance: the kind of mistake the
 * test kit is for (a sampler with replacement documented with the without-replacement formula).
 */
record LyingNoise(SamplingNoise draws, ExchangeableCovariance stated) implements SamplingNoise {

    @Override
    public int dimension() {
        return draws.dimension();
    }

    @Override
    public String paperName() {
        return "lying " + draws.paperName();
    }

    @Override
    public String formula() {
        return draws.formula() + ", stated with " + stated;
    }

    @Override
    public ExchangeableCovariance covariance() {
        return stated;
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        return draws.sampler(rng);
    }
}
